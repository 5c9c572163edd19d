/* BROKEN: names that would lie on a terminal. By default class #1's name holds an escape sequence
 * ("Bad\x1b[31m"); with -DFORGED_LINE it holds a newline and a forged line of `easel list`
 * ("Evil\n  class Forged : View"); with -DBAD_SELECTOR a selector holds a tab; with -DBAD_PLUGIN_NAME the
 * plugin's own name holds a byte that is not UTF-8. Class #0, `Decent : View`, is fine. */
#include "easel.h"
#include "easel_util.h"

#include <stddef.h>

static void noop(easel_object *self, easel_sel _cmd) {
    (void)self;
    (void)_cmd;
}

static const easel_method_desc methods[] = {
#ifdef BAD_SELECTOR
    EASEL_METHOD("lay\tout", "v@:", noop),
#else
    EASEL_METHOD("layout", "v@:", noop),
#endif
};

#if defined(FORGED_LINE)
#define SECOND_NAME "Evil\n  class Forged : View"
#elif defined(BAD_SELECTOR) || defined(BAD_PLUGIN_NAME)
#define SECOND_NAME "Fine"
#else
#define SECOND_NAME "Bad\x1b[31m"
#endif

static const easel_class_desc classes[] = {
    EASEL_CLASS_WITH_COUNTS("Decent", "View", 0, 0, NULL, 0, NULL),
    EASEL_CLASS_WITHOUT_PROPERTIES(SECOND_NAME, "View", 0, methods),
};

#ifdef BAD_PLUGIN_NAME
EASEL_DEFINE_PLUGIN(plugin, "bad\xff" "name", classes);
#else
EASEL_DEFINE_PLUGIN(plugin, "bad_names", classes);
#endif

EASEL_PLUGIN_ENTRY(host) {
    (void)host;
    return &plugin;
}
