/*
 * A GOOD fixture: a C plugin drawing with the painting extension
 * (easel.paint.v1), found through host->get_extension in drawRect:.
 * paint_kit.swift draws the same picture through EaselPluginKit, under
 * another class name; PaintWidgetTests compares the two.
 *
 *   PaintCard : View   a 100 x 100 picture: a red-to-blue gradient across a
 *                      rounded rect with a radius per corner (clipped to it),
 *                      a white star filled with the even-odd rule (its centre
 *                      left empty), and a green square in a transparency
 *                      layer at half alpha, and a yellow square with a sharp
 *                      black shadow.
 */
#include "easel.h"
#include "easel_util.h"

#include <math.h>

static const easel_host_api *g_host;

static void PaintCard_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)self, (void)_cmd, (void)rect;
    const easel_graphics_api *g = g_host->graphics;
    const easel_paint_api *paint = (const easel_paint_api *)g_host->get_extension(EASEL_PAINT_EXTENSION_ID);
    easel_context *ctx = g->current_context();
    if (paint == NULL) {
        g_host->log(self, "no painting extension");
        return;
    }
    /* A gradient is the plugin's until released: made once, kept in a static. */
    static easel_gradient *gradient;
    if (gradient == NULL) {
        const easel_color colors[] = {{1, 0, 0, 1}, {0, 0, 1, 1}};
        const double locations[] = {0, 1};
        gradient = paint->gradient_create(colors, locations, 2);
    }

    g->save_state(ctx);
    paint->add_rounded_rect(ctx, (easel_rect){{0, 0}, {100, 100}}, 0, 20, 0, 20);
    g->clip(ctx, EASEL_FILL_NONZERO);
    paint->draw_linear_gradient(ctx, gradient, (easel_point){0, 0}, (easel_point){100, 0}, 0);
    g->restore_state(ctx);

    g->set_fill_color(ctx, (easel_color){1, 1, 1, 1});
    for (int k = 0; k < 5; k++) {
        double angle = -M_PI / 2 + k * 4 * M_PI / 5;
        double x = 50 + 30 * cos(angle), y = 50 + 30 * sin(angle);
        if (k == 0) {
            g->move_to(ctx, x, y);
        } else {
            g->add_line_to(ctx, x, y);
        }
    }
    g->close_path(ctx);
    paint->draw_path(ctx, EASEL_PATH_EO_FILL);

    g->save_state(ctx);
    g->set_alpha(ctx, 0.5);
    paint->begin_transparency_layer(ctx);
    g->set_fill_color(ctx, (easel_color){0, 1, 0, 1});
    g->fill_rect(ctx, (easel_rect){{80, 80}, {15, 15}});
    g->fill_rect(ctx, (easel_rect){{85, 85}, {15, 15}});
    paint->end_transparency_layer(ctx);
    g->restore_state(ctx);

    g->save_state(ctx);
    paint->set_shadow(ctx, (easel_size){3, 3}, 0, (easel_color){0, 0, 0, 1});
    g->set_fill_color(ctx, (easel_color){1, 1, 0, 1});
    g->fill_rect(ctx, (easel_rect){{5, 80}, {10, 10}});
    g->restore_state(ctx);
}

static const easel_method_desc kPaintCardMethods[] = {
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, PaintCard_drawRect),
};

static const easel_class_desc kClasses[] = {
    EASEL_CLASS_WITHOUT_PROPERTIES("PaintCard", "View", 0, kPaintCardMethods),
};

EASEL_DEFINE_PLUGIN(kPlugin, "PaintWidgets", kClasses);

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &kPlugin;
}
