/* BROKEN: plugin desc abi_version is 3.0, a different MAJOR version than the host's 2.x, in a library that
 * exports the 2.x entry point easel_plugin_entry_v2 (so the host calls it and must refuse the description). */
#include "easel.h"
#include "easel_util.h"

#include <stddef.h>

static const easel_host_api *g_host;

static void FutureMajor_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)self;
    (void)_cmd;
    easel_context *ctx = g_host->graphics->current_context();
    easel_color green = {0, 1, 0, 1};
    g_host->graphics->set_fill_color(ctx, green);
    g_host->graphics->fill_rect(ctx, rect);
}

static const easel_method_desc methods[] = {
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, FutureMajor_drawRect),
};

static const easel_class_desc classes[] = {
    EASEL_CLASS_WITHOUT_PROPERTIES("FutureMajor", "View", 0, methods),
};

static const easel_layout layout = EASEL_LAYOUT_INIT;

static const easel_plugin_desc plugin =
    EASEL_PLUGIN_DESC_INIT((3u << 16) | 0 /* 3.0 */, "abi_major", &layout, EASEL_COUNT(classes), classes);

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &plugin;
}
