/* BAD: metadata for a class the plugin does not define: the plugin is refused, naming the symbol and the class. */
#include "easel.h"
#include "easel_util.h"

static void Noop(easel_object *self, easel_sel cmd) {
    (void)self;
    (void)cmd;
}

static const easel_method_desc kMethods[] = {
    EASEL_METHOD("noop", "v@:", Noop),
};

static const easel_class_desc kClasses[] = {
    EASEL_CLASS_WITHOUT_PROPERTIES("BadMetaOwner", "Object", 0, kMethods),
};

EASEL_DEFINE_PLUGIN(kPlugin, "BadMeta", kClasses);

static const easel_class_metadata kClassMetadata[] = {
    EASEL_CLASS_METADATA("Elsewhere", "not mine", NULL),
};

EASEL_DEFINE_METADATA(kMetadata, NULL, NULL, NULL, NULL, NULL, kClassMetadata)

EASEL_PLUGIN_ENTRY(host) {
    (void)host;
    return &kPlugin;
}
