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
 *   GraphControllerTwin : Object   Plugins/GraphControl's GraphController
 *   BubbleViewTwin : View          Plugins/Bubble's BubbleView
 *
 * Written the way a C plugin author would write them from easel.h alone:
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

#include <stdbool.h>

#define PROP(storage, field, encoding, name, def) \
    {EASEL_ABI_VERSION, sizeof(easel_property_desc), name, encoding, offsetof(storage, field), def}
#define METHOD(sel, encoding, fn) {EASEL_ABI_VERSION, sizeof(easel_method_desc), sel, encoding, (easel_imp)fn}
#define CLASS(name, super, storage_size, props, nprops, methods) \
    {EASEL_ABI_VERSION, sizeof(easel_class_desc), name, super, storage_size, nprops, \
     sizeof(methods) / sizeof(methods[0]), props, methods}

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
    PROP(KitProbeStorage, title, EASEL_ENCODE_STRING, "title", &kTitle),
    PROP(KitProbeStorage, names, EASEL_ENCODE_STRING_ARRAY, "names", &kNames),
    PROP(KitProbeStorage, curve, EASEL_ENCODE_POINT_ARRAY, "curve", &kCurve),
    PROP(KitProbeStorage, count, "i", "count", &kCount),
    PROP(KitProbeStorage, flag, "B", "flag", &kFlag),
    PROP(KitProbeStorage, big, "q", "big", &kBig),
    PROP(KitProbeStorage, ratio, "f", "ratio", &kRatio),
    PROP(KitProbeStorage, origin, EASEL_ENCODE_POINT, "origin", &kOrigin),
    PROP(KitProbeStorage, extent, EASEL_ENCODE_SIZE, "extent", &kExtent),
    PROP(KitProbeStorage, area, EASEL_ENCODE_RECT, "area", &kArea),
    PROP(KitProbeStorage, tint, EASEL_ENCODE_COLOR, "tint", &kTint),
    PROP(KitProbeStorage, transform, EASEL_ENCODE_TRANSFORM, "transform", &kIdentity),
    PROP(KitProbeStorage, displayName, EASEL_ENCODE_STRING, "displayName", &kEmpty),
};
static const easel_method_desc kProbeMethods[] = {
    METHOD("init", "v@:", v_),
    METHOD("layoutSubviews", "v@:", v_),
    METHOD("drawRect:", "v@:" RECT_ARG, v_rect),
    METHOD("drawMark:", "v@:" RECT_ARG, v_rect),
    METHOD("drawProbe:inContext:", "v@:" RECT_ARG CONTEXT_ARG, v_rect_ctx),
    METHOD("drawView:inRect:inContext:", "v@:@" RECT_ARG CONTEXT_ARG, v_obj_rect_ctx),
    METHOD("sizeThatFits:", EASEL_ENCODE_SIZE "@:" EASEL_ENCODE_SIZE, size_size),
    METHOD("touchesBegan:withEvent:", "v@:@@", v_obj_obj),
    METHOD("hitTest:withEvent:", "@@:" EASEL_ENCODE_POINT "@", obj_point_obj),
    METHOD("pointInside:withEvent:", "B@:" EASEL_ENCODE_POINT "@", bool_point_obj),
    METHOD("willMoveToSuperview:", "v@:@", v_obj),
    METHOD("summarize", "v@:", v_),
    METHOD("scaledRatio:", "d@:d", d_d),
    METHOD("rename", "v@:", v_),
};

/* ---- KitProbeChildTwin : KitProbeTwin ------------------------------------ */

typedef struct KitProbeChildStorage {
    double border;
} KitProbeChildStorage;

static const double kOne = 1.0;
static const easel_property_desc kChildProperties[] = {
    PROP(KitProbeChildStorage, border, "d", "border", &kOne),
};
static const easel_method_desc kChildMethods[] = {
    METHOD("drawRect:", "v@:" RECT_ARG, v_rect),
    METHOD("summarize", "v@:", v_),
};

/* ---- ChartTwin : Swatch, ChartCoordinatorTwin : Object ------------------- */

typedef struct ChartStorage {
    easel_color lineColor;
    double lineWidth;
} ChartStorage;

static const easel_color kBlue = {0, 0, 1, 1};
static const double kTwo = 2.0;
static const easel_property_desc kChartProperties[] = {
    PROP(ChartStorage, lineColor, EASEL_ENCODE_COLOR, "lineColor", &kBlue),
    PROP(ChartStorage, lineWidth, "d", "lineWidth", &kTwo),
};
static const easel_method_desc kChartMethods[] = {
    METHOD("drawRect:", "v@:" RECT_ARG, v_rect),
    METHOD("drawCurve:inContext:", "v@:" RECT_ARG CONTEXT_ARG, v_rect_ctx),
    METHOD("drawBorder:inContext:", "v@:" RECT_ARG CONTEXT_ARG, v_rect_ctx),
};
static const easel_method_desc kCoordinatorMethods[] = {
    METHOD("drawView:inRect:inContext:", "v@:@" RECT_ARG CONTEXT_ARG, v_obj_rect_ctx),
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
    PROP(GraphViewStorage, curve, EASEL_ENCODE_POINT_ARRAY, "curve", NULL),
    PROP(GraphViewStorage, lineColor, EASEL_ENCODE_COLOR, "lineColor", &kGraphLine),
    PROP(GraphViewStorage, lineWidth, "d", "lineWidth", &kTwo),
    PROP(GraphViewStorage, borderColor, EASEL_ENCODE_COLOR, "borderColor", &kGraphBorder),
    PROP(GraphViewStorage, borderWidth, "d", "borderWidth", &kOne),
    PROP(GraphViewStorage, gridSpacing, "d", "gridSpacing", &kZero),
    PROP(GraphViewStorage, gridColor, EASEL_ENCODE_COLOR, "gridColor", &kGraphGrid),
};
static const easel_method_desc kGraphMethods[] = {
    METHOD("init", "v@:", v_),
    METHOD("drawGrid:inContext:", "v@:" RECT_ARG CONTEXT_ARG, v_rect_ctx),
    METHOD("drawCurve:inContext:", "v@:" RECT_ARG CONTEXT_ARG, v_rect_ctx),
    METHOD("drawBorder:inContext:", "v@:" RECT_ARG CONTEXT_ARG, v_rect_ctx),
    METHOD("drawRect:inContext:", "v@:" RECT_ARG CONTEXT_ARG, v_rect_ctx),
};

/* ---- GraphControllerTwin : Object ---------------------------------------- */

typedef struct GraphControllerStorage {
    easel_color fillColor;
    bool drawsBorder;
} GraphControllerStorage;

static const easel_color kClear = {0, 0, 0, 0};
static const bool kTrue = true;
static const easel_property_desc kControllerProperties[] = {
    PROP(GraphControllerStorage, fillColor, EASEL_ENCODE_COLOR, "fillColor", &kClear),
    PROP(GraphControllerStorage, drawsBorder, "B", "drawsBorder", &kTrue),
};
static const easel_method_desc kControllerMethods[] = {
    METHOD("drawView:inRect:inContext:", "v@:@" RECT_ARG CONTEXT_ARG, v_obj_rect_ctx),
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
} BubbleViewStorage;

static const easel_color kBubbleBorder = {0.2, 0.2, 0.2, 1};
static const easel_color kWhite = {1, 1, 1, 1};
static const double kTwelve = 12, kTwentyFour = 24, kFourteen = 14, kFour = 4;
static const easel_property_desc kBubbleProperties[] = {
    PROP(BubbleViewStorage, borderColor, EASEL_ENCODE_COLOR, "borderColor", &kBubbleBorder),
    PROP(BubbleViewStorage, borderWidth, "d", "borderWidth", &kTwo),
    PROP(BubbleViewStorage, cornerRadius, "d", "cornerRadius", &kTwelve),
    PROP(BubbleViewStorage, tailWidth, "d", "tailWidth", &kTwentyFour),
    PROP(BubbleViewStorage, tailHeight, "d", "tailHeight", &kFourteen),
    PROP(BubbleViewStorage, padding, "d", "padding", &kFour),
    PROP(BubbleViewStorage, fillColor, EASEL_ENCODE_COLOR, "fillColor", &kWhite),
};
static const easel_method_desc kBubbleMethods[] = {
    METHOD("init", "v@:", v_),
    METHOD("didAddSubview:", "v@:@", v_obj),
    METHOD("layoutSubviews", "v@:", v_),
    METHOD("sizeThatFits:", EASEL_ENCODE_SIZE "@:" EASEL_ENCODE_SIZE, size_size),
    METHOD("drawRect:", "v@:" RECT_ARG, v_rect),
    METHOD("drawTail:", "v@:" RECT_ARG, v_rect),
};

/* ---- The plugin ----------------------------------------------------------- */

#define COUNT(a) (sizeof(a) / sizeof(a[0]))

static const easel_class_desc kClasses[] = {
    CLASS("KitProbeTwin", "View", sizeof(KitProbeStorage), kProbeProperties, COUNT(kProbeProperties), kProbeMethods),
    CLASS("KitProbeChildTwin", "KitProbeTwin", sizeof(KitProbeChildStorage), kChildProperties,
          COUNT(kChildProperties), kChildMethods),
    CLASS("ChartTwin", "Swatch", sizeof(ChartStorage), kChartProperties, COUNT(kChartProperties), kChartMethods),
    CLASS("ChartCoordinatorTwin", "Object", 0, NULL, 0, kCoordinatorMethods),
    CLASS("GraphViewTwin", "RHView", sizeof(GraphViewStorage), kGraphProperties, COUNT(kGraphProperties),
          kGraphMethods),
    CLASS("GraphControllerTwin", "Object", sizeof(GraphControllerStorage), kControllerProperties,
          COUNT(kControllerProperties), kControllerMethods),
    CLASS("BubbleViewTwin", "View", sizeof(BubbleViewStorage), kBubbleProperties, COUNT(kBubbleProperties),
          kBubbleMethods),
};

static const easel_plugin_desc kPlugin = {
    EASEL_ABI_VERSION, sizeof(easel_plugin_desc), "kit_twin", EASEL_LAYOUT_INIT, COUNT(kClasses), kClasses,
};

EASEL_PLUGIN_ENTRY(host) {
    (void)host;
    return &kPlugin;
}
