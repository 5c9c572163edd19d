/* NOT BROKEN: class `Dot : View` fills a black circle inscribed in its rect; loads beside broken fixtures. */
#include "easel.h"
#include "easel_util.h"

#include <stddef.h>

static const easel_host_api *g_host;

/* - (void)drawRect:(CGRect)rect — the largest circle centred in rect, in black. */
static void Dot_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)self;
    (void)_cmd;
    const easel_graphics_api *g = g_host->graphics;
    easel_context *ctx = g->current_context();
    double d = rect.size.width < rect.size.height ? rect.size.width : rect.size.height;
    easel_rect circle = {
        {rect.origin.x + (rect.size.width - d) / 2, rect.origin.y + (rect.size.height - d) / 2},
        {d, d},
    };
    easel_color black = {0, 0, 0, 1};
    g->save_state(ctx);
    g->set_fill_color(ctx, black);
    g->begin_path(ctx);
    g->add_ellipse_in_rect(ctx, circle);
    g->fill_path(ctx, EASEL_FILL_NONZERO);
    g->restore_state(ctx);
}

static const easel_method_desc methods[] = {
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, Dot_drawRect),
};

static const easel_class_desc classes[] = {
    EASEL_CLASS_WITHOUT_PROPERTIES("Dot", "View", 0, methods),
};

EASEL_DEFINE_PLUGIN(plugin, "good_extra", classes);

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &plugin;
}
