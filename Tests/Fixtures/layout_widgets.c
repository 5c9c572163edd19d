/*
 * A GOOD fixture for Auto Layout from C: text-like views with baselines, and
 * (below) the layout extension (easel.layout.v1).
 *
 *   Caption : View     intrinsic content size 80 x 20; first and last
 *                      baselines 15 points below the top (one line of text).
 *   Paragraph : View   intrinsic content size 100 x 50; first baseline 14,
 *                      last baseline 44 points below the top (three lines).
 *
 * Through easel.layout.v1 (host->get_extension):
 *   BubbleScene : View   seed 003 in C: in init, a `host` subview at (40, 60,
 *                        200, 120) and a `bubble` subview laid out by four
 *                        constraints (centre X, centre Y, width, height equal
 *                        to the host's). `widthConstraint` holds the width
 *                        constraint's number, `refused` what constraint_create
 *                        returned for a position related to a constant (0),
 *                        `unknown` what constraint_set_constant returned for a
 *                        number never made, `missing` 1 without the extension.
 *                        `widen` (v@:) sets the width constraint's constant to 20.
 *   MarginBox : View     margins 10 / 20 / 10 / 20 (directional) and a subview
 *                        pinned to its layoutMarginsGuide, with a required
 *                        hugging priority read back into `hugging`.
 *   CardController : ViewController   loadView makes a View at (0, 0, 10, 10)
 *                        and sets it; logs each callback the host sends, and
 *                        touchesBegan:withEvent: (a touch its view does not
 *                        handle, up the responder chain) with the touch's
 *                        location in the root view, and
 *                        viewWillTransitionToSize:withTransitionCoordinator:
 *                        with the size and whether the coordinator is NULL.
 *   StackScene : View    in init, a StackView at (0, 0, 400, 40) (horizontal,
 *                        fill) made with views->create and arranged from C
 *                        (EASEL_HAS_LAYOUT_SLOT first): two Captions added,
 *                        a Paragraph inserted at 1, a third Caption added
 *                        and taken out again. `count` is the arranged count
 *                        after that (3), `badIndex` what inserting at 9
 *                        returned, `notArranged` what removing a view that is
 *                        not arranged returned, `notStack` what adding to a
 *                        plain View returned. The arranged views are tagged
 *                        1, 2 (the Paragraph), 3; the removed Caption 4.
 *   SizeController : ViewController   only the short form,
 *                        viewWillTransitionToSize:, logged with the size.
 */
#include "easel.h"
#include "easel_util.h"

#include <stdbool.h>
#include <stdio.h>

static const easel_host_api *g_host;

static easel_size Caption_intrinsicContentSize(easel_object *self, easel_sel _cmd) {
    (void)self, (void)_cmd;
    return (easel_size){80, 20};
}

static double Caption_baseline(easel_object *self, easel_sel _cmd) {
    (void)self, (void)_cmd;
    return 15;
}

static easel_size Paragraph_intrinsicContentSize(easel_object *self, easel_sel _cmd) {
    (void)self, (void)_cmd;
    return (easel_size){100, 50};
}

static double Paragraph_firstBaseline(easel_object *self, easel_sel _cmd) {
    (void)self, (void)_cmd;
    return 14;
}

static double Paragraph_lastBaseline(easel_object *self, easel_sel _cmd) {
    (void)self, (void)_cmd;
    return 44;
}

static const easel_method_desc kCaptionMethods[] = {
    EASEL_METHOD("intrinsicContentSize", EASEL_ENCODE_SIZE "@:", Caption_intrinsicContentSize),
    EASEL_METHOD("firstBaselineOffsetFromTop", "d@:", Caption_baseline),
    EASEL_METHOD("lastBaselineOffsetFromTop", "d@:", Caption_baseline),
};

static const easel_method_desc kParagraphMethods[] = {
    EASEL_METHOD("intrinsicContentSize", EASEL_ENCODE_SIZE "@:", Paragraph_intrinsicContentSize),
    EASEL_METHOD("firstBaselineOffsetFromTop", "d@:", Paragraph_firstBaseline),
    EASEL_METHOD("lastBaselineOffsetFromTop", "d@:", Paragraph_lastBaseline),
};

/* ---- easel.layout.v1 ---- */

static const easel_layout_api *layout_api(easel_object *self) {
    const easel_layout_api *layout = (const easel_layout_api *)g_host->get_extension(EASEL_LAYOUT_EXTENSION_ID);
    if (layout == NULL || layout->struct_size < EASEL_LAYOUT_API_V1_SIZE) {
        g_host->log(self, "no layout extension");
        return NULL;
    }
    return layout;
}

typedef struct {
    easel_constraint widthConstraint;
    easel_constraint refused;
    int32_t unknown;
    int32_t missing;
} BubbleSceneStorage;

static BubbleSceneStorage *bubble_storage(easel_object *self) {
    static easel_class *cls;
    if (cls == NULL) {
        cls = g_host->class_named("BubbleScene");
    }
    return (BubbleSceneStorage *)g_host->object_storage(self, cls);
}

static void BubbleScene_init(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    BubbleSceneStorage *storage = bubble_storage(self);
    const easel_layout_api *layout = layout_api(self);
    if (layout == NULL) {
        storage->missing = 1;
        return;
    }
    easel_object *host = g_host->views->create("View", (easel_rect){{40, 60}, {200, 120}});
    easel_object *bubble = g_host->views->create("View", (easel_rect){{0, 0}, {1, 1}});
    g_host->views->add_subview(self, host);
    g_host->views->add_subview(self, bubble);
    layout->set_translates_autoresizing_mask(bubble, 0);
    /* Seed 003's four constraints, written out against the header. */
    easel_constraint constraints[4] = {
        layout->constraint_create(bubble, EASEL_LAYOUT_ATTRIBUTE_CENTER_X, EASEL_LAYOUT_RELATION_EQUAL, host,
                                  EASEL_LAYOUT_ATTRIBUTE_CENTER_X, 1, 0, EASEL_LAYOUT_PRIORITY_REQUIRED),
        layout->constraint_create(bubble, EASEL_LAYOUT_ATTRIBUTE_CENTER_Y, EASEL_LAYOUT_RELATION_EQUAL, host,
                                  EASEL_LAYOUT_ATTRIBUTE_CENTER_Y, 1, 0, EASEL_LAYOUT_PRIORITY_REQUIRED),
        layout->constraint_create(bubble, EASEL_LAYOUT_ATTRIBUTE_WIDTH, EASEL_LAYOUT_RELATION_EQUAL, host,
                                  EASEL_LAYOUT_ATTRIBUTE_WIDTH, 1, 0, EASEL_LAYOUT_PRIORITY_REQUIRED),
        layout->constraint_create(bubble, EASEL_LAYOUT_ATTRIBUTE_HEIGHT, EASEL_LAYOUT_RELATION_EQUAL, host,
                                  EASEL_LAYOUT_ATTRIBUTE_HEIGHT, 1, 0, EASEL_LAYOUT_PRIORITY_REQUIRED),
    };
    for (int i = 0; i < 4; i++) {
        layout->constraint_set_active(constraints[i], 1);
    }
    storage->widthConstraint = constraints[2];
    storage->refused = layout->constraint_create(bubble, EASEL_LAYOUT_ATTRIBUTE_LEFT, EASEL_LAYOUT_RELATION_EQUAL, NULL,
                                                 EASEL_LAYOUT_ATTRIBUTE_NOT_AN_ATTRIBUTE, 1, 10, EASEL_LAYOUT_PRIORITY_REQUIRED);
    storage->unknown = layout->constraint_set_constant(999999999, 5);
}

static void BubbleScene_widen(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    const easel_layout_api *layout = layout_api(self);
    if (layout != NULL) {
        layout->constraint_set_constant(bubble_storage(self)->widthConstraint, 20);
    }
}

typedef struct {
    double hugging;
} MarginBoxStorage;

static void MarginBox_init(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    static easel_class *cls;
    if (cls == NULL) {
        cls = g_host->class_named("MarginBox");
    }
    const easel_layout_api *layout = layout_api(self);
    if (layout == NULL) {
        return;
    }
    layout->set_directional_layout_margins(self, 10, 20, 10, 20);
    easel_object *margins = layout->layout_margins_guide(self);
    easel_object *fill = g_host->views->create("View", (easel_rect){{0, 0}, {1, 1}});
    g_host->views->add_subview(self, fill);
    layout->set_translates_autoresizing_mask(fill, 0);
    static const int32_t edges[4] = {EASEL_LAYOUT_ATTRIBUTE_LEADING, EASEL_LAYOUT_ATTRIBUTE_TRAILING,
                                     EASEL_LAYOUT_ATTRIBUTE_TOP, EASEL_LAYOUT_ATTRIBUTE_BOTTOM};
    for (int i = 0; i < 4; i++) {
        easel_constraint c = layout->constraint_create(fill, edges[i], EASEL_LAYOUT_RELATION_EQUAL, margins, edges[i], 1, 0,
                                                       EASEL_LAYOUT_PRIORITY_REQUIRED);
        layout->constraint_set_active(c, 1);
        layout->constraint_release(c);
    }
    layout->set_content_hugging_priority(fill, EASEL_LAYOUT_AXIS_VERTICAL, EASEL_LAYOUT_PRIORITY_REQUIRED);
    MarginBoxStorage *storage = (MarginBoxStorage *)g_host->object_storage(self, cls);
    storage->hugging = layout->content_hugging_priority(fill, EASEL_LAYOUT_AXIS_VERTICAL);
}

static void CardController_loadView(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    g_host->log(self, "loadView");
    const easel_layout_api *layout = layout_api(self);
    if (layout != NULL) {
        layout->view_controller_set_view(self, g_host->views->create("View", (easel_rect){{0, 0}, {10, 10}}));
    }
}

static void CardController_log(easel_object *self, easel_sel _cmd) {
    g_host->log(self, g_host->sel_name(_cmd));
}

static void CardController_appear(easel_object *self, easel_sel _cmd, bool animated) {
    (void)animated;
    g_host->log(self, g_host->sel_name(_cmd));
}

static void CardController_parent(easel_object *self, easel_sel _cmd, easel_object *parent) {
    char line[96];
    snprintf(line, sizeof line, "%s %s", g_host->sel_name(_cmd), parent == NULL ? "nil" : "parent");
    g_host->log(self, line);
}

static void CardController_touchesBegan(easel_object *self, easel_sel _cmd, easel_object *touch, easel_object *event) {
    (void)event;
    easel_point at = g_host->views->touch_location(touch, NULL);
    char line[96];
    snprintf(line, sizeof line, "%s at %g,%g", g_host->sel_name(_cmd), at.x, at.y);
    g_host->log(self, line);
}

static void CardController_transition(easel_object *self, easel_sel _cmd, easel_size size, easel_object *coordinator) {
    char line[128];
    snprintf(line, sizeof line, "%s %gx%g%s", g_host->sel_name(_cmd), size.width, size.height,
             coordinator == NULL ? " NULL" : " coordinator");
    g_host->log(self, line);
}

static void SizeController_transition(easel_object *self, easel_sel _cmd, easel_size size) {
    char line[96];
    snprintf(line, sizeof line, "%s %gx%g", g_host->sel_name(_cmd), size.width, size.height);
    g_host->log(self, line);
}

typedef struct {
    int64_t count;
    int32_t badIndex;
    int32_t notArranged;
    int32_t notStack;
} StackSceneStorage;

static void StackScene_init(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    static easel_class *cls;
    if (cls == NULL) {
        cls = g_host->class_named("StackScene");
    }
    StackSceneStorage *storage = (StackSceneStorage *)g_host->object_storage(self, cls);
    const easel_layout_api *layout = layout_api(self);
    if (!EASEL_HAS_LAYOUT_SLOT(layout, stack_view_arranged_subview_count)) {
        storage->count = -2;
        return;
    }
    easel_object *stack = g_host->views->create("StackView", (easel_rect){{0, 0}, {400, 40}});
    g_host->views->add_subview(self, stack);
    easel_object *first = g_host->views->create("Caption", (easel_rect){{0, 0}, {1, 1}});
    easel_object *paragraph = g_host->views->create("Paragraph", (easel_rect){{0, 0}, {1, 1}});
    easel_object *last = g_host->views->create("Caption", (easel_rect){{0, 0}, {1, 1}});
    easel_object *removed = g_host->views->create("Caption", (easel_rect){{0, 0}, {1, 1}});
    int64_t tags[4] = {1, 2, 3, 4};
    g_host->property_set(first, "tag", &tags[0]);
    g_host->property_set(paragraph, "tag", &tags[1]);
    g_host->property_set(last, "tag", &tags[2]);
    g_host->property_set(removed, "tag", &tags[3]);
    layout->stack_view_add_arranged_subview(stack, first);
    layout->stack_view_add_arranged_subview(stack, last);
    layout->stack_view_insert_arranged_subview(stack, paragraph, 1);
    layout->stack_view_add_arranged_subview(stack, removed);
    layout->stack_view_remove_arranged_subview(stack, removed);
    storage->count = layout->stack_view_arranged_subview_count(stack);
    storage->badIndex = layout->stack_view_insert_arranged_subview(stack, removed, 9);
    storage->notArranged = layout->stack_view_remove_arranged_subview(stack, removed);
    storage->notStack = layout->stack_view_add_arranged_subview(self, removed);
}

static const easel_property_desc kStackSceneProperties[] = {
    EASEL_PROPERTY("count", "q", StackSceneStorage, count, NULL),
    EASEL_PROPERTY("badIndex", "i", StackSceneStorage, badIndex, NULL),
    EASEL_PROPERTY("notArranged", "i", StackSceneStorage, notArranged, NULL),
    EASEL_PROPERTY("notStack", "i", StackSceneStorage, notStack, NULL),
};

static const easel_method_desc kStackSceneMethods[] = {
    EASEL_METHOD("init", "v@:", StackScene_init),
};

static const easel_property_desc kBubbleSceneProperties[] = {
    EASEL_PROPERTY("widthConstraint", "Q", BubbleSceneStorage, widthConstraint, NULL),
    EASEL_PROPERTY("refused", "Q", BubbleSceneStorage, refused, NULL),
    EASEL_PROPERTY("unknown", "i", BubbleSceneStorage, unknown, NULL),
    EASEL_PROPERTY("missing", "i", BubbleSceneStorage, missing, NULL),
};

static const easel_method_desc kBubbleSceneMethods[] = {
    EASEL_METHOD("init", "v@:", BubbleScene_init),
    EASEL_METHOD("widen", "v@:", BubbleScene_widen),
};

static const easel_property_desc kMarginBoxProperties[] = {
    EASEL_PROPERTY("hugging", "d", MarginBoxStorage, hugging, NULL),
};

static const easel_method_desc kMarginBoxMethods[] = {
    EASEL_METHOD("init", "v@:", MarginBox_init),
};

static const easel_method_desc kCardControllerMethods[] = {
    EASEL_METHOD("loadView", "v@:", CardController_loadView),
    EASEL_METHOD("viewDidLoad", "v@:", CardController_log),
    EASEL_METHOD("viewWillLayoutSubviews", "v@:", CardController_log),
    EASEL_METHOD("viewDidLayoutSubviews", "v@:", CardController_log),
    EASEL_METHOD("viewWillAppear:", "v@:B", CardController_appear),
    EASEL_METHOD("viewDidAppear:", "v@:B", CardController_appear),
    EASEL_METHOD("willMoveToParentViewController:", "v@:@", CardController_parent),
    EASEL_METHOD("didMoveToParentViewController:", "v@:@", CardController_parent),
    EASEL_METHOD("touchesBegan:withEvent:", "v@:@@", CardController_touchesBegan),
    EASEL_METHOD("viewWillTransitionToSize:withTransitionCoordinator:", "v@:" EASEL_ENCODE_SIZE "@", CardController_transition),
};

static const easel_method_desc kSizeControllerMethods[] = {
    EASEL_METHOD("viewWillTransitionToSize:", "v@:" EASEL_ENCODE_SIZE, SizeController_transition),
};

static const easel_class_desc kClasses[] = {
    EASEL_CLASS_WITHOUT_PROPERTIES("Caption", "View", 0, kCaptionMethods),
    EASEL_CLASS_WITHOUT_PROPERTIES("Paragraph", "View", 0, kParagraphMethods),
    EASEL_CLASS("BubbleScene", "View", sizeof(BubbleSceneStorage), kBubbleSceneProperties, kBubbleSceneMethods),
    EASEL_CLASS("MarginBox", "View", sizeof(MarginBoxStorage), kMarginBoxProperties, kMarginBoxMethods),
    EASEL_CLASS_WITHOUT_PROPERTIES("CardController", "ViewController", 0, kCardControllerMethods),
    EASEL_CLASS_WITHOUT_PROPERTIES("SizeController", "ViewController", 0, kSizeControllerMethods),
    EASEL_CLASS("StackScene", "View", sizeof(StackSceneStorage), kStackSceneProperties, kStackSceneMethods),
};

EASEL_DEFINE_PLUGIN(kPlugin, "LayoutWidgets", kClasses);

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &kPlugin;
}
