/* LOADS, RAISES AN ERROR WHEN DRAWN: class `FaultyView : View` fills its rect in green, then sets a
 * negative line width, which puts the canvas in error (the host reports it once, naming the class
 * and selector: "-[FaultyView drawRect:] failed: set_line_width: negative width -1.0" or alike).
 * Built with -DFIXED it only fills its rect in green: the next good build of the same plugin.
 * For `easel preview`'s failure panel (a plugin that raises an error while drawing). */
#include "easel.h"
#include "easel_util.h"

static const easel_host_api *g_host;

static void FaultyView_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)self;
    (void)_cmd;
    const easel_graphics_api *g = g_host->graphics;
    easel_context *ctx = g->current_context();
    easel_color green = {0, 1, 0, 1};
    g->set_fill_color(ctx, green);
    g->fill_rect(ctx, rect);
#ifndef FIXED
    g->set_line_width(ctx, -1);
#endif
}

static const easel_method_desc methods[] = {
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, FaultyView_drawRect),
};

static const easel_class_desc classes[] = {
    EASEL_CLASS_WITHOUT_PROPERTIES("FaultyView", "View", 0, methods),
};

EASEL_DEFINE_PLUGIN(plugin, "draw_error", classes);

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &plugin;
}
