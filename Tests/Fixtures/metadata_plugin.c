/* GOOD: a plugin that declares its metadata (easel.metadata.v1): a description, version, author,
 * licence and URL, and for class MetaDot a summary and preview values; class MetaPlain has none. */
#include "easel.h"
#include "easel_util.h"

static const easel_host_api *g_host;

typedef struct MetaDotStorage {
    easel_color color;
    double radius;
} MetaDotStorage;

static void MetaDot_drawRect(easel_object *self, easel_sel cmd, easel_rect rect) {
    (void)self;
    (void)cmd;
    (void)rect;
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

static const easel_class_metadata kClassMetadata[] = {
    EASEL_CLASS_METADATA("MetaDot", "A dot of colour\nsecond line, not shown", "{\"color\": \"#ff8800\", \"radius\": 12}"),
};

EASEL_DEFINE_METADATA(kMetadata, "Dots for tests", "1.2.0", "Ada Lovelace <ada@example.org>", "MIT",
                      "https://example.org/dots", kClassMetadata)

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &kPlugin;
}
