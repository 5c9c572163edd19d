/* LOADS, BREAKS WHEN DRAWN: class `HangingView : View` loads fine, but its drawRect: never returns.
 * For isolated rendering; scanning and listing it must succeed. */
#include "easel.h"

#include <stddef.h>

static void HangingView_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)self;
    (void)_cmd;
    (void)rect;
    volatile unsigned long spins = 0;
    for (;;) spins++;
}

static const easel_method_desc methods[] = {
    {EASEL_ABI_VERSION, sizeof(easel_method_desc), "drawRect:", "v@:" EASEL_ENCODE_RECT,
     (easel_imp)HangingView_drawRect},
};

static const easel_class_desc classes[] = {
    {EASEL_ABI_VERSION, sizeof(easel_class_desc), "HangingView", "View", 0, 0, 1, NULL, methods},
};

static const easel_plugin_desc plugin = {
    EASEL_ABI_VERSION, sizeof(easel_plugin_desc), "hang_draw", EASEL_LAYOUT_INIT, 1, classes,
};

EASEL_PLUGIN_ENTRY(host) {
    (void)host;
    return &plugin;
}
