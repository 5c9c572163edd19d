/* BROKEN: class `NullImp`: the drawRect: method has a NULL implementation. */
#include "easel.h"

#include <stddef.h>

static const easel_method_desc methods[] = {
    {EASEL_ABI_VERSION, sizeof(easel_method_desc), "drawRect:", "v@:" EASEL_ENCODE_RECT,
     NULL /* no implementation */},
};

static const easel_class_desc classes[] = {
    {EASEL_ABI_VERSION, sizeof(easel_class_desc), "NullImp", "View", 0, 0, 1, NULL, methods},
};

static const easel_plugin_desc plugin = {
    EASEL_ABI_VERSION, sizeof(easel_plugin_desc), "null_imp", EASEL_LAYOUT_INIT, 1, classes,
};

EASEL_PLUGIN_ENTRY(host) {
    (void)host;
    return &plugin;
}
