/* BAD: property metadata the host refuses (easel.metadata.v1, class metadata size 48), one fault per
 * build: -DBAD_NAME (a property the class does not declare), -DBAD_TYPE (value names for a double),
 * -DBAD_VALUE (a value that does not fit a char), -DBAD_TWICE (a value name given twice). Without a
 * define the metadata is good: "size" of type c with names small (1) and large (100). */
#include "easel.h"
#include "easel_util.h"

typedef struct KnobStorage {
    double angle;
    char size;
} KnobStorage;

static void Knob_drawRect(easel_object *self, easel_sel cmd, easel_rect rect) {
    (void)self;
    (void)cmd;
    (void)rect;
}

static const easel_property_desc kProperties[] = {
    EASEL_PROPERTY("angle", "d", KnobStorage, angle, NULL),
    EASEL_PROPERTY("size", "c", KnobStorage, size, NULL),
};

static const easel_method_desc kMethods[] = {
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, Knob_drawRect),
};

static const easel_class_desc kClasses[] = {
    EASEL_CLASS("Knob", "View", sizeof(KnobStorage), kProperties, kMethods),
};

EASEL_DEFINE_PLUGIN(kPlugin, "Knobs", kClasses);

#if defined(BAD_TWICE)
static const char *const kNames[] = {"small", "small"};
#else
static const char *const kNames[] = {"small", "large"};
#endif
#if defined(BAD_VALUE)
static const int64_t kValues[] = {1, 300};
#else
static const int64_t kValues[] = {1, 100};
#endif

static const easel_property_metadata kPropertyMetadata[] = {
#if defined(BAD_NAME)
    EASEL_PROPERTY_INFO("angel", "How far it is turned"),
#elif defined(BAD_TYPE)
    EASEL_PROPERTY_ENUM("angle", NULL, kNames, kValues),
#else
    EASEL_PROPERTY_INFO("angle", "How far it is turned"),
#endif
    EASEL_PROPERTY_ENUM("size", NULL, kNames, kValues),
};

static const easel_class_metadata kClassMetadata[] = {
    EASEL_CLASS_METADATA_WITH_PROPERTIES("Knob", NULL, NULL, kPropertyMetadata),
};

EASEL_DEFINE_METADATA(kMetadata, NULL, NULL, NULL, NULL, NULL, kClassMetadata)

EASEL_PLUGIN_ENTRY(host) {
    (void)host;
    return &kPlugin;
}
