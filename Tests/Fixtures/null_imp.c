/* BROKEN: class `NullImp`: the drawRect: method has a NULL implementation. */
#include "easel.h"
#include "easel_util.h"

#include <stddef.h>

static const easel_method_desc methods[] = {
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, NULL /* no implementation */),
};

static const easel_class_desc classes[] = {
    EASEL_CLASS_WITHOUT_PROPERTIES("NullImp", "View", 0, methods),
};

EASEL_DEFINE_PLUGIN(plugin, "null_imp", classes);

EASEL_PLUGIN_ENTRY(host) {
    (void)host;
    return &plugin;
}
