/* NOT BROKEN: class `NeedsDep : View`; needs libplugin_dep.so (plugin_dep.c), which the tests put in a
 * deps/ folder next to it and link with -Wl,-rpath,'$ORIGIN/deps'. */
#include "easel.h"
#include "easel_util.h"

#include <stddef.h>

extern int easel_plugin_dep_answer(void);

static const easel_class_desc classes[] = {
    EASEL_CLASS_WITH_COUNTS("NeedsDep", "View", 0, 0, NULL, 0, NULL),
};

EASEL_DEFINE_PLUGIN(plugin, "dependency_plugin", classes);

EASEL_PLUGIN_ENTRY(host) {
    (void)host;
    return easel_plugin_dep_answer() == 42 ? &plugin : NULL;
}
