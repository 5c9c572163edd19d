/* LOADS, BREAKS WHEN USED: two classes whose methods write through a NULL pointer (SIGSEGV), for
 * isolated rendering: `CrashingLayout : View` in layoutSubviews (outside any view's drawing), and
 * `CrashingDelegate : Object` in drawView:inRect:inContext:, the call a right-handed view's built-in
 * drawRect: forwards to its delegate. Scanning and listing it must succeed. */
#include "easel.h"

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
    {EASEL_ABI_VERSION, sizeof(easel_method_desc), "layoutSubviews", "v@:", (easel_imp)CrashingLayout_layoutSubviews},
};

static const easel_method_desc delegate_methods[] = {
    {EASEL_ABI_VERSION, sizeof(easel_method_desc), "drawView:inRect:inContext:",
     "v@:@" EASEL_ENCODE_RECT EASEL_ENCODE_CONTEXT, (easel_imp)CrashingDelegate_drawView},
};

static const easel_class_desc classes[] = {
    {EASEL_ABI_VERSION, sizeof(easel_class_desc), "CrashingLayout", "View", 0, 0, 1, NULL, layout_methods},
    {EASEL_ABI_VERSION, sizeof(easel_class_desc), "CrashingDelegate", "Object", 0, 0, 1, NULL, delegate_methods},
};

static const easel_plugin_desc plugin = {
    EASEL_ABI_VERSION, sizeof(easel_plugin_desc), "crash_more", EASEL_LAYOUT_INIT, 2, classes,
};

EASEL_PLUGIN_ENTRY(host) {
    (void)host;
    return &plugin;
}
