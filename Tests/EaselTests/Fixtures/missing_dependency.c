/* BROKEN: linked against libeasel_gone.so (built from gone_dependency.c and deleted afterwards), so the
 * dynamic loader cannot resolve its dependency. Otherwise a good plugin. */
#include "easel.h"

#include <stddef.h>

extern int easel_gone_answer(void);

static const easel_class_desc classes[] = {
    {EASEL_ABI_VERSION, sizeof(easel_class_desc), "Gone", "View", 0, 0, 0, NULL, NULL},
};

static const easel_plugin_desc plugin = {
    EASEL_ABI_VERSION, sizeof(easel_plugin_desc), "missing_dependency", EASEL_LAYOUT_INIT, 1, classes,
};

EASEL_PLUGIN_ENTRY(host) {
    (void)host;
    return easel_gone_answer() == 42 ? &plugin : NULL;
}
