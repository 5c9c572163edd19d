/* BROKEN: the layout handshake reports point_size 8 and rect_size 16, as a float-geometry build would. */
#include "easel.h"
#include "easel_util.h"

#include <stddef.h>

static const easel_host_api *g_host;

static void FloatGeometry_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)self;
    (void)_cmd;
    easel_context *ctx = g_host->graphics->current_context();
    easel_color green = {0, 1, 0, 1};
    g_host->graphics->set_fill_color(ctx, green);
    g_host->graphics->fill_rect(ctx, rect);
}

static const easel_method_desc methods[] = {
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, FloatGeometry_drawRect),
};

static const easel_class_desc classes[] = {
    EASEL_CLASS_WITHOUT_PROPERTIES("FloatGeometry", "View", 0, methods),
};

/* EASEL_LAYOUT_INIT, except for the point and rect sizes of a build whose geometry is float. */
static const easel_layout float_layout = {
    EASEL_ABI_VERSION, (uint32_t)sizeof(easel_layout),
    8 /* point_size: two floats */, (uint32_t)sizeof(easel_size),
    16 /* rect_size: four floats */, (uint32_t)sizeof(easel_affine_transform),
    (uint32_t)sizeof(easel_color), (uint32_t)offsetof(easel_rect_alignment_probe, rect),
};

static const easel_plugin_desc plugin =
    EASEL_PLUGIN_DESC_INIT(EASEL_ABI_VERSION, "layout_mismatch", &float_layout, EASEL_COUNT(classes), classes);

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &plugin;
}
