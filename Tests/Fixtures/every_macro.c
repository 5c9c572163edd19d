/* A plugin that uses every macro of easel.h and easel_util.h; the test suite
   compiles it as C99, C11, C17, C++11, C++17 and C++20 with -pedantic-errors
   -Wall -Wextra -Werror, then loads it. */
#include "easel.h"
#include "easel_util.h"

static const easel_host_api *g_host;

typedef struct DotStorage {
    easel_color color;
    double radius;
    int32_t style;
} DotStorage;

static const easel_color kDefaultColor = {0, 0, 1, 1};
static const double kDefaultRadius = 4;

static DotStorage *dot_storage(easel_object *self) {
    static easel_class *cls;
    if (cls == NULL) {
        cls = g_host->class_named("MacroDot");
    }
    return (DotStorage *)g_host->object_storage(self, cls);
}

static void Dot_drawRect(easel_object *self, easel_sel cmd, easel_rect rect) {
    const easel_graphics_api *g = g_host->graphics;
    easel_context *ctx = g->current_context();
    DotStorage *s = dot_storage(self);
    (void)cmd;
    if (ctx == NULL || s == NULL) {
        return;
    }
    g->set_fill_color(ctx, s->color);
    g->begin_path(ctx);
    easel_add_rounded_rect(g, ctx, rect, s->radius);
    g->fill_path(ctx, EASEL_FILL_NONZERO);
}

static int32_t Dot_answer(easel_object *self, easel_sel cmd) {
    const easel_image_api_v1 *images = (const easel_image_api_v1 *)g_host->get_extension(EASEL_IMAGE_EXTENSION_V1);
    (void)self;
    (void)cmd;
    /* The slot test of an extension table that grows (the answer stays 42 either way). */
    return EASEL_IMAGE_API_HAS(images, bitmap_context_release) ? 42 : 42 + 0 * EASEL_INTERPOLATION_NONE;
}

static const easel_property_desc kDotProperties[] = {
    EASEL_PROPERTY("color", EASEL_ENCODE_COLOR, DotStorage, color, &kDefaultColor),
    EASEL_PROPERTY_AT("radius", "d", offsetof(DotStorage, radius), &kDefaultRadius),
    EASEL_PROPERTY("style", "i", DotStorage, style, NULL),
};

static const easel_method_desc kDotMethods[] = {
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, Dot_drawRect),
    EASEL_METHOD("answer", "i@:", Dot_answer),
};

static const easel_method_desc kMarkerMethods[] = {
    EASEL_METHOD("answer", "i@:", Dot_answer),
};

static const easel_class_desc kClasses[] = {
    EASEL_CLASS("MacroDot", "View", sizeof(DotStorage), kDotProperties, kDotMethods),
    EASEL_CLASS_WITHOUT_PROPERTIES("MacroMarker", "Object", 0, kMarkerMethods),
    EASEL_CLASS_WITH_COUNTS("MacroEmpty", "Object", 0, 0, NULL, 0, NULL),
};

EASEL_DEFINE_PLUGIN(kPlugin, "EveryMacro", kClasses);

/* The metadata macros (easel.metadata.v1): a class with property metadata, one without. */
static const char *const kStyleNames[] = {"plain", "rounded"};
static const int64_t kStyleValues[] = {0, 4};
static const easel_property_metadata kDotPropertyMetadata[] = {
    EASEL_PROPERTY_INFO("color", "The fill"),
    EASEL_PROPERTY_ENUM("style", NULL, kStyleNames, kStyleValues),
};
static const easel_class_metadata kClassMetadata[] = {
    EASEL_CLASS_METADATA_WITH_PROPERTIES("MacroDot", "A dot", NULL, kDotPropertyMetadata),
    EASEL_CLASS_METADATA("MacroMarker", NULL, NULL),
};
EASEL_DEFINE_METADATA(kMetadata, "Every macro", "1.0.0", NULL, NULL, NULL, kClassMetadata)

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &kPlugin;
}
