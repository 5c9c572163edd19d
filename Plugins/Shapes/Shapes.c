/*
 * Shapes — a sample Easel widget plugin written in C (libShapes.so).
 *
 * Classes
 *   Swatch : View   a filled (optionally rounded) rectangle of one colour, plus
 *                   a few methods that exercise the host's argument and return
 *                   handling (struct, int, bool and string arguments; struct
 *                   and small-integer returns).
 *   Tally  : View   a cheap, deterministic accumulator for benchmarks and for
 *                   checking that the host's call paths agree with each other.
 *   Tile   : View   a speech-bubble tile for the view-rendering benchmark: the
 *                   view's backgroundColor fills it, drawRect: strokes a 2 pt
 *                   rounded rectangle (`borderColor`, `cornerRadius`) inset by
 *                   1 pt inside its bounds, and an overlay that its init adds
 *                   (views->add_overlay, selector drawTail:) fills a triangle
 *                   (`tailColor`) at the bottom centre of the bounds, over any
 *                   subviews. Both draw from views->bounds, not from the rect
 *                   argument.
 *
 * Everything here is read from easel.h only. Methods are C functions shaped
 * like Objective-C IMPs: (self, _cmd, declared arguments...).
 */
#include "easel.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The host table, kept for the life of the process (see easel.h). */
static const easel_host_api *g_host;

static const double kPi = 3.14159265358979323846;

/* ------------------------------------------------------------------------ */
/* Helpers                                                                   */
/* ------------------------------------------------------------------------ */

/*
 * Looks a class up once and caches it. class_named only works once the
 * plugin's classes are registered, i.e. inside method calls, never in the
 * entry point.
 */
static easel_class *cached_class(easel_class **cache, const char *name) {
    if (*cache == NULL) {
        *cache = g_host->class_named(name);
    }
    return *cache;
}

static double min_double(double a, double b) { return a < b ? a : b; }

/* A corner radius that fits `r`: at most half the shorter side (larger would
   make the arcs overlap), and not negative. */
static double fitted_radius(double radius, easel_rect r) {
    double limit = min_double(r.size.width, r.size.height) / 2;
    if (radius > limit) {
        radius = limit;
    }
    return radius < 0 ? 0 : radius;
}

/* ------------------------------------------------------------------------ */
/* Swatch : View                                                             */
/* ------------------------------------------------------------------------ */

typedef struct SwatchStorage {
    easel_color color;
    double cornerRadius;
} SwatchStorage;

static SwatchStorage *swatch_storage(easel_object *self) {
    static easel_class *cls;
    return (SwatchStorage *)g_host->object_storage(self, cached_class(&cls, "Swatch"));
}

/* Adds a rounded rectangle to the current path, built from lines and arcs. */
static void add_rounded_rect(const easel_graphics_api *g, easel_context *ctx, easel_rect r,
                             double radius) {
    double minX = r.origin.x, minY = r.origin.y;
    double maxX = minX + r.size.width, maxY = minY + r.size.height;
    g->move_to(ctx, minX + radius, minY);
    g->add_line_to(ctx, maxX - radius, minY);
    g->add_arc(ctx, maxX - radius, minY + radius, radius, -kPi / 2, 0, 0);
    g->add_line_to(ctx, maxX, maxY - radius);
    g->add_arc(ctx, maxX - radius, maxY - radius, radius, 0, kPi / 2, 0);
    g->add_line_to(ctx, minX + radius, maxY);
    g->add_arc(ctx, minX + radius, maxY - radius, radius, kPi / 2, kPi, 0);
    g->add_line_to(ctx, minX, minY + radius);
    g->add_arc(ctx, minX + radius, minY + radius, radius, kPi, 3 * kPi / 2, 0);
    g->close_path(ctx);
}

/* - (void)drawRect:(CGRect)rect */
static void Swatch_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)_cmd;
    const easel_graphics_api *g = g_host->graphics;
    easel_context *ctx = g->current_context();
    SwatchStorage *s = swatch_storage(self);
    if (ctx == NULL || s == NULL) {
        return;
    }
    double radius = fitted_radius(s->cornerRadius, rect);

    g->save_state(ctx);
    g->set_fill_color(ctx, s->color);
    if (radius > 0) {
        g->begin_path(ctx);
        add_rounded_rect(g, ctx, rect, radius);
        g->fill_path(ctx, EASEL_FILL_NONZERO);
    } else {
        g->fill_rect(ctx, rect);
    }
    g->restore_state(ctx);
}

/* - (void)drawBadgeAt:(CGPoint)center count:(int)count filled:(BOOL)filled label:(const char *)label */
static void Swatch_drawBadge(easel_object *self, easel_sel _cmd, easel_point center, int32_t count,
                             bool filled, const char *label) {
    (void)_cmd;
    const easel_graphics_api *g = g_host->graphics;
    easel_context *ctx = g->current_context();
    SwatchStorage *s = swatch_storage(self);
    if (ctx == NULL || s == NULL) {
        return;
    }
    double radius = 10.0 + (double)count;
    if (radius < 0) {
        radius = 0;
    }
    easel_rect circle = {{center.x - radius, center.y - radius}, {2 * radius, 2 * radius}};

    g->save_state(ctx);
    g->begin_path(ctx);
    g->add_ellipse_in_rect(ctx, circle);
    if (filled) {
        g->set_fill_color(ctx, s->color);
        g->fill_path(ctx, EASEL_FILL_NONZERO);
    } else {
        g->set_stroke_color(ctx, s->color);
        g->set_line_width(ctx, 2);
        g->stroke_path(ctx);
    }
    if (label != NULL) {
        easel_color black = {0, 0, 0, 1};
        g->set_fill_color(ctx, black);
        g->set_font(ctx, "Sans", 12);
        g->show_text(ctx, label, center.x + radius + 4, center.y + 4);
    }
    g->restore_state(ctx);
}

/* - (CGSize)sizeThatFits:(CGSize)size — the largest square that fits. */
static easel_size Swatch_sizeThatFits(easel_object *self, easel_sel _cmd, easel_size size) {
    (void)self;
    (void)_cmd;
    double m = min_double(size.width, size.height);
    easel_size result = {m, m};
    return result;
}

/* - (BOOL)isRounded */
static bool Swatch_isRounded(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    SwatchStorage *s = swatch_storage(self);
    return s != NULL && s->cornerRadius > 0;
}

static const easel_color kSwatchDefaultColor = {1, 0, 0, 1}; /* opaque red */
static const double kSwatchDefaultCornerRadius = 0;

static const easel_property_desc kSwatchProperties[] = {
    {EASEL_ABI_VERSION, sizeof(easel_property_desc), "color", EASEL_ENCODE_COLOR,
     offsetof(SwatchStorage, color), &kSwatchDefaultColor},
    {EASEL_ABI_VERSION, sizeof(easel_property_desc), "cornerRadius", "d",
     offsetof(SwatchStorage, cornerRadius), &kSwatchDefaultCornerRadius},
};

static const easel_method_desc kSwatchMethods[] = {
    {EASEL_ABI_VERSION, sizeof(easel_method_desc), "drawRect:", "v@:" EASEL_ENCODE_RECT,
     (easel_imp)Swatch_drawRect},
    {EASEL_ABI_VERSION, sizeof(easel_method_desc), "drawBadgeAt:count:filled:label:",
     "v@:" EASEL_ENCODE_POINT "iB*", (easel_imp)Swatch_drawBadge},
    {EASEL_ABI_VERSION, sizeof(easel_method_desc), "sizeThatFits:",
     EASEL_ENCODE_SIZE "@:" EASEL_ENCODE_SIZE, (easel_imp)Swatch_sizeThatFits},
    {EASEL_ABI_VERSION, sizeof(easel_method_desc), "isRounded", "B@:",
     (easel_imp)Swatch_isRounded},
};

/* ------------------------------------------------------------------------ */
/* Tally : View                                                              */
/* ------------------------------------------------------------------------ */

typedef struct TallyStorage {
    int64_t calls;
    double sum;
} TallyStorage;

static TallyStorage *tally_storage(easel_object *self) {
    static easel_class *cls;
    return (TallyStorage *)g_host->object_storage(self, cached_class(&cls, "Tally"));
}

static double rect_checksum(easel_rect r) {
    return r.origin.x + 2 * r.origin.y + 3 * r.size.width + 4 * r.size.height;
}

/* - (void)drawRect:(CGRect)rect — counts and sums, draws nothing. */
static void Tally_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)_cmd;
    TallyStorage *t = tally_storage(self);
    if (t == NULL) {
        return;
    }
    t->calls += 1;
    t->sum += rect_checksum(rect);
}

/* - (void)ping */
static void Tally_ping(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    TallyStorage *t = tally_storage(self);
    if (t == NULL) {
        return;
    }
    t->calls += 1;
}

/* - (void)drawView:(id)view inRect:(CGRect)rect inContext:(CGContextRef)ctx */
static void Tally_drawView(easel_object *self, easel_sel _cmd, easel_object *view, easel_rect rect,
                           void *ctx) {
    (void)_cmd;
    TallyStorage *t = tally_storage(self);
    if (t == NULL) {
        return;
    }
    t->calls += 1;
    t->sum += rect_checksum(rect) + (view != NULL ? 1000 : 0) + (ctx != NULL ? 10000 : 0);
}

/* - (double)addInt:(int)i toDouble:(double)d */
static double Tally_addInt(easel_object *self, easel_sel _cmd, int32_t i, double d) {
    (void)self;
    (void)_cmd;
    return (double)i + d;
}

static const easel_property_desc kTallyProperties[] = {
    {EASEL_ABI_VERSION, sizeof(easel_property_desc), "calls", "q", offsetof(TallyStorage, calls),
     NULL /* zero */},
    {EASEL_ABI_VERSION, sizeof(easel_property_desc), "sum", "d", offsetof(TallyStorage, sum),
     NULL /* zero */},
};

static const easel_method_desc kTallyMethods[] = {
    {EASEL_ABI_VERSION, sizeof(easel_method_desc), "drawRect:", "v@:" EASEL_ENCODE_RECT,
     (easel_imp)Tally_drawRect},
    {EASEL_ABI_VERSION, sizeof(easel_method_desc), "ping", "v@:", (easel_imp)Tally_ping},
    {EASEL_ABI_VERSION, sizeof(easel_method_desc), "drawView:inRect:inContext:",
     "v@:@" EASEL_ENCODE_RECT EASEL_ENCODE_CONTEXT, (easel_imp)Tally_drawView},
    {EASEL_ABI_VERSION, sizeof(easel_method_desc), "addInt:toDouble:", "d@:id",
     (easel_imp)Tally_addInt},
};

/* ------------------------------------------------------------------------ */
/* Tile : View                                                               */
/* ------------------------------------------------------------------------ */

typedef struct TileStorage {
    easel_color borderColor;
    easel_color tailColor;
    double cornerRadius;
} TileStorage;

static TileStorage *tile_storage(easel_object *self) {
    static easel_class *cls;
    return (TileStorage *)g_host->object_storage(self, cached_class(&cls, "Tile"));
}

/* - (void)init — adds the overlay that draws the tail. */
static void Tile_init(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    static easel_sel drawTail;
    if (drawTail == NULL) {
        drawTail = g_host->sel_register("drawTail:");
    }
    g_host->views->add_overlay(self, drawTail);
}

/* - (void)drawRect:(CGRect)rect — the border: 2 pt wide, inset by 1 pt, so it lies inside the bounds. */
static void Tile_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)_cmd;
    (void)rect;
    const easel_graphics_api *g = g_host->graphics;
    easel_context *ctx = g->current_context();
    TileStorage *t = tile_storage(self);
    if (ctx == NULL || t == NULL) {
        return;
    }
    easel_rect b = g_host->views->bounds(self);
    easel_rect inset = {{b.origin.x + 1, b.origin.y + 1}, {b.size.width - 2, b.size.height - 2}};
    if (inset.size.width <= 0 || inset.size.height <= 0) {
        return;
    }
    double radius = fitted_radius(t->cornerRadius, inset);
    g->set_stroke_color(ctx, t->borderColor);
    g->set_line_width(ctx, 2);
    g->begin_path(ctx);
    add_rounded_rect(g, ctx, inset, radius);
    g->stroke_path(ctx);
}

/* - (void)drawTail:(CGRect)rect — the overlay's drawing: a triangle pointing
   down, a quarter of the width wide and a fifth of the height tall, its tip
   on the middle of the bottom edge. */
static void Tile_drawTail(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)_cmd;
    (void)rect;
    const easel_graphics_api *g = g_host->graphics;
    easel_context *ctx = g->current_context();
    TileStorage *t = tile_storage(self);
    if (ctx == NULL || t == NULL) {
        return;
    }
    easel_rect b = g_host->views->bounds(self);
    double midX = b.origin.x + b.size.width / 2;
    double bottom = b.origin.y + b.size.height;
    double halfWidth = b.size.width / 8;
    double height = b.size.height / 5;
    g->set_fill_color(ctx, t->tailColor);
    g->begin_path(ctx);
    g->move_to(ctx, midX - halfWidth, bottom - height);
    g->add_line_to(ctx, midX + halfWidth, bottom - height);
    g->add_line_to(ctx, midX, bottom);
    g->close_path(ctx);
    g->fill_path(ctx, EASEL_FILL_NONZERO);
}

static const easel_color kTileDefaultBorder = {0, 0, 0, 1};    /* opaque black */
static const easel_color kTileDefaultTail = {1, 0, 0, 1};      /* opaque red */
static const double kTileDefaultCornerRadius = 6;

static const easel_property_desc kTileProperties[] = {
    {EASEL_ABI_VERSION, sizeof(easel_property_desc), "borderColor", EASEL_ENCODE_COLOR,
     offsetof(TileStorage, borderColor), &kTileDefaultBorder},
    {EASEL_ABI_VERSION, sizeof(easel_property_desc), "tailColor", EASEL_ENCODE_COLOR,
     offsetof(TileStorage, tailColor), &kTileDefaultTail},
    {EASEL_ABI_VERSION, sizeof(easel_property_desc), "cornerRadius", "d",
     offsetof(TileStorage, cornerRadius), &kTileDefaultCornerRadius},
};

static const easel_method_desc kTileMethods[] = {
    {EASEL_ABI_VERSION, sizeof(easel_method_desc), "init", "v@:", (easel_imp)Tile_init},
    {EASEL_ABI_VERSION, sizeof(easel_method_desc), "drawRect:", "v@:" EASEL_ENCODE_RECT,
     (easel_imp)Tile_drawRect},
    {EASEL_ABI_VERSION, sizeof(easel_method_desc), "drawTail:", "v@:" EASEL_ENCODE_RECT,
     (easel_imp)Tile_drawTail},
};

/* ------------------------------------------------------------------------ */
/* The plugin                                                                */
/* ------------------------------------------------------------------------ */

#define COUNT(array) ((uint32_t)(sizeof(array) / sizeof((array)[0])))

static const easel_class_desc kClasses[] = {
    {EASEL_ABI_VERSION, sizeof(easel_class_desc), "Swatch", "View", sizeof(SwatchStorage),
     COUNT(kSwatchProperties), COUNT(kSwatchMethods), kSwatchProperties, kSwatchMethods},
    {EASEL_ABI_VERSION, sizeof(easel_class_desc), "Tally", "View", sizeof(TallyStorage),
     COUNT(kTallyProperties), COUNT(kTallyMethods), kTallyProperties, kTallyMethods},
    {EASEL_ABI_VERSION, sizeof(easel_class_desc), "Tile", "View", sizeof(TileStorage),
     COUNT(kTileProperties), COUNT(kTileMethods), kTileProperties, kTileMethods},
};

static const easel_plugin_desc plugin = {
    EASEL_ABI_VERSION, sizeof(easel_plugin_desc), "Shapes", EASEL_LAYOUT_INIT,
    COUNT(kClasses),   kClasses,
};

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &plugin;
}
