/* BROKEN: class `BadArity`: drawRect: has one colon (one argument) but its encoding "v@:" declares none. */
#include "easel.h"
#include "easel_util.h"

#include <stddef.h>

static const easel_host_api *g_host;

static void BadArity_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)self;
    (void)_cmd;
    easel_context *ctx = g_host->graphics->current_context();
    easel_color green = {0, 1, 0, 1};
    g_host->graphics->set_fill_color(ctx, green);
    g_host->graphics->fill_rect(ctx, rect);
}

static const easel_method_desc methods[] = {
    EASEL_METHOD("drawRect:", "v@:" /* should be "v@:" EASEL_ENCODE_RECT */, BadArity_drawRect),
};

static const easel_class_desc classes[] = {
    EASEL_CLASS_WITHOUT_PROPERTIES("BadArity", "View", 0, methods),
};

EASEL_DEFINE_PLUGIN(plugin, "bad_arity", classes);

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &plugin;
}
