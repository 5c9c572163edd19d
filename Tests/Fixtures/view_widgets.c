/*
 * A GOOD fixture: widgets that drive the view system from plugin code only,
 * through the host's view table (easel.h, "Views").
 *
 *   Panel : View          fills its bounds with `fill`; its init creates two
 *                         Dot subviews (tags 1 and 2) that its layoutSubviews
 *                         places side by side; a touch turns it green, counts
 *                         the touch, records where it was and marks the panel
 *                         for display; logs every lifecycle callback.
 *   Dot : View            fills its bounds with `color`; its intrinsic content size is 24 x 12.
 *   Plot : RHView         a right-handed view: drawCurve:inContext: draws a 2x2
 *                         dot centred on `point`, drawBorder:inContext: strokes
 *                         the bounds in `border`.
 *   PlotDelegate : Object drawView:inRect:inContext: sends the two to the view.
 *   Marked : View         its init adds an overlay that draws a 10x10 red
 *                         square at the top left of the view, over every subview.
 *
 * For the scene tests (SceneTests.swift):
 *
 *   Props : View          one property of every value form a scene file can
 *                         set (string, point and string arrays, BOOL, integers,
 *                         float, size, point, rect, transform, colour, object).
 *
 * Added for the rendering tests (ViewRenderingTests.swift):
 *
 *   Patch : View          drawRect: fills only the rect `patch` (view
 *                         coordinates, may reach outside the bounds) with `color`.
 *   Marks : View          overlay selectors, no init: drawRedMark: fills
 *                         (0, 0, 10, 10) red, drawBlueMark: fills (5, 5, 10, 10)
 *                         blue, drawCornerMark: fills the bottom-right 4x4 of
 *                         the bounds green.
 *   Graph : RHView        no delegate needed: drawRect:inContext: fills a 2x2
 *                         green square centred on `point` and records the rect
 *                         it got in `lastRect`.
 *   RectRecorder : Object drawView:inRect:inContext: records the rect in
 *                         `lastRect`, counts `calls` and fills (0, 0, 4, 4) blue.
 *   BadDraw : View        drawRect: misbehaves by `mode`: 0 calls restore_state
 *                         without a save, 1 fills a rect with a NaN width, 2
 *                         saves twice, clips to (0, 0, 1, 1) and never restores.
 */
#include "easel.h"
#include "easel_util.h"

#include <stdbool.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

static const easel_host_api *g_host;

static easel_class *cached_class(easel_class **cache, const char *name) {
    if (*cache == NULL) *cache = g_host->class_named(name);
    return *cache;
}

static void fill_bounds(easel_object *self, easel_color color) {
    const easel_graphics_api *g = g_host->graphics;
    easel_context *ctx = g->current_context();
    g->set_fill_color(ctx, color);
    g->fill_rect(ctx, g_host->views->bounds(self));
}

/* ---- Panel : View ------------------------------------------------------ */

typedef struct PanelStorage {
    easel_color fill;
    int32_t touches;
    int32_t layouts;
    easel_point lastTouch;
} PanelStorage;

static PanelStorage *panel(easel_object *self) {
    static easel_class *cls;
    return (PanelStorage *)g_host->object_storage(self, cached_class(&cls, "Panel"));
}

static void Panel_init(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    const easel_view_api *v = g_host->views;
    for (int64_t tag = 1; tag <= 2; tag++) {
        easel_object *dot = v->create("Dot", (easel_rect){{0, 0}, {1, 1}});
        g_host->property_set(dot, "tag", &tag);
        easel_color color = tag == 1 ? (easel_color){1, 0, 0, 1} : (easel_color){0, 0, 1, 1};
        g_host->property_set(dot, "color", &color);
        v->add_subview(self, dot);
    }
}

static void Panel_layoutSubviews(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    const easel_view_api *v = g_host->views;
    easel_rect b = v->bounds(self);
    double half = b.size.width / 2;
    v->set_frame(v->view_with_tag(self, 1), (easel_rect){{b.origin.x, b.origin.y}, {half, b.size.height}});
    v->set_frame(v->view_with_tag(self, 2), (easel_rect){{b.origin.x + half, b.origin.y}, {half, b.size.height}});
    panel(self)->layouts++;
}

static void Panel_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)_cmd;
    (void)rect;
    fill_bounds(self, panel(self)->fill);
}

static void Panel_touchesBegan(easel_object *self, easel_sel _cmd, easel_object *touch, easel_object *event) {
    (void)_cmd;
    (void)event;
    PanelStorage *s = panel(self);
    s->touches++;
    s->lastTouch = g_host->views->touch_location(touch, self);
    s->fill = (easel_color){0, 1, 0, 1};
    g_host->views->set_needs_display(self);
}

/* Logs "what", then for callbacks taking a view: the view's tag (a Window has one too), or "nil". */
static void log_with_view(easel_object *self, const char *what, easel_object *other) {
    char line[128];
    int64_t tag = 0;
    if (strchr(what, ':') == NULL) {
        snprintf(line, sizeof line, "%s", what);
    } else if (other == NULL) {
        snprintf(line, sizeof line, "%s nil", what);
    } else if (g_host->property_get(other, "tag", &tag) == EASEL_OK) {
        snprintf(line, sizeof line, "%s %lld", what, (long long)tag);
    } else {
        snprintf(line, sizeof line, "%s ?", what);
    }
    g_host->log(self, line);
}

static void Panel_willMoveToSuperview(easel_object *self, easel_sel _cmd, easel_object *view) { (void)_cmd; log_with_view(self, "willMoveToSuperview:", view); }
static void Panel_didMoveToSuperview(easel_object *self, easel_sel _cmd) { (void)_cmd; log_with_view(self, "didMoveToSuperview", NULL); }
static void Panel_willMoveToWindow(easel_object *self, easel_sel _cmd, easel_object *window) { (void)_cmd; log_with_view(self, "willMoveToWindow:", window); }
static void Panel_didMoveToWindow(easel_object *self, easel_sel _cmd) { (void)_cmd; log_with_view(self, "didMoveToWindow", NULL); }
static void Panel_didAddSubview(easel_object *self, easel_sel _cmd, easel_object *view) { (void)_cmd; log_with_view(self, "didAddSubview:", view); }
static void Panel_willRemoveSubview(easel_object *self, easel_sel _cmd, easel_object *view) { (void)_cmd; log_with_view(self, "willRemoveSubview:", view); }

static const easel_color kPanelFill = {1, 1, 1, 1};
/* Logs "updateConstraints <tag> after <n> layouts", so that tests see the order of the
   calls (children before parents) and that they come before layoutSubviews. */
static void Panel_updateConstraints(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    char line[128];
    int64_t tag = 0;
    g_host->property_get(self, "tag", &tag);
    snprintf(line, sizeof line, "updateConstraints %lld after %d layouts", (long long)tag, panel(self)->layouts);
    g_host->log(self, line);
}

static const easel_property_desc kPanelProperties[] = {
    EASEL_PROPERTY("fill", EASEL_ENCODE_COLOR, PanelStorage, fill, &kPanelFill),
    EASEL_PROPERTY("touches", "i", PanelStorage, touches, NULL),
    EASEL_PROPERTY("layouts", "i", PanelStorage, layouts, NULL),
    EASEL_PROPERTY("lastTouch", EASEL_ENCODE_POINT, PanelStorage, lastTouch, NULL),
};
static const easel_method_desc kPanelMethods[] = {
    EASEL_METHOD("init", "v@:", Panel_init),
    EASEL_METHOD("layoutSubviews", "v@:", Panel_layoutSubviews),
    EASEL_METHOD("updateConstraints", "v@:", Panel_updateConstraints),
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, Panel_drawRect),
    EASEL_METHOD("touchesBegan:withEvent:", "v@:@@", Panel_touchesBegan),
    EASEL_METHOD("willMoveToSuperview:", "v@:@", Panel_willMoveToSuperview),
    EASEL_METHOD("didMoveToSuperview", "v@:", Panel_didMoveToSuperview),
    EASEL_METHOD("willMoveToWindow:", "v@:@", Panel_willMoveToWindow),
    EASEL_METHOD("didMoveToWindow", "v@:", Panel_didMoveToWindow),
    EASEL_METHOD("didAddSubview:", "v@:@", Panel_didAddSubview),
    EASEL_METHOD("willRemoveSubview:", "v@:@", Panel_willRemoveSubview),
};

/* ---- Dot : View -------------------------------------------------------- */

typedef struct DotStorage { easel_color color; } DotStorage;

static void Dot_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)_cmd;
    (void)rect;
    static easel_class *cls;
    DotStorage *s = (DotStorage *)g_host->object_storage(self, cached_class(&cls, "Dot"));
    fill_bounds(self, s->color);
}

/* The size a Dot needs when constraints place it (Auto Layout's intrinsic content size). */
static easel_size Dot_intrinsicContentSize(easel_object *self, easel_sel _cmd) {
    (void)self;
    (void)_cmd;
    return (easel_size){24, 12};
}

static const easel_property_desc kDotProperties[] = {
    EASEL_PROPERTY("color", EASEL_ENCODE_COLOR, DotStorage, color, NULL),
};
static const easel_method_desc kDotMethods[] = {
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, Dot_drawRect),
    EASEL_METHOD("intrinsicContentSize", EASEL_ENCODE_SIZE "@:", Dot_intrinsicContentSize),
};

/* ---- Plot : RHView and PlotDelegate : Object --------------------------- */

typedef struct PlotStorage {
    easel_point point;
    easel_color border;
} PlotStorage;

static PlotStorage *plot(easel_object *self) {
    static easel_class *cls;
    return (PlotStorage *)g_host->object_storage(self, cached_class(&cls, "Plot"));
}

static void Plot_drawCurve(easel_object *self, easel_sel _cmd, easel_rect rect, easel_context *ctx) {
    (void)_cmd;
    (void)rect;
    const easel_graphics_api *g = g_host->graphics;
    easel_point p = plot(self)->point;
    g->set_fill_color(ctx, (easel_color){1, 0, 0, 1});
    g->fill_rect(ctx, (easel_rect){{p.x - 1, p.y - 1}, {2, 2}});
}

static void Plot_drawBorder(easel_object *self, easel_sel _cmd, easel_rect rect, easel_context *ctx) {
    (void)_cmd;
    (void)rect;
    const easel_graphics_api *g = g_host->graphics;
    easel_rect b = g_host->views->bounds(self);
    g->set_stroke_color(ctx, plot(self)->border);
    g->set_line_width(ctx, 2);
    g->stroke_rect(ctx, (easel_rect){{b.origin.x + 1, b.origin.y + 1}, {b.size.width - 2, b.size.height - 2}});
}

static void PlotDelegate_drawView(easel_object *self, easel_sel _cmd, easel_object *view, easel_rect rect,
                                  easel_context *ctx) {
    (void)self;
    (void)_cmd;
    void *args[] = {&rect, &ctx};
    g_host->msg_send(view, g_host->sel_register("drawCurve:inContext:"), NULL, args);
    g_host->msg_send(view, g_host->sel_register("drawBorder:inContext:"), NULL, args);
}

static const easel_color kPlotBorder = {0, 0, 0, 1};
static const easel_property_desc kPlotProperties[] = {
    EASEL_PROPERTY("point", EASEL_ENCODE_POINT, PlotStorage, point, NULL),
    EASEL_PROPERTY("border", EASEL_ENCODE_COLOR, PlotStorage, border, &kPlotBorder),
};
static const easel_method_desc kPlotMethods[] = {
    EASEL_METHOD("drawCurve:inContext:", "v@:" EASEL_ENCODE_RECT EASEL_ENCODE_CONTEXT, Plot_drawCurve),
    EASEL_METHOD("drawBorder:inContext:", "v@:" EASEL_ENCODE_RECT EASEL_ENCODE_CONTEXT, Plot_drawBorder),
};
static const easel_method_desc kPlotDelegateMethods[] = {
    EASEL_METHOD("drawView:inRect:inContext:", "v@:@" EASEL_ENCODE_RECT EASEL_ENCODE_CONTEXT, PlotDelegate_drawView),
};

/* ---- Marked : View ----------------------------------------------------- */

static void Marked_init(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    g_host->views->add_overlay(self, g_host->sel_register("drawMark:"));
}

static void Marked_drawMark(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)self;
    (void)_cmd;
    (void)rect;
    const easel_graphics_api *g = g_host->graphics;
    easel_context *ctx = g->current_context();
    g->set_fill_color(ctx, (easel_color){1, 0, 0, 1});
    g->fill_rect(ctx, (easel_rect){{0, 0}, {10, 10}});
}

static const easel_method_desc kMarkedMethods[] = {
    EASEL_METHOD("init", "v@:", Marked_init),
    EASEL_METHOD("drawMark:", "v@:" EASEL_ENCODE_RECT, Marked_drawMark),
};

/* ---- Patch : View ------------------------------------------------------ */

typedef struct PatchStorage {
    easel_rect patch;
    easel_color color;
} PatchStorage;

static void Patch_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)_cmd;
    (void)rect;
    static easel_class *cls;
    PatchStorage *s = (PatchStorage *)g_host->object_storage(self, cached_class(&cls, "Patch"));
    const easel_graphics_api *g = g_host->graphics;
    easel_context *ctx = g->current_context();
    g->set_fill_color(ctx, s->color);
    g->fill_rect(ctx, s->patch);
}

static const easel_property_desc kPatchProperties[] = {
    EASEL_PROPERTY("patch", EASEL_ENCODE_RECT, PatchStorage, patch, NULL),
    EASEL_PROPERTY("color", EASEL_ENCODE_COLOR, PatchStorage, color, NULL),
};
static const easel_method_desc kPatchMethods[] = {
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, Patch_drawRect),
};

/* ---- Marks : View ------------------------------------------------------ */

static void fill_current(easel_rect r, easel_color color) {
    const easel_graphics_api *g = g_host->graphics;
    easel_context *ctx = g->current_context();
    g->set_fill_color(ctx, color);
    g->fill_rect(ctx, r);
}

static void Marks_drawRedMark(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)self; (void)_cmd; (void)rect;
    fill_current((easel_rect){{0, 0}, {10, 10}}, (easel_color){1, 0, 0, 1});
}

static void Marks_drawBlueMark(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)self; (void)_cmd; (void)rect;
    fill_current((easel_rect){{5, 5}, {10, 10}}, (easel_color){0, 0, 1, 1});
}

static void Marks_drawCornerMark(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)_cmd; (void)rect;
    easel_rect b = g_host->views->bounds(self);
    fill_current((easel_rect){{b.origin.x + b.size.width - 4, b.origin.y + b.size.height - 4}, {4, 4}},
                 (easel_color){0, 1, 0, 1});
}

static const easel_method_desc kMarksMethods[] = {
    EASEL_METHOD("drawRedMark:", "v@:" EASEL_ENCODE_RECT, Marks_drawRedMark),
    EASEL_METHOD("drawBlueMark:", "v@:" EASEL_ENCODE_RECT, Marks_drawBlueMark),
    EASEL_METHOD("drawCornerMark:", "v@:" EASEL_ENCODE_RECT, Marks_drawCornerMark),
};

/* ---- Graph : RHView and RectRecorder : Object -------------------------- */

typedef struct GraphStorage {
    easel_point point;
    easel_rect lastRect;
} GraphStorage;

static void Graph_drawRectInContext(easel_object *self, easel_sel _cmd, easel_rect rect, easel_context *ctx) {
    (void)_cmd;
    static easel_class *cls;
    GraphStorage *s = (GraphStorage *)g_host->object_storage(self, cached_class(&cls, "Graph"));
    s->lastRect = rect;
    const easel_graphics_api *g = g_host->graphics;
    g->set_fill_color(ctx, (easel_color){0, 1, 0, 1});
    g->fill_rect(ctx, (easel_rect){{s->point.x - 1, s->point.y - 1}, {2, 2}});
}

static const easel_property_desc kGraphProperties[] = {
    EASEL_PROPERTY("point", EASEL_ENCODE_POINT, GraphStorage, point, NULL),
    EASEL_PROPERTY("lastRect", EASEL_ENCODE_RECT, GraphStorage, lastRect, NULL),
};
static const easel_method_desc kGraphMethods[] = {
    EASEL_METHOD("drawRect:inContext:", "v@:" EASEL_ENCODE_RECT EASEL_ENCODE_CONTEXT, Graph_drawRectInContext),
};

typedef struct RectRecorderStorage {
    easel_rect lastRect;
    int32_t calls;
} RectRecorderStorage;

static void RectRecorder_drawView(easel_object *self, easel_sel _cmd, easel_object *view, easel_rect rect,
                                  easel_context *ctx) {
    (void)_cmd;
    (void)view;
    static easel_class *cls;
    RectRecorderStorage *s = (RectRecorderStorage *)g_host->object_storage(self, cached_class(&cls, "RectRecorder"));
    s->lastRect = rect;
    s->calls++;
    const easel_graphics_api *g = g_host->graphics;
    g->set_fill_color(ctx, (easel_color){0, 0, 1, 1});
    g->fill_rect(ctx, (easel_rect){{0, 0}, {4, 4}});
}

static const easel_property_desc kRectRecorderProperties[] = {
    EASEL_PROPERTY("lastRect", EASEL_ENCODE_RECT, RectRecorderStorage, lastRect, NULL),
    EASEL_PROPERTY("calls", "i", RectRecorderStorage, calls, NULL),
};
static const easel_method_desc kRectRecorderMethods[] = {
    EASEL_METHOD("drawView:inRect:inContext:", "v@:@" EASEL_ENCODE_RECT EASEL_ENCODE_CONTEXT, RectRecorder_drawView),
};

/* ---- BadDraw : View ---------------------------------------------------- */

typedef struct BadDrawStorage { int32_t mode; } BadDrawStorage;

static void BadDraw_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)_cmd;
    (void)rect;
    static easel_class *cls;
    BadDrawStorage *s = (BadDrawStorage *)g_host->object_storage(self, cached_class(&cls, "BadDraw"));
    const easel_graphics_api *g = g_host->graphics;
    easel_context *ctx = g->current_context();
    if (s->mode == 0) {
        g->restore_state(ctx);
    } else if (s->mode == 1) {
        g->fill_rect(ctx, (easel_rect){{0, 0}, {NAN, 10}});
    } else {
        g->save_state(ctx);
        g->save_state(ctx);
        g->add_rect(ctx, (easel_rect){{0, 0}, {1, 1}});
        g->clip(ctx, EASEL_FILL_NONZERO);
    }
}

static const easel_property_desc kBadDrawProperties[] = {
    EASEL_PROPERTY("mode", "i", BadDrawStorage, mode, NULL),
};
static const easel_method_desc kBadDrawMethods[] = {
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, BadDraw_drawRect),
};

/* ---- Props : View (scene-file value forms) ------------------------------ */

typedef struct PropsStorage {
    const char *title;
    easel_point_array points;
    easel_string_array names;
    bool flag;
    int32_t count;
    int64_t big;
    float ratio;
    easel_size extent;
    easel_point place;
    easel_rect area;
    easel_affine_transform turn;
    easel_color tint;
    easel_object *buddy;
} PropsStorage;

#define PROP(name, enc, field) EASEL_PROPERTY(name, enc, PropsStorage, field, NULL)
static const easel_property_desc kPropsProperties[] = {
    PROP("title", EASEL_ENCODE_STRING, title), PROP("points", EASEL_ENCODE_POINT_ARRAY, points),
    PROP("names", EASEL_ENCODE_STRING_ARRAY, names), PROP("flag", "B", flag), PROP("count", "i", count),
    PROP("big", "q", big), PROP("ratio", "f", ratio), PROP("extent", EASEL_ENCODE_SIZE, extent),
    PROP("place", EASEL_ENCODE_POINT, place), PROP("area", EASEL_ENCODE_RECT, area),
    PROP("turn", EASEL_ENCODE_TRANSFORM, turn), PROP("tint", EASEL_ENCODE_COLOR, tint), PROP("buddy", "@", buddy),
};

/* ---- The plugin -------------------------------------------------------- */

static const easel_class_desc kClasses[] = {
    EASEL_CLASS("Panel", "View", sizeof(PanelStorage), kPanelProperties, kPanelMethods),
    EASEL_CLASS("Dot", "View", sizeof(DotStorage), kDotProperties, kDotMethods),
    EASEL_CLASS("Plot", "RHView", sizeof(PlotStorage), kPlotProperties, kPlotMethods),
    EASEL_CLASS_WITHOUT_PROPERTIES("PlotDelegate", "Object", 0, kPlotDelegateMethods),
    EASEL_CLASS_WITHOUT_PROPERTIES("Marked", "View", 0, kMarkedMethods),
    EASEL_CLASS("Patch", "View", sizeof(PatchStorage), kPatchProperties, kPatchMethods),
    EASEL_CLASS_WITHOUT_PROPERTIES("Marks", "View", 0, kMarksMethods),
    EASEL_CLASS("Graph", "RHView", sizeof(GraphStorage), kGraphProperties, kGraphMethods),
    EASEL_CLASS("RectRecorder", "Object", sizeof(RectRecorderStorage), kRectRecorderProperties, kRectRecorderMethods),
    EASEL_CLASS("BadDraw", "View", sizeof(BadDrawStorage), kBadDrawProperties, kBadDrawMethods),
    EASEL_CLASS_WITH_COUNTS("Props", "View", sizeof(PropsStorage), EASEL_COUNT(kPropsProperties), kPropsProperties,
                            0, NULL),
};

EASEL_DEFINE_PLUGIN(kPlugin, "ViewWidgets", kClasses);

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &kPlugin;
}
