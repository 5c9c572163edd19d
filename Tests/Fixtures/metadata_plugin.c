/* GOOD: a plugin that declares its metadata (easel.metadata.v1): a description, version, author,
 * licence and URL, and for class MetaDot a summary and preview values; class MetaPlain has none. */
#include "easel.h"
#include "easel_util.h"

static const easel_host_api *g_host;

typedef struct MetaDotStorage {
    easel_color color;
    double radius;
} MetaDotStorage;

/* Fills its bounds with `color`. */
static void MetaDot_drawRect(easel_object *self, easel_sel cmd, easel_rect rect) {
    static easel_class *cls;
    const easel_graphics_api *g = g_host->graphics;
    easel_context *ctx = g->current_context();
    const MetaDotStorage *storage;
    (void)cmd;
    (void)rect;
    if (cls == NULL) {
        cls = g_host->class_named("MetaDot");
    }
    storage = (const MetaDotStorage *)g_host->object_storage(self, cls);
    if (ctx == NULL || storage == NULL) {
        return;
    }
    g->set_fill_color(ctx, storage->color);
    g->fill_rect(ctx, g_host->views->bounds(self));
}

static const easel_color kColor = {0, 0, 1, 1};

static const easel_property_desc kDotProperties[] = {
    EASEL_PROPERTY("color", EASEL_ENCODE_COLOR, MetaDotStorage, color, &kColor),
    EASEL_PROPERTY("radius", "d", MetaDotStorage, radius, NULL),
};

static const easel_method_desc kDotMethods[] = {
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, MetaDot_drawRect),
};

static const easel_class_desc kClasses[] = {
    EASEL_CLASS("MetaDot", "View", sizeof(MetaDotStorage), kDotProperties, kDotMethods),
    EASEL_CLASS_WITH_COUNTS("MetaPlain", "Object", 0, 0, NULL, 0, NULL),
};

EASEL_DEFINE_PLUGIN(kPlugin, "MetaPlugin", kClasses);

/* Built with -DMETA_PREVIEW_NOT_JSON or -DMETA_PREVIEW_UNKNOWN for the gallery's refusals. */
#if defined(META_PREVIEW_NOT_JSON)
#define META_PREVIEW "color: orange"
#elif defined(META_PREVIEW_UNKNOWN)
#define META_PREVIEW "{\"colour\": \"#ff8800\"}"
#else
#define META_PREVIEW "{\"color\": \"#ff8800\", \"radius\": 12}"
#endif

static const easel_class_metadata kClassMetadata[] = {
    EASEL_CLASS_METADATA("MetaDot", "A dot of colour\nsecond line, not shown", META_PREVIEW),
};

EASEL_DEFINE_METADATA(kMetadata, "Dots for tests", "1.2.0", "Ada Lovelace <ada@example.org>", "MIT",
                      "https://example.org/dots", kClassMetadata)

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &kPlugin;
}
