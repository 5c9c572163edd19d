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
 *   RingPainter : Object   a layer's delegate (a layer that is not a view,
 *                   easel.layer.v1): drawLayer:inContext: strokes the ellipse
 *                   inscribed in the layer's bounds, inset by half the line
 *                   width (`color`, `lineWidth`), and fills a dot of that
 *                   width's radius at its centre.
 *
 * Everything here is read from easel.h, with the description macros and the
 * rounded-rectangle path of easel_util.h. Methods are C functions shaped like
 * Objective-C IMPs: (self, _cmd, declared arguments...).
 */
#include "easel.h"
#include "easel_util.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The host table, kept for the life of the process (see easel.h). */
static const easel_host_api *g_host;

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
   make the arcs overlap), and not negative. The same clamp as
   easel_add_rounded_rect's; Swatch uses it to fill a plain rect when the
   fitted radius is 0. */
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
    int32_t style; /* SwatchStyle */
} SwatchStorage;

/* Swatch's "style", an enumeration whose names the plugin's metadata gives
   (a scene writes "style": "pill"): the shape filled. */
enum SwatchStyle {
    SWATCH_STYLE_ROUNDED = 0, /* corners of `cornerRadius` (0: a plain rectangle) */
    SWATCH_STYLE_PILL = 1,    /* ends of half the shorter side */
    SWATCH_STYLE_CIRCLE = 2   /* the ellipse in the rect */
};

static SwatchStorage *swatch_storage(easel_object *self) {
    static easel_class *cls;
    return (SwatchStorage *)g_host->object_storage(self, cached_class(&cls, "Swatch"));
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
    double radius = fitted_radius(s->style == SWATCH_STYLE_PILL ? rect.size.width + rect.size.height : s->cornerRadius, rect);

    g->save_state(ctx);
    g->set_fill_color(ctx, s->color);
    if (s->style == SWATCH_STYLE_CIRCLE) {
        g->begin_path(ctx);
        g->add_ellipse_in_rect(ctx, rect);
        g->fill_path(ctx, EASEL_FILL_NONZERO);
    } else if (radius > 0) {
        g->begin_path(ctx);
        easel_add_rounded_rect(g, ctx, rect, radius);
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

/* - (void)setStyle:(int)style — the setter of "style" (easel invoke Swatch setStyle: pill). */
static void Swatch_setStyle(easel_object *self, easel_sel _cmd, int32_t style) {
    (void)_cmd;
    SwatchStorage *s = swatch_storage(self);
    if (s != NULL) {
        s->style = style;
        g_host->views->set_needs_display(self);
    }
}

static const easel_color kSwatchDefaultColor = {1, 0, 0, 1}; /* opaque red */
static const double kSwatchDefaultCornerRadius = 0;

static const easel_property_desc kSwatchProperties[] = {
    EASEL_PROPERTY("color", EASEL_ENCODE_COLOR, SwatchStorage, color, &kSwatchDefaultColor),
    EASEL_PROPERTY("cornerRadius", "d", SwatchStorage, cornerRadius, &kSwatchDefaultCornerRadius),
    EASEL_PROPERTY("style", "i", SwatchStorage, style, NULL /* SWATCH_STYLE_ROUNDED */),
};

static const easel_method_desc kSwatchMethods[] = {
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, Swatch_drawRect),
    EASEL_METHOD("drawBadgeAt:count:filled:label:", "v@:" EASEL_ENCODE_POINT "iB*", Swatch_drawBadge),
    EASEL_METHOD("sizeThatFits:", EASEL_ENCODE_SIZE "@:" EASEL_ENCODE_SIZE, Swatch_sizeThatFits),
    EASEL_METHOD("isRounded", "B@:", Swatch_isRounded),
    EASEL_METHOD("setStyle:", "v@:i", Swatch_setStyle),
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

/* - (void)prepareForInterfaceBuilder — sent by `easel gallery` after init. A Tally draws nothing
   itself, and an opaque view with no background shows black: the preview is a pale panel. */
static void Tally_prepareForInterfaceBuilder(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    easel_color pale = {0.88, 0.92, 0.98, 1};
    g_host->property_set(self, "backgroundColor", &pale);
}

/* - (double)addInt:(int)i toDouble:(double)d */
static double Tally_addInt(easel_object *self, easel_sel _cmd, int32_t i, double d) {
    (void)self;
    (void)_cmd;
    return (double)i + d;
}

static const easel_property_desc kTallyProperties[] = {
    EASEL_PROPERTY("calls", "q", TallyStorage, calls, NULL /* zero */),
    EASEL_PROPERTY("sum", "d", TallyStorage, sum, NULL /* zero */),
};

static const easel_method_desc kTallyMethods[] = {
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, Tally_drawRect),
    EASEL_METHOD("ping", "v@:", Tally_ping),
    EASEL_METHOD("drawView:inRect:inContext:", "v@:@" EASEL_ENCODE_RECT EASEL_ENCODE_CONTEXT, Tally_drawView),
    EASEL_METHOD("addInt:toDouble:", "d@:id", Tally_addInt),
    EASEL_METHOD("prepareForInterfaceBuilder", "v@:", Tally_prepareForInterfaceBuilder),
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
    g->set_stroke_color(ctx, t->borderColor);
    g->set_line_width(ctx, 2);
    g->begin_path(ctx);
    easel_add_rounded_rect(g, ctx, inset, t->cornerRadius); /* fits the radius to `inset` */
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

/* - (void)prepareForInterfaceBuilder — sent by `easel gallery` after init: a white background, so
   the border and the tail show (an opaque view with no background shows black). */
static void Tile_prepareForInterfaceBuilder(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    easel_color white = {1, 1, 1, 1};
    g_host->property_set(self, "backgroundColor", &white);
}

static const easel_color kTileDefaultBorder = {0, 0, 0, 1};    /* opaque black */
static const easel_color kTileDefaultTail = {1, 0, 0, 1};      /* opaque red */
static const double kTileDefaultCornerRadius = 6;

static const easel_property_desc kTileProperties[] = {
    EASEL_PROPERTY("borderColor", EASEL_ENCODE_COLOR, TileStorage, borderColor, &kTileDefaultBorder),
    EASEL_PROPERTY("tailColor", EASEL_ENCODE_COLOR, TileStorage, tailColor, &kTileDefaultTail),
    EASEL_PROPERTY("cornerRadius", "d", TileStorage, cornerRadius, &kTileDefaultCornerRadius),
};

static const easel_method_desc kTileMethods[] = {
    EASEL_METHOD("init", "v@:", Tile_init),
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, Tile_drawRect),
    EASEL_METHOD("drawTail:", "v@:" EASEL_ENCODE_RECT, Tile_drawTail),
    EASEL_METHOD("prepareForInterfaceBuilder", "v@:", Tile_prepareForInterfaceBuilder),
};

/* ------------------------------------------------------------------------ */
/* RingPainter : Object                                                      */
/* ------------------------------------------------------------------------ */

typedef struct RingPainterStorage {
    easel_color color;
    double lineWidth;
} RingPainterStorage;

/* - (void)drawLayer:(id)layer inContext:(easel_context *)ctx — in the layer's coordinates, clipped to its bounds */
static void RingPainter_drawLayer(easel_object *self, easel_sel _cmd, easel_object *layer, easel_context *ctx) {
    (void)_cmd;
    static easel_class *cls;
    RingPainterStorage *s = (RingPainterStorage *)g_host->object_storage(self, cached_class(&cls, "RingPainter"));
    easel_rect b;
    if (s == NULL || ctx == NULL || g_host->property_get(layer, "bounds", &b) != EASEL_OK) {
        return;
    }
    const easel_graphics_api *g = g_host->graphics;
    double w = s->lineWidth > 0 ? s->lineWidth : 0;
    easel_rect ring = {{b.origin.x + w / 2, b.origin.y + w / 2}, {b.size.width - w, b.size.height - w}};
    g->save_state(ctx);
    if (w > 0 && ring.size.width > 0 && ring.size.height > 0) {
        g->set_stroke_color(ctx, s->color);
        g->set_line_width(ctx, w);
        g->begin_path(ctx);
        g->add_ellipse_in_rect(ctx, ring);
        g->stroke_path(ctx);
    }
    easel_rect dot = {{b.origin.x + b.size.width / 2 - w, b.origin.y + b.size.height / 2 - w}, {2 * w, 2 * w}};
    g->set_fill_color(ctx, s->color);
    g->begin_path(ctx);
    g->add_ellipse_in_rect(ctx, dot);
    g->fill_path(ctx, EASEL_FILL_NONZERO);
    g->restore_state(ctx);
}

static const easel_color kRingDefaultColor = {0, 0, 0, 1};    /* opaque black */
static const double kRingDefaultLineWidth = 4;

static const easel_property_desc kRingPainterProperties[] = {
    EASEL_PROPERTY("color", EASEL_ENCODE_COLOR, RingPainterStorage, color, &kRingDefaultColor),
    EASEL_PROPERTY("lineWidth", "d", RingPainterStorage, lineWidth, &kRingDefaultLineWidth),
};

static const easel_method_desc kRingPainterMethods[] = {
    EASEL_METHOD("drawLayer:inContext:", "v@:@" EASEL_ENCODE_CONTEXT, RingPainter_drawLayer),
};

/* ------------------------------------------------------------------------ */
/* The plugin                                                                */
/* ------------------------------------------------------------------------ */

static const easel_class_desc kClasses[] = {
    EASEL_CLASS("Swatch", "View", sizeof(SwatchStorage), kSwatchProperties, kSwatchMethods),
    EASEL_CLASS("Tally", "View", sizeof(TallyStorage), kTallyProperties, kTallyMethods),
    EASEL_CLASS("Tile", "View", sizeof(TileStorage), kTileProperties, kTileMethods),
    EASEL_CLASS("RingPainter", "Object", sizeof(RingPainterStorage), kRingPainterProperties, kRingPainterMethods),
};

EASEL_DEFINE_PLUGIN(plugin, "Shapes", kClasses);

/* What `easel list`, `easel inspect`, `easel schema` and the gallery show (easel.metadata.v1):
   descriptions of Swatch's properties and the names of its styles, which scenes and
   `easel invoke Swatch setStyle: pill` accept. */
static const char *const kSwatchStyleNames[] = {"rounded", "pill", "circle"};

static const easel_property_metadata kSwatchPropertyMetadata[] = {
    EASEL_PROPERTY_INFO("color", "The fill colour"),
    EASEL_PROPERTY_INFO("cornerRadius", "The corners' radius in points for the rounded style (0: square corners)"),
    EASEL_PROPERTY_ENUM("style", "The shape filled", kSwatchStyleNames, NULL),
};

static const easel_class_metadata kClassMetadata[] = {
    EASEL_CLASS_METADATA_WITH_PROPERTIES("Swatch", "A rectangle, pill or circle of one colour", NULL, kSwatchPropertyMetadata),
    EASEL_CLASS_METADATA("Tally", "Counts its drawRect: calls (for benchmarks and tests); draws nothing", NULL),
    EASEL_CLASS_METADATA("Tile", "A bordered tile with a tail drawn by an overlay", NULL),
};

EASEL_DEFINE_METADATA(kMetadata, "Sample widgets in C: swatches, tiles and a call counter", "1.0.0", "The Easel authors", "MIT",
                      NULL, kClassMetadata)

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &plugin;
}
