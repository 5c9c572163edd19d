/* LOADS, BREAKS WHEN DRAWN: class `HangingView : View` loads fine, but its drawRect: never returns.
 * For isolated rendering; scanning and listing it must succeed. */
#include "easel.h"
#include "easel_util.h"

#include <stddef.h>

static void HangingView_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)self;
    (void)_cmd;
    (void)rect;
    volatile unsigned long spins = 0;
    for (;;) spins++;
}

static const easel_method_desc methods[] = {
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, HangingView_drawRect),
};

static const easel_class_desc classes[] = {
    EASEL_CLASS_WITHOUT_PROPERTIES("HangingView", "View", 0, methods),
};

EASEL_DEFINE_PLUGIN(plugin, "hang_draw", classes);

EASEL_PLUGIN_ENTRY(host) {
    (void)host;
    return &plugin;
}
