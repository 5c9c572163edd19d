/*
 * A GOOD fixture: a C plugin that loads its images by name from its resource
 * folder (easel.image.v1's image_named), as UIImage(named:) does.
 *
 *   NamedImageView : View   draws the image its `imageName` property names
 *                           into its bounds; when image_named fails it logs
 *                           the host's message and fills the bounds magenta.
 */
#include "easel.h"
#include "easel_util.h"

static const easel_host_api *g_host;

typedef struct {
    const char *imageName;
} NamedImageStorage;

static void NamedImageView_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)_cmd, (void)rect;
    const easel_graphics_api *g = g_host->graphics;
    const easel_image_api_v1 *images = (const easel_image_api_v1 *)g_host->get_extension(EASEL_IMAGE_EXTENSION_V1);
    easel_context *ctx = g->current_context();
    if (!EASEL_IMAGE_API_HAS(images, image_named)) {
        g_host->log(self, "no image_named in this host");
        return;
    }
    NamedImageStorage *storage = (NamedImageStorage *)g_host->object_storage(self, g_host->class_named("NamedImageView"));
    const char *name = storage != NULL && storage->imageName != NULL ? storage->imageName : "";
    easel_image *image = NULL;
    char message[1024];
    easel_rect bounds = g_host->views->bounds(self);
    if (images->image_named(self, name, &image, message, sizeof message) != 0) {
        g_host->log(self, message);
        g->set_fill_color(ctx, (easel_color){1, 0, 1, 1});
        g->fill_rect(ctx, bounds);
        return;
    }
    images->draw_image(ctx, image, bounds);
    images->release_image(image);
}

static const char *const kNoName = "";

static const easel_property_desc kProperties[] = {
    EASEL_PROPERTY("imageName", EASEL_ENCODE_STRING, NamedImageStorage, imageName, &kNoName),
};

static const easel_method_desc kMethods[] = {
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, NamedImageView_drawRect),
};

static const easel_class_desc kClasses[] = {
    EASEL_CLASS("NamedImageView", "View", sizeof(NamedImageStorage), kProperties, kMethods),
};

EASEL_DEFINE_PLUGIN(kPlugin, "NamedImages", kClasses);

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &kPlugin;
}
