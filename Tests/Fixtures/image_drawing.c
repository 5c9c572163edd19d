/*
 * A GOOD fixture: a C plugin drawing with the rest of easel.image.v1: an
 * image from its own pixel data, interpolation quality, a tiled pattern, a
 * clip mask and an offscreen bitmap context turned into an image.
 *
 *   ImageDrawingCard : View   a 40 x 40 picture (at any scale):
 *     - top left (0, 0, 20, 20): a 2 x 2-pixel checker (red, blue / blue, red)
 *       from pixel data, drawn with no interpolation: four 10 x 10 squares;
 *     - top right (20, 0, 20, 20): the same checker tiled, one tile 4 x 4
 *       points, the phase at the user-space origin;
 *     - bottom left (0, 20, 20, 20): green fill through a clip mask, the mask
 *       a 2 x 2 image opaque only at its top left: green in (0, 20, 10, 10);
 *     - bottom right (20, 20, 20, 20): an image of a 10 x 10-point bitmap
 *       context at scale 2, drawn there: yellow left half, magenta right half.
 *   Any failure is logged with the host's message.
 */
#include "easel.h"
#include "easel_util.h"

#include <stdint.h>
#include <string.h>

static const easel_host_api *g_host;

static easel_image *pixel_image(const easel_image_api_v1 *images, easel_object *self, const uint32_t *argb, uint32_t width,
                                uint32_t height) {
    /* Rows padded to 16 bytes more than needed: the stride is honoured. */
    uint8_t bytes[4 * (2 * 4 + 16)];
    uint32_t stride = width * 4 + 16;
    memset(bytes, 0xEE, sizeof bytes);
    for (uint32_t y = 0; y < height; y++) {
        memcpy(bytes + y * stride, argb + y * width, width * 4);
    }
    easel_image *image = NULL;
    char message[256];
    if (images->image_from_pixels(bytes, width, height, stride, 1, &image, message, sizeof message) != 0) {
        g_host->log(self, message);
    }
    return image;
}

static void ImageDrawingCard_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)_cmd, (void)rect;
    const easel_graphics_api *g = g_host->graphics;
    const easel_image_api_v1 *images = (const easel_image_api_v1 *)g_host->get_extension(EASEL_IMAGE_EXTENSION_V1);
    easel_context *ctx = g->current_context();
    if (!EASEL_IMAGE_API_HAS(images, bitmap_context_release)) {
        g_host->log(self, "this host's easel.image.v1 is too old");
        return;
    }
    /* Native-endian ARGB32 (premultiplied): 0xAARRGGBB as a 32-bit word. */
    const uint32_t checker[] = {0xFFFF0000u, 0xFF0000FFu, 0xFF0000FFu, 0xFFFF0000u};
    const uint32_t mask_pixels[] = {0xFF000000u, 0x00000000u, 0x00000000u, 0x00000000u};
    easel_image *tile = pixel_image(images, self, checker, 2, 2);
    easel_image *mask = pixel_image(images, self, mask_pixels, 2, 2);
    if (tile == NULL || mask == NULL) {
        return;
    }
    g->save_state(ctx);
    images->set_interpolation_quality(ctx, EASEL_INTERPOLATION_NONE);
    images->draw_image(ctx, tile, (easel_rect){{0, 0}, {20, 20}});
    images->draw_tiled_image(ctx, tile, (easel_rect){{0, 0}, {4, 4}}, (easel_rect){{20, 0}, {20, 20}});

    g->save_state(ctx);
    images->clip_to_image_mask(ctx, mask, (easel_rect){{0, 20}, {20, 20}});
    g->set_fill_color(ctx, (easel_color){0, 1, 0, 1});
    g->fill_rect(ctx, (easel_rect){{0, 20}, {20, 20}});
    g->restore_state(ctx);
    g->restore_state(ctx);

    easel_context *bitmap = NULL;
    char message[256];
    if (images->bitmap_context_create((easel_size){10, 10}, 2, 0, &bitmap, message, sizeof message) != 0) {
        g_host->log(self, message);
    } else {
        g->set_fill_color(bitmap, (easel_color){1, 1, 0, 1});
        g->fill_rect(bitmap, (easel_rect){{0, 0}, {5, 10}});
        g->set_fill_color(bitmap, (easel_color){1, 0, 1, 1});
        g->fill_rect(bitmap, (easel_rect){{5, 0}, {5, 10}});
        easel_image *drawn = NULL;
        if (images->image_from_bitmap_context(bitmap, &drawn, message, sizeof message) != 0) {
            g_host->log(self, message);
        } else {
            images->draw_image(ctx, drawn, (easel_rect){{20, 20}, {20, 20}});
            images->release_image(drawn);
        }
        images->bitmap_context_release(bitmap);
    }
    images->release_image(tile);
    images->release_image(mask);
}

static const easel_method_desc kMethods[] = {
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, ImageDrawingCard_drawRect),
};

static const easel_class_desc kClasses[] = {
    EASEL_CLASS_WITHOUT_PROPERTIES("ImageDrawingCard", "View", 0, kMethods),
};

EASEL_DEFINE_PLUGIN(kPlugin, "ImageDrawing", kClasses);

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &kPlugin;
}
