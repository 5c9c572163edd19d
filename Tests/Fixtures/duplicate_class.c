/* BROKEN: defines class `Swatch` (filling GREEN), a name the Shapes plugin already defines; the first loaded wins. */
#include "easel.h"
#include "easel_util.h"

#include <stddef.h>

static const easel_host_api *g_host;

static void Swatch_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)self;
    (void)_cmd;
    easel_context *ctx = g_host->graphics->current_context();
    easel_color green = {0, 1, 0, 1};
    g_host->graphics->set_fill_color(ctx, green);
    g_host->graphics->fill_rect(ctx, rect);
}

static const easel_method_desc methods[] = {
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, Swatch_drawRect),
};

static const easel_class_desc classes[] = {
    EASEL_CLASS_WITHOUT_PROPERTIES("Swatch", "View", 0, methods),
};

EASEL_DEFINE_PLUGIN(plugin, "duplicate_class", classes);

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &plugin;
}
