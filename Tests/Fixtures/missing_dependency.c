/* BROKEN: linked against libeasel_gone.so (built from gone_dependency.c and deleted afterwards), so the
 * dynamic loader cannot resolve its dependency. Otherwise a good plugin. */
#include "easel.h"
#include "easel_util.h"

#include <stddef.h>

extern int easel_gone_answer(void);

static const easel_class_desc classes[] = {
    EASEL_CLASS_WITH_COUNTS("Gone", "View", 0, 0, NULL, 0, NULL),
};

EASEL_DEFINE_PLUGIN(plugin, "missing_dependency", classes);

EASEL_PLUGIN_ENTRY(host) {
    (void)host;
    return easel_gone_answer() == 42 ? &plugin : NULL;
}
