/*
 * A GOOD fixture: widgets that drive the view system from plugin code only,
 * through the host's view table (easel.h, "Views", Since: 1.1).
 *
 *   Panel : View          fills its bounds with `fill`; its init creates two
 *                         Dot subviews (tags 1 and 2) that its layoutSubviews
 *                         places side by side; a touch turns it green, counts
 *                         the touch, records where it was and marks the panel
 *                         for display; logs every lifecycle callback.
 *   Dot : View            fills its bounds with `color`.
 *   Plot : RHView         a right-handed view: drawCurve:inContext: draws a 2x2
 *                         dot centred on `point`, drawBorder:inContext: strokes
 *                         the bounds in `border`.
 *   PlotDelegate : Object drawView:inRect:inContext: sends the two to the view.
 *   Marked : View         its init adds an overlay that draws a 10x10 red
 *                         square at the top left of the view, over every subview.
 */
#include "easel.h"

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
static const easel_property_desc kPanelProperties[] = {
    {EASEL_ABI_VERSION, sizeof(easel_property_desc), "fill", EASEL_ENCODE_COLOR, offsetof(PanelStorage, fill), &kPanelFill},
    {EASEL_ABI_VERSION, sizeof(easel_property_desc), "touches", "i", offsetof(PanelStorage, touches), NULL},
    {EASEL_ABI_VERSION, sizeof(easel_property_desc), "layouts", "i", offsetof(PanelStorage, layouts), NULL},
    {EASEL_ABI_VERSION, sizeof(easel_property_desc), "lastTouch", EASEL_ENCODE_POINT, offsetof(PanelStorage, lastTouch), NULL},
};
static const easel_method_desc kPanelMethods[] = {
    {EASEL_ABI_VERSION, sizeof(easel_method_desc), "init", "v@:", (easel_imp)Panel_init},
    {EASEL_ABI_VERSION, sizeof(easel_method_desc), "layoutSubviews", "v@:", (easel_imp)Panel_layoutSubviews},
    {EASEL_ABI_VERSION, sizeof(easel_method_desc), "drawRect:", "v@:" EASEL_ENCODE_RECT, (easel_imp)Panel_drawRect},
    {EASEL_ABI_VERSION, sizeof(easel_method_desc), "touchesBegan:withEvent:", "v@:@@", (easel_imp)Panel_touchesBegan},
    {EASEL_ABI_VERSION, sizeof(easel_method_desc), "willMoveToSuperview:", "v@:@", (easel_imp)Panel_willMoveToSuperview},
    {EASEL_ABI_VERSION, sizeof(easel_method_desc), "didMoveToSuperview", "v@:", (easel_imp)Panel_didMoveToSuperview},
    {EASEL_ABI_VERSION, sizeof(easel_method_desc), "willMoveToWindow:", "v@:@", (easel_imp)Panel_willMoveToWindow},
    {EASEL_ABI_VERSION, sizeof(easel_method_desc), "didMoveToWindow", "v@:", (easel_imp)Panel_didMoveToWindow},
    {EASEL_ABI_VERSION, sizeof(easel_method_desc), "didAddSubview:", "v@:@", (easel_imp)Panel_didAddSubview},
    {EASEL_ABI_VERSION, sizeof(easel_method_desc), "willRemoveSubview:", "v@:@", (easel_imp)Panel_willRemoveSubview},
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

static const easel_property_desc kDotProperties[] = {
    {EASEL_ABI_VERSION, sizeof(easel_property_desc), "color", EASEL_ENCODE_COLOR, offsetof(DotStorage, color), NULL},
};
static const easel_method_desc kDotMethods[] = {
    {EASEL_ABI_VERSION, sizeof(easel_method_desc), "drawRect:", "v@:" EASEL_ENCODE_RECT, (easel_imp)Dot_drawRect},
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
    {EASEL_ABI_VERSION, sizeof(easel_property_desc), "point", EASEL_ENCODE_POINT, offsetof(PlotStorage, point), NULL},
    {EASEL_ABI_VERSION, sizeof(easel_property_desc), "border", EASEL_ENCODE_COLOR, offsetof(PlotStorage, border), &kPlotBorder},
};
static const easel_method_desc kPlotMethods[] = {
    {EASEL_ABI_VERSION, sizeof(easel_method_desc), "drawCurve:inContext:", "v@:" EASEL_ENCODE_RECT EASEL_ENCODE_CONTEXT, (easel_imp)Plot_drawCurve},
    {EASEL_ABI_VERSION, sizeof(easel_method_desc), "drawBorder:inContext:", "v@:" EASEL_ENCODE_RECT EASEL_ENCODE_CONTEXT, (easel_imp)Plot_drawBorder},
};
static const easel_method_desc kPlotDelegateMethods[] = {
    {EASEL_ABI_VERSION, sizeof(easel_method_desc), "drawView:inRect:inContext:",
     "v@:@" EASEL_ENCODE_RECT EASEL_ENCODE_CONTEXT, (easel_imp)PlotDelegate_drawView},
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
    {EASEL_ABI_VERSION, sizeof(easel_method_desc), "init", "v@:", (easel_imp)Marked_init},
    {EASEL_ABI_VERSION, sizeof(easel_method_desc), "drawMark:", "v@:" EASEL_ENCODE_RECT, (easel_imp)Marked_drawMark},
};

/* ---- The plugin -------------------------------------------------------- */

#define COUNT(a) (uint32_t)(sizeof(a) / sizeof((a)[0]))

static const easel_class_desc kClasses[] = {
    {EASEL_ABI_VERSION, sizeof(easel_class_desc), "Panel", "View", sizeof(PanelStorage),
     COUNT(kPanelProperties), COUNT(kPanelMethods), kPanelProperties, kPanelMethods},
    {EASEL_ABI_VERSION, sizeof(easel_class_desc), "Dot", "View", sizeof(DotStorage),
     COUNT(kDotProperties), COUNT(kDotMethods), kDotProperties, kDotMethods},
    {EASEL_ABI_VERSION, sizeof(easel_class_desc), "Plot", "RHView", sizeof(PlotStorage),
     COUNT(kPlotProperties), COUNT(kPlotMethods), kPlotProperties, kPlotMethods},
    {EASEL_ABI_VERSION, sizeof(easel_class_desc), "PlotDelegate", "Object", 0,
     0, COUNT(kPlotDelegateMethods), NULL, kPlotDelegateMethods},
    {EASEL_ABI_VERSION, sizeof(easel_class_desc), "Marked", "View", 0,
     0, COUNT(kMarkedMethods), NULL, kMarkedMethods},
};

static const easel_plugin_desc kPlugin = {
    EASEL_ABI_VERSION, sizeof(easel_plugin_desc), "ViewWidgets", EASEL_LAYOUT_INIT, COUNT(kClasses), kClasses,
};

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &kPlugin;
}
