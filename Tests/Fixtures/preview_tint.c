/* `easel preview`'s hot reload: class `TintView : View` fills its rect with one colour, chosen when it
 * is compiled (-DTINT_R=… -DTINT_G=… -DTINT_B=…, 0 to 1; red by default), so that a rebuilt plugin
 * draws differently from the one it replaces. */
#include "easel.h"
#include "easel_util.h"

#ifndef TINT_R
#define TINT_R 1
#endif
#ifndef TINT_G
#define TINT_G 0
#endif
#ifndef TINT_B
#define TINT_B 0
#endif

static const easel_host_api *g_host;

/* - (void)drawRect:(CGRect)rect — the rect in the compiled colour. */
static void TintView_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)self;
    (void)_cmd;
    const easel_graphics_api *g = g_host->graphics;
    easel_context *ctx = g->current_context();
    easel_color tint = {TINT_R, TINT_G, TINT_B, 1};
    g->save_state(ctx);
    g->set_fill_color(ctx, tint);
    g->fill_rect(ctx, rect);
    g->restore_state(ctx);
}

static const easel_method_desc methods[] = {
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, TintView_drawRect),
};

static const easel_class_desc classes[] = {
    EASEL_CLASS_WITHOUT_PROPERTIES("TintView", "View", 0, methods),
};

EASEL_DEFINE_PLUGIN(plugin, "preview_tint", classes);

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &plugin;
}
