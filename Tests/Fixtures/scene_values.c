/* GOOD: class Values : View, with properties of the types a scene sets that are not geometry: a
 * mixed-field struct {FI=fi}, a nested one {Nest={FI=fi}c[2s]}, a class (#), a selector (:), a
 * struct of both {Ref=#:}, and two enumerations whose value names its metadata gives
 * (easel.metadata.v1, class metadata size 48): "style" (i: plain 0, rounded 1, pill 2) and
 * "weight" (s: light 300, bold 700, explicit values). drawRect: shows them as colours:
 *
 *   x  0...10  {FI}: red = fi.f, green = fi.i / 255, blue = nest.c / 255
 *   x 10...20  nest: red = nest.fi.f, green = nest.fi.i / 255, blue = (nest.s[0] + nest.s[1]) / 255
 *   x 20...30  green when kind is the class "Swatch" and action the selector "drawRect:" (and ref
 *              holds the same), blue when both are NULL, red otherwise
 *   x 30...40  red = style / 2, green = (weight == 700), blue = (weight == 300)
 *
 * setStyle: and styleOf: let `easel invoke` set and read the style by name. */
#include "easel.h"
#include "easel_util.h"

#include <string.h>

static const easel_host_api *g_host;

typedef struct FI {
    float f;
    int32_t i;
} FI;
typedef struct Nest {
    FI fi;
    char c;
    int16_t s[2];
} Nest;
typedef struct Ref {
    easel_class *cls;
    easel_sel sel;
} Ref;

typedef struct ValuesStorage {
    FI fi;
    Nest nest;
    easel_class *kind;
    easel_sel action;
    Ref ref;
    int32_t style;
    int16_t weight;
} ValuesStorage;

static int names(easel_class *cls, easel_sel sel, const char *class_name, const char *selector) {
    return cls != NULL && sel != NULL && strcmp(g_host->class_name(cls), class_name) == 0
        && strcmp(g_host->sel_name(sel), selector) == 0;
}

static void fill(const easel_graphics_api *g, easel_context *ctx, double x, double red, double green, double blue) {
    easel_color color = {red, green, blue, 1};
    easel_rect r = {{x, 0}, {10, 10}};
    g->set_fill_color(ctx, color);
    g->fill_rect(ctx, r);
}

static void Values_drawRect(easel_object *self, easel_sel cmd, easel_rect rect) {
    static easel_class *cls;
    const easel_graphics_api *g = g_host->graphics;
    easel_context *ctx = g->current_context();
    const ValuesStorage *v;
    (void)cmd;
    (void)rect;
    if (cls == NULL) {
        cls = g_host->class_named("Values");
    }
    v = (const ValuesStorage *)g_host->object_storage(self, cls);
    if (ctx == NULL || v == NULL) {
        return;
    }
    fill(g, ctx, 0, v->fi.f, v->fi.i / 255.0, v->nest.c / 255.0);
    fill(g, ctx, 10, v->nest.fi.f, v->nest.fi.i / 255.0, (v->nest.s[0] + v->nest.s[1]) / 255.0);
    if (names(v->kind, v->action, "Swatch", "drawRect:") && names(v->ref.cls, v->ref.sel, "Swatch", "drawRect:")) {
        fill(g, ctx, 20, 0, 1, 0);
    } else if (v->kind == NULL && v->action == NULL && v->ref.cls == NULL && v->ref.sel == NULL) {
        fill(g, ctx, 20, 0, 0, 1);
    } else {
        fill(g, ctx, 20, 1, 0, 0);
    }
    fill(g, ctx, 30, v->style / 2.0, v->weight == 700 ? 1 : 0, v->weight == 300 ? 1 : 0);
}

/* - (void)setStyle:(int)style — easel invoke Values setStyle: pill */
static void Values_setStyle(easel_object *self, easel_sel cmd, int32_t style) {
    static easel_class *cls;
    ValuesStorage *v;
    (void)cmd;
    if (cls == NULL) {
        cls = g_host->class_named("Values");
    }
    v = (ValuesStorage *)g_host->object_storage(self, cls);
    if (v != NULL) {
        v->style = style;
    }
}

/* - (int)styleOf:(id)other — another Values' style (-1 for another object). */
static int32_t Values_styleOf(easel_object *self, easel_sel cmd, easel_object *other) {
    static easel_class *cls;
    const ValuesStorage *v;
    (void)self;
    (void)cmd;
    if (cls == NULL) {
        cls = g_host->class_named("Values");
    }
    v = other == NULL ? NULL : (const ValuesStorage *)g_host->object_storage(other, cls);
    return v == NULL ? -1 : v->style;
}

static const int16_t kWeight = 300;

static const easel_property_desc kProperties[] = {
    EASEL_PROPERTY("fi", "{FI=fi}", ValuesStorage, fi, NULL),
    EASEL_PROPERTY("nest", "{Nest={FI=fi}c[2s]}", ValuesStorage, nest, NULL),
    EASEL_PROPERTY("kind", "#", ValuesStorage, kind, NULL),
    EASEL_PROPERTY("action", ":", ValuesStorage, action, NULL),
    EASEL_PROPERTY("ref", "{Ref=#:}", ValuesStorage, ref, NULL),
    EASEL_PROPERTY("style", "i", ValuesStorage, style, NULL),
    EASEL_PROPERTY("weight", "s", ValuesStorage, weight, &kWeight),
};

static const easel_method_desc kMethods[] = {
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, Values_drawRect),
    EASEL_METHOD("setStyle:", "v@:i", Values_setStyle),
    EASEL_METHOD("styleOf:", "i@:@", Values_styleOf),
};

static const easel_class_desc kClasses[] = {
    EASEL_CLASS("Values", "View", sizeof(ValuesStorage), kProperties, kMethods),
};

EASEL_DEFINE_PLUGIN(kPlugin, "SceneValues", kClasses);

static const char *const kStyleNames[] = {"plain", "rounded", "pill"};
static const char *const kWeightNames[] = {"light", "bold"};
static const int64_t kWeightValues[] = {300, 700};

static const easel_property_metadata kPropertyMetadata[] = {
    EASEL_PROPERTY_INFO("fi", "A float and an int"),
    EASEL_PROPERTY_ENUM("style", "The shape of its ends", kStyleNames, NULL),
    EASEL_PROPERTY_ENUM("weight", NULL, kWeightNames, kWeightValues),
};

static const easel_class_metadata kClassMetadata[] = {
    EASEL_CLASS_METADATA_WITH_PROPERTIES("Values", "Shows its property values as colours", NULL, kPropertyMetadata),
};

EASEL_DEFINE_METADATA(kMetadata, "Property types for scene tests", "0.1.0", NULL, "MIT", NULL, kClassMetadata)

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &kPlugin;
}
