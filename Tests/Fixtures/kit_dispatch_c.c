/*
 * A GOOD fixture: C classes that subclass the Swift classes of
 * kit_dispatch.swift (and that its classes subclass), for the kit's
 * dispatch on (class, selector):
 *
 *   KitCOverride : KitDerived   ping: [super ping] through msg_send_super,
 *                               then cCalls += 1; value: [super value:] + 0.25
 *   KitCSub : KitBase           no methods: gets KitBase's
 *   KitMiddleC : KitAbove       no methods, between KitAbove and KitBelow
 *   KitGapA : KitTop, KitGapB : KitMid   no methods
 */
#include "easel.h"
#include "easel_util.h"

#include <stddef.h>

static const easel_host_api *host;

typedef struct KitCOverrideStorage {
    int32_t cCalls;
} KitCOverrideStorage;

static easel_class *override_class(void) {
    static easel_class *cls;
    if (!cls) cls = host->class_named("KitCOverride");
    return cls;
}

static void override_ping(easel_object *self, easel_sel cmd) {
    host->msg_send_super(self, override_class(), cmd, NULL, NULL);
    KitCOverrideStorage *storage = host->object_storage(self, override_class());
    if (storage) storage->cCalls += 1;
}

static double override_value(easel_object *self, easel_sel cmd, double x) {
    double result = -1000;
    void *args[] = {&x};
    host->msg_send_super(self, override_class(), cmd, &result, args);
    return result + 0.25;
}

static const int32_t kZero = 0;
static const easel_property_desc kOverrideProperties[] = {
    EASEL_PROPERTY("cCalls", "i", KitCOverrideStorage, cCalls, &kZero),
};
static const easel_method_desc kOverrideMethods[] = {
    EASEL_METHOD("ping", "v@:", override_ping),
    EASEL_METHOD("value:", "d@:d", override_value),
};

#define EMPTY_CLASS(name, super) EASEL_CLASS_WITH_COUNTS(name, super, 0, 0, NULL, 0, NULL)

static const easel_class_desc kClasses[] = {
    EASEL_CLASS("KitCOverride", "KitDerived", sizeof(KitCOverrideStorage), kOverrideProperties, kOverrideMethods),
    EMPTY_CLASS("KitCSub", "KitBase"),
    EMPTY_CLASS("KitMiddleC", "KitAbove"),
    EMPTY_CLASS("KitGapA", "KitTop"),
    EMPTY_CLASS("KitGapB", "KitMid"),
};

EASEL_DEFINE_PLUGIN(kPlugin, "kit_dispatch_c", kClasses);

EASEL_PLUGIN_ENTRY(api) {
    host = api;
    return &kPlugin;
}
