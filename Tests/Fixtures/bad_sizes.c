/* BROKEN: descriptor sizes the host must not believe. By default class #0's struct_size is 0xFFFFFFF0;
 * with -DSHORT_METHODS its method_count says 5 where the array holds 1 (the next "element" is whatever
 * follows it in memory). */
#include "easel.h"
#include "easel_util.h"

#include <stddef.h>

static void noop(easel_object *self, easel_sel _cmd) {
    (void)self;
    (void)_cmd;
}

/* One method, then (in the same object, so that it surely follows) what a plugin that miscounts its
 * methods would have after them: something whose second word is 56. */
static const struct {
    easel_method_desc methods[1];
    struct { uint32_t abi_version, struct_size; uint64_t rest[3]; } after;
} table = {
    {EASEL_METHOD("layout", "v@:", noop)},
    {EASEL_ABI_VERSION, 56, {0, 0, 0}},
};

static const easel_class_desc classes[] = {
#ifdef SHORT_METHODS
    EASEL_CLASS_WITH_COUNTS("Short", "View", 0, 0, NULL, 5, table.methods),
#else
    {(uint32_t)EASEL_ABI_VERSION, 0xFFFFFFF0u, "Huge", "View", 0, 0, 0, NULL, NULL},
#endif
};

EASEL_DEFINE_PLUGIN(plugin, "bad_sizes", classes);

EASEL_PLUGIN_ENTRY(host) {
    (void)host;
    return &plugin;
}
