/*
 * A GOOD fixture: classes declared by hand in C, each the twin of a class
 * declared in Swift with EaselPluginKit, under the Swift name + "Twin":
 *
 *   KitProbeTwin : View            kit_probe.swift's KitProbe (every value type, two ivars,
 *                                  a method of every signature the kit supports)
 *   KitProbeChildTwin : KitProbeTwin
 *   ChartTwin : Swatch             Plugins/Charts' Chart
 *   ChartCoordinatorTwin : Object  Plugins/Charts' ChartCoordinator
 *   GraphViewTwin : RHView         Plugins/Graph's GraphView
 *   GraphControllerTwin : ViewController   Plugins/GraphControl's GraphController
 *   BubbleViewTwin : View          Plugins/Bubble's BubbleView
 *
 * Written the way a C plugin author would write them from easel.h and the
 * description macros of easel_util.h:
 * a storage struct per class (the kit lays Swift declarations out as a C
 * compiler lays out the struct of the same members), one property
 * descriptor per declared member with offsetof and a default, one method
 * descriptor per selector with the encoding spelled from easel.h's macros.
 * SwiftWidgetTests checks that the registry sees the same class for a twin
 * as for its Swift original: superclass, instance size, property names,
 * encodings, offsets, sizes and defaults, method selectors and encodings.
 * The methods do nothing: only the declarations are compared.
 */
#include "easel.h"
#include "easel_util.h"

#include <stdbool.h>

#define RECT_ARG EASEL_ENCODE_RECT
#define CONTEXT_ARG EASEL_ENCODE_CONTEXT

/* One do-nothing implementation per C signature. */
static void v_(easel_object *self, easel_sel cmd) { (void)self; (void)cmd; }
static void v_obj(easel_object *self, easel_sel cmd, easel_object *a) { (void)self; (void)cmd; (void)a; }
static void v_obj_obj(easel_object *self, easel_sel cmd, easel_object *a, easel_object *b) {
    (void)self; (void)cmd; (void)a; (void)b;
}
static void v_rect(easel_object *self, easel_sel cmd, easel_rect r) { (void)self; (void)cmd; (void)r; }
static void v_rect_ctx(easel_object *self, easel_sel cmd, easel_rect r, easel_context *c) {
    (void)self; (void)cmd; (void)r; (void)c;
}
static void v_obj_rect_ctx(easel_object *self, easel_sel cmd, easel_object *v, easel_rect r, easel_context *c) {
    (void)self; (void)cmd; (void)v; (void)r; (void)c;
}
static easel_size size_size(easel_object *self, easel_sel cmd, easel_size s) { (void)self; (void)cmd; return s; }
static easel_object *obj_point_obj(easel_object *self, easel_sel cmd, easel_point p, easel_object *e) {
    (void)cmd; (void)p; (void)e; return self;
}
static bool bool_point_obj(easel_object *self, easel_sel cmd, easel_point p, easel_object *e) {
    (void)self; (void)cmd; (void)p; (void)e; return false;
}
static double d_d(easel_object *self, easel_sel cmd, double x) { (void)self; (void)cmd; return x; }

/* ---- KitProbeTwin : View ------------------------------------------------ */

typedef struct KitProbeStorage {
    const char *title;
    easel_string_array names;
    easel_point_array curve;
    int32_t count;
    bool flag;
    int64_t big;
    float ratio;
    easel_point origin;
    easel_size extent;
    easel_rect area;
    easel_color tint;
    easel_affine_transform transform;
    const char *displayName;
    int64_t calls;         /* an ivar: storage only, not declared */
    const char *lastEvent; /* an ivar */
} KitProbeStorage;

static const char *const kTitle = "probe";
static const char *const kNameList[] = {"alpha", "beta"};
static const easel_string_array kNames = {kNameList, 2};
static const easel_point kCurvePoints[] = {{1, 2}, {3, 4}};
static const easel_point_array kCurve = {kCurvePoints, 2};
static const int32_t kCount = 7;
static const bool kFlag = true;
static const int64_t kBig = -5;
static const float kRatio = 0.5f;
static const easel_point kOrigin = {1.5, -2};
static const easel_size kExtent = {30, 20};
static const easel_rect kArea = {{1, 2}, {3, 4}};
static const easel_color kTint = {0.25, 0.5, 0.75, 1};
static const easel_affine_transform kIdentity = {1, 0, 0, 1, 0, 0};
static const char *const kEmpty = "";

static const easel_property_desc kProbeProperties[] = {
    EASEL_PROPERTY("title", EASEL_ENCODE_STRING, KitProbeStorage, title, &kTitle),
    EASEL_PROPERTY("names", EASEL_ENCODE_STRING_ARRAY, KitProbeStorage, names, &kNames),
    EASEL_PROPERTY("curve", EASEL_ENCODE_POINT_ARRAY, KitProbeStorage, curve, &kCurve),
    EASEL_PROPERTY("count", "i", KitProbeStorage, count, &kCount),
    EASEL_PROPERTY("flag", "B", KitProbeStorage, flag, &kFlag),
    EASEL_PROPERTY("big", "q", KitProbeStorage, big, &kBig),
    EASEL_PROPERTY("ratio", "f", KitProbeStorage, ratio, &kRatio),
    EASEL_PROPERTY("origin", EASEL_ENCODE_POINT, KitProbeStorage, origin, &kOrigin),
    EASEL_PROPERTY("extent", EASEL_ENCODE_SIZE, KitProbeStorage, extent, &kExtent),
    EASEL_PROPERTY("area", EASEL_ENCODE_RECT, KitProbeStorage, area, &kArea),
    EASEL_PROPERTY("tint", EASEL_ENCODE_COLOR, KitProbeStorage, tint, &kTint),
    EASEL_PROPERTY("transform", EASEL_ENCODE_TRANSFORM, KitProbeStorage, transform, &kIdentity),
    EASEL_PROPERTY("displayName", EASEL_ENCODE_STRING, KitProbeStorage, displayName, &kEmpty),
};
static const easel_method_desc kProbeMethods[] = {
    EASEL_METHOD("init", "v@:", v_),
    EASEL_METHOD("layoutSubviews", "v@:", v_),
    EASEL_METHOD("drawRect:", "v@:" RECT_ARG, v_rect),
    EASEL_METHOD("drawMark:", "v@:" RECT_ARG, v_rect),
    EASEL_METHOD("drawProbe:inContext:", "v@:" RECT_ARG CONTEXT_ARG, v_rect_ctx),
    EASEL_METHOD("drawView:inRect:inContext:", "v@:@" RECT_ARG CONTEXT_ARG, v_obj_rect_ctx),
    EASEL_METHOD("sizeThatFits:", EASEL_ENCODE_SIZE "@:" EASEL_ENCODE_SIZE, size_size),
    EASEL_METHOD("touchesBegan:withEvent:", "v@:@@", v_obj_obj),
    EASEL_METHOD("hitTest:withEvent:", "@@:" EASEL_ENCODE_POINT "@", obj_point_obj),
    EASEL_METHOD("pointInside:withEvent:", "B@:" EASEL_ENCODE_POINT "@", bool_point_obj),
    EASEL_METHOD("willMoveToSuperview:", "v@:@", v_obj),
    EASEL_METHOD("summarize", "v@:", v_),
    EASEL_METHOD("scaledRatio:", "d@:d", d_d),
    EASEL_METHOD("rename", "v@:", v_),
};

/* ---- KitProbeChildTwin : KitProbeTwin ------------------------------------ */

typedef struct KitProbeChildStorage {
    double border;
} KitProbeChildStorage;

static const double kOne = 1.0;
static const easel_property_desc kChildProperties[] = {
    EASEL_PROPERTY("border", "d", KitProbeChildStorage, border, &kOne),
};
static const easel_method_desc kChildMethods[] = {
    EASEL_METHOD("drawRect:", "v@:" RECT_ARG, v_rect),
    EASEL_METHOD("summarize", "v@:", v_),
};

/* ---- ChartTwin : Swatch, ChartCoordinatorTwin : Object ------------------- */

typedef struct ChartStorage {
    easel_color lineColor;
    double lineWidth;
} ChartStorage;

static const easel_color kBlue = {0, 0, 1, 1};
static const double kTwo = 2.0;
static const easel_property_desc kChartProperties[] = {
    EASEL_PROPERTY("lineColor", EASEL_ENCODE_COLOR, ChartStorage, lineColor, &kBlue),
    EASEL_PROPERTY("lineWidth", "d", ChartStorage, lineWidth, &kTwo),
};
static const easel_method_desc kChartMethods[] = {
    EASEL_METHOD("drawRect:", "v@:" RECT_ARG, v_rect),
    EASEL_METHOD("drawCurve:inContext:", "v@:" RECT_ARG CONTEXT_ARG, v_rect_ctx),
    EASEL_METHOD("drawBorder:inContext:", "v@:" RECT_ARG CONTEXT_ARG, v_rect_ctx),
};
static const easel_method_desc kCoordinatorMethods[] = {
    EASEL_METHOD("drawView:inRect:inContext:", "v@:@" RECT_ARG CONTEXT_ARG, v_obj_rect_ctx),
};

/* ---- GraphViewTwin : RHView --------------------------------------------- */

typedef struct GraphViewStorage {
    easel_point_array curve;
    easel_color lineColor;
    double lineWidth;
    easel_color borderColor;
    double borderWidth;
    double gridSpacing;
    easel_color gridColor;
} GraphViewStorage;

static const easel_color kGraphLine = {0x1F / 255.0, 0x6F / 255.0, 0xD1 / 255.0, 1};
static const easel_color kGraphBorder = {0.25, 0.25, 0.25, 1};
static const easel_color kGraphGrid = {0.85, 0.85, 0.85, 1};
static const double kZero = 0.0;
static const easel_property_desc kGraphProperties[] = {
    EASEL_PROPERTY("curve", EASEL_ENCODE_POINT_ARRAY, GraphViewStorage, curve, NULL),
    EASEL_PROPERTY("lineColor", EASEL_ENCODE_COLOR, GraphViewStorage, lineColor, &kGraphLine),
    EASEL_PROPERTY("lineWidth", "d", GraphViewStorage, lineWidth, &kTwo),
    EASEL_PROPERTY("borderColor", EASEL_ENCODE_COLOR, GraphViewStorage, borderColor, &kGraphBorder),
    EASEL_PROPERTY("borderWidth", "d", GraphViewStorage, borderWidth, &kOne),
    EASEL_PROPERTY("gridSpacing", "d", GraphViewStorage, gridSpacing, &kZero),
    EASEL_PROPERTY("gridColor", EASEL_ENCODE_COLOR, GraphViewStorage, gridColor, &kGraphGrid),
};
static const easel_method_desc kGraphMethods[] = {
    EASEL_METHOD("init", "v@:", v_),
    EASEL_METHOD("prepareForInterfaceBuilder", "v@:", v_),
    EASEL_METHOD("drawGrid:inContext:", "v@:" RECT_ARG CONTEXT_ARG, v_rect_ctx),
    EASEL_METHOD("drawCurve:inContext:", "v@:" RECT_ARG CONTEXT_ARG, v_rect_ctx),
    EASEL_METHOD("drawBorder:inContext:", "v@:" RECT_ARG CONTEXT_ARG, v_rect_ctx),
    EASEL_METHOD("drawRect:inContext:", "v@:" RECT_ARG CONTEXT_ARG, v_rect_ctx),
};

/* ---- GraphControllerTwin : ViewController -------------------------------- */

typedef struct GraphControllerStorage {
    easel_color fillColor;
    bool drawsBorder;
} GraphControllerStorage;

static const easel_color kClear = {0, 0, 0, 0};
static const bool kTrue = true;
static const easel_property_desc kControllerProperties[] = {
    EASEL_PROPERTY("fillColor", EASEL_ENCODE_COLOR, GraphControllerStorage, fillColor, &kClear),
    EASEL_PROPERTY("drawsBorder", "B", GraphControllerStorage, drawsBorder, &kTrue),
};
static const easel_method_desc kControllerMethods[] = {
    EASEL_METHOD("viewDidLoad", "v@:", v_),
    EASEL_METHOD("drawView:inRect:inContext:", "v@:@" RECT_ARG CONTEXT_ARG, v_obj_rect_ctx),
};

/* ---- BubbleViewTwin : View ------------------------------------------------ */

typedef struct BubbleViewStorage {
    easel_color borderColor;
    double borderWidth;
    double cornerRadius;
    double tailWidth;
    double tailHeight;
    double padding;
    easel_color fillColor;
    double shading;
    easel_color shadowColor;
    easel_size shadowOffset;
    double shadowBlur;
} BubbleViewStorage;

static const easel_color kBubbleBorder = {0.2, 0.2, 0.2, 1};
static const easel_color kWhite = {1, 1, 1, 1};
static const double kTwelve = 12, kTwentyFour = 24, kFourteen = 14, kFour = 4, kShading = 0.08;
static const easel_color kShadowColor = {0, 0, 0, 0.3};
static const easel_size kShadowOffset = {0, 2};
static const easel_property_desc kBubbleProperties[] = {
    EASEL_PROPERTY("borderColor", EASEL_ENCODE_COLOR, BubbleViewStorage, borderColor, &kBubbleBorder),
    EASEL_PROPERTY("borderWidth", "d", BubbleViewStorage, borderWidth, &kTwo),
    EASEL_PROPERTY("cornerRadius", "d", BubbleViewStorage, cornerRadius, &kTwelve),
    EASEL_PROPERTY("tailWidth", "d", BubbleViewStorage, tailWidth, &kTwentyFour),
    EASEL_PROPERTY("tailHeight", "d", BubbleViewStorage, tailHeight, &kFourteen),
    EASEL_PROPERTY("padding", "d", BubbleViewStorage, padding, &kFour),
    EASEL_PROPERTY("fillColor", EASEL_ENCODE_COLOR, BubbleViewStorage, fillColor, &kWhite),
    EASEL_PROPERTY("shading", "d", BubbleViewStorage, shading, &kShading),
    EASEL_PROPERTY("shadowColor", EASEL_ENCODE_COLOR, BubbleViewStorage, shadowColor, &kShadowColor),
    EASEL_PROPERTY("shadowOffset", EASEL_ENCODE_SIZE, BubbleViewStorage, shadowOffset, &kShadowOffset),
    EASEL_PROPERTY("shadowBlur", "d", BubbleViewStorage, shadowBlur, &kFour),
};
static const easel_method_desc kBubbleMethods[] = {
    EASEL_METHOD("init", "v@:", v_),
    EASEL_METHOD("didAddSubview:", "v@:@", v_obj),
    EASEL_METHOD("prepareForInterfaceBuilder", "v@:", v_),
    EASEL_METHOD("layoutSubviews", "v@:", v_),
    EASEL_METHOD("sizeThatFits:", EASEL_ENCODE_SIZE "@:" EASEL_ENCODE_SIZE, size_size),
    EASEL_METHOD("drawRect:", "v@:" RECT_ARG, v_rect),
    EASEL_METHOD("drawTail:", "v@:" RECT_ARG, v_rect),
};

/* ---- The plugin ----------------------------------------------------------- */

static const easel_class_desc kClasses[] = {
    EASEL_CLASS("KitProbeTwin", "View", sizeof(KitProbeStorage), kProbeProperties, kProbeMethods),
    EASEL_CLASS("KitProbeChildTwin", "KitProbeTwin", sizeof(KitProbeChildStorage), kChildProperties, kChildMethods),
    EASEL_CLASS("ChartTwin", "Swatch", sizeof(ChartStorage), kChartProperties, kChartMethods),
    EASEL_CLASS_WITHOUT_PROPERTIES("ChartCoordinatorTwin", "Object", 0, kCoordinatorMethods),
    EASEL_CLASS("GraphViewTwin", "RHView", sizeof(GraphViewStorage), kGraphProperties, kGraphMethods),
    EASEL_CLASS("GraphControllerTwin", "ViewController", sizeof(GraphControllerStorage), kControllerProperties,
                kControllerMethods),
    EASEL_CLASS("BubbleViewTwin", "View", sizeof(BubbleViewStorage), kBubbleProperties, kBubbleMethods),
};

EASEL_DEFINE_PLUGIN(kPlugin, "kit_twin", kClasses);

EASEL_PLUGIN_ENTRY(host) {
    (void)host;
    return &kPlugin;
}
