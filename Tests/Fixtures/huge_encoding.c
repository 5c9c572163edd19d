/* BROKEN: an 18-byte encoding of a 100 MiB argument (v@:{A=[26843545i]}), or,
   built with -DHUGE_PROPERTY, a property of that type: refused at load, in
   milliseconds, with the encoding and the 64 KiB limit. */
#include "easel.h"
#include "easel_util.h"

#include <stddef.h>

static void Huge_swallow(easel_object *self, easel_sel _cmd) {
    (void)self;
    (void)_cmd;
}

typedef struct { double x; } HugeStorage;
static const double kZero = 0;

#ifdef HUGE_PROPERTY
static const easel_property_desc properties[] = {
    EASEL_PROPERTY_AT("blob", "{A=[26843545i]}", 0, &kZero),
};
static const easel_method_desc methods[] = {
    EASEL_METHOD("swallow", "v@:", Huge_swallow),
};
static const easel_class_desc classes[] = {
    EASEL_CLASS("HugeProperty", "View", sizeof(HugeStorage), properties, methods),
};
#else
static const easel_method_desc methods[] = {
    EASEL_METHOD("swallow:", "v@:{A=[26843545i]}", Huge_swallow),
};
static const easel_class_desc classes[] = {
    EASEL_CLASS_WITHOUT_PROPERTIES("HugeArgument", "View", 0, methods),
};
#endif

EASEL_DEFINE_PLUGIN(plugin, "huge_encoding", classes);

EASEL_PLUGIN_ENTRY(host) {
    (void)host;
    return &plugin;
}
