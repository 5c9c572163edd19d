/* BROKEN: plugin desc abi_version is 2.1, a newer MINOR version than the host's 2.0. */
#include "easel.h"
#include "easel_util.h"

#include <stddef.h>

static const easel_host_api *g_host;

static void FutureMinor_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)self;
    (void)_cmd;
    easel_context *ctx = g_host->graphics->current_context();
    easel_color green = {0, 1, 0, 1};
    g_host->graphics->set_fill_color(ctx, green);
    g_host->graphics->fill_rect(ctx, rect);
}

static const easel_method_desc methods[] = {
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, FutureMinor_drawRect),
};

static const easel_class_desc classes[] = {
    EASEL_CLASS_WITHOUT_PROPERTIES("FutureMinor", "View", 0, methods),
};

static const easel_layout layout = EASEL_LAYOUT_INIT;

static const easel_plugin_desc plugin =
    EASEL_PLUGIN_DESC_INIT((2u << 16) | 1 /* 2.1 */, "abi_minor", &layout, EASEL_COUNT(classes), classes);

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &plugin;
}
