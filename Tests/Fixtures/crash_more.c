/* LOADS, BREAKS WHEN USED: two classes whose methods write through a NULL pointer (SIGSEGV), for
 * isolated rendering: `CrashingLayout : View` in layoutSubviews (outside any view's drawing), and
 * `CrashingDelegate : Object` in drawView:inRect:inContext:, the call a right-handed view's built-in
 * drawRect: forwards to its delegate. Scanning and listing it must succeed. */
#include "easel.h"
#include "easel_util.h"

#include <stddef.h>

/* NULL, behind a volatile pointer so that the compiler cannot see it and the store really happens. */
static int *volatile nowhere = NULL;

static void CrashingLayout_layoutSubviews(easel_object *self, easel_sel _cmd) {
    (void)self;
    (void)_cmd;
    *nowhere = 2;
}

static void CrashingDelegate_drawView(easel_object *self, easel_sel _cmd, easel_object *view, easel_rect rect,
                                      easel_context *context) {
    (void)self;
    (void)_cmd;
    (void)view;
    (void)rect;
    (void)context;
    *nowhere = 3;
}

static const easel_method_desc layout_methods[] = {
    EASEL_METHOD("layoutSubviews", "v@:", CrashingLayout_layoutSubviews),
};

static const easel_method_desc delegate_methods[] = {
    EASEL_METHOD("drawView:inRect:inContext:", "v@:@" EASEL_ENCODE_RECT EASEL_ENCODE_CONTEXT, CrashingDelegate_drawView),
};

static const easel_class_desc classes[] = {
    EASEL_CLASS_WITHOUT_PROPERTIES("CrashingLayout", "View", 0, layout_methods),
    EASEL_CLASS_WITHOUT_PROPERTIES("CrashingDelegate", "Object", 0, delegate_methods),
};

EASEL_DEFINE_PLUGIN(plugin, "crash_more", classes);

EASEL_PLUGIN_ENTRY(host) {
    (void)host;
    return &plugin;
}
