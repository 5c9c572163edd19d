/* LOADS, BREAKS WHEN DRAWN: class `CrashingView : View` loads fine, but its drawRect: writes through a
 * NULL pointer (SIGSEGV). For isolated rendering; scanning and listing it must succeed. */
#include "easel.h"

#include <stddef.h>

/* NULL, behind a volatile pointer so that the compiler cannot see it and the store really happens. */
static int *volatile nowhere = NULL;

static void CrashingView_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)self;
    (void)_cmd;
    (void)rect;
    *nowhere = 1;
}

static const easel_method_desc methods[] = {
    {EASEL_ABI_VERSION, sizeof(easel_method_desc), "drawRect:", "v@:" EASEL_ENCODE_RECT,
     (easel_imp)CrashingView_drawRect},
};

static const easel_class_desc classes[] = {
    {EASEL_ABI_VERSION, sizeof(easel_class_desc), "CrashingView", "View", 0, 0, 1, NULL, methods},
};

static const easel_plugin_desc plugin = {
    EASEL_ABI_VERSION, sizeof(easel_plugin_desc), "crash_draw", EASEL_LAYOUT_INIT, 1, classes,
};

EASEL_PLUGIN_ENTRY(host) {
    (void)host;
    return &plugin;
}
