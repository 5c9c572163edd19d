/*
 * A GOOD fixture: layers that are not views and image views from a C plugin
 * (easel.layer.v1 at size 424, with easel.image.v1's image_named). Built as
 * libSublayerWidgets.so next to a resource folder SublayerWidgets.resources
 * holding badge.png. SublayerPluginTests reads the pixels and values back.
 *
 *   BadgeView : View     seed 004's example, in init: a layer made with
 *                        create_layer, the image "badge" as its contents,
 *                        its bounds the image's size, its position the
 *                        middle of the view, added with add_sublayer.
 *                        `selfInto` holds what adding the layer to its own
 *                        sublayer returned, `viewAsLayer` what adding the
 *                        view as a sublayer returned, `count` the view's
 *                        sublayer count.
 *   PhotoFrame : View    in init: an ImageView covering its bounds (made
 *                        with views->create) showing "badge" scaled to fit
 *                        (contentMode 1 through property_set).
 *   PaintedView : View   in init: a layer over its bounds whose delegate, a
 *                        LayerPainter, fills it green in drawLayer:inContext:.
 *   LayerOrder : View    in init: five layers (A red, B green, C blue, D
 *                        yellow, E magenta; 40 x 40, each 10 right and down
 *                        of the one before) arranged with add_sublayer,
 *                        insert_sublayer_at, _above and _below, then the
 *                        refused calls; it logs the order after each call
 *                        (letters back to front, read with sublayer_count
 *                        and sublayer_at) and each call's status.
 */
#include "easel.h"
#include "easel_util.h"

#include <stdio.h>
#include <string.h>

static const easel_host_api *g_host;

typedef struct {
    int32_t selfInto;
    int32_t viewAsLayer;
    int32_t count;
} BadgeStorage;

static const easel_layer_api *layer_api(void) {
    const easel_layer_api *layer = (const easel_layer_api *)g_host->get_extension(EASEL_LAYER_EXTENSION_ID);
    return EASEL_HAS_LAYER_SLOT(layer, set_image_view_image) ? layer : NULL;
}

static easel_image *badge(easel_object *owner) {
    const easel_image_api_v1 *images = (const easel_image_api_v1 *)g_host->get_extension(EASEL_IMAGE_EXTENSION_V1);
    if (!EASEL_IMAGE_API_HAS(images, image_named)) {
        return NULL;
    }
    easel_image *image = NULL;
    char message[512];
    if (images->image_named(owner, "badge", &image, message, sizeof message) != 0) {
        g_host->log(owner, message);
        return NULL;
    }
    return image;
}

static void release(easel_image *image) {
    const easel_image_api_v1 *images = (const easel_image_api_v1 *)g_host->get_extension(EASEL_IMAGE_EXTENSION_V1);
    if (images != NULL && image != NULL) {
        images->release_image(image);
    }
}

static void BadgeView_init(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    BadgeStorage *storage = (BadgeStorage *)g_host->object_storage(self, g_host->class_named("BadgeView"));
    const easel_layer_api *layer = layer_api();
    const easel_image_api_v1 *images = (const easel_image_api_v1 *)g_host->get_extension(EASEL_IMAGE_EXTENSION_V1);
    easel_image *image = badge(self);
    if (layer == NULL || images == NULL || image == NULL) {
        g_host->log(self, "no layer table of size 424, or no badge");
        release(image);
        return;
    }
    easel_object *sublayer = layer->create_layer();
    layer->set_contents(sublayer, image);
    easel_size size = images->image_size(image);
    release(image);   /* the layer keeps it */
    easel_rect bounds = {{0, 0}, size};
    g_host->property_set(sublayer, "bounds", &bounds);
    easel_rect viewBounds = g_host->views->bounds(self);
    easel_point middle = {viewBounds.origin.x + viewBounds.size.width / 2, viewBounds.origin.y + viewBounds.size.height / 2};
    g_host->property_set(sublayer, "position", &middle);
    layer->add_sublayer(self, sublayer);

    easel_object *inner = layer->create_layer();
    layer->add_sublayer(sublayer, inner);
    storage->selfInto = layer->add_sublayer(inner, sublayer);
    layer->remove_from_superlayer(inner);
    storage->viewAsLayer = layer->add_sublayer(sublayer, self);
    storage->count = (int32_t)layer->sublayer_count(self);
}

static void PhotoFrame_init(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    const easel_layer_api *layer = layer_api();
    easel_image *image = badge(self);
    if (layer == NULL || image == NULL) {
        release(image);
        return;
    }
    easel_object *photo = g_host->views->create("ImageView", g_host->views->bounds(self));
    layer->set_image_view_image(photo, image, 0);
    release(image);
    int64_t mode = EASEL_CONTENT_MODE_SCALE_ASPECT_FIT;
    g_host->property_set(photo, "contentMode", &mode);
    g_host->views->add_subview(self, photo);
}

static void LayerPainter_drawLayer(easel_object *self, easel_sel _cmd, easel_object *layer, easel_context *ctx) {
    (void)self, (void)_cmd;
    easel_rect bounds;
    g_host->property_get(layer, "bounds", &bounds);
    g_host->graphics->set_fill_color(ctx, (easel_color){0, 1, 0, 1});
    g_host->graphics->fill_rect(ctx, bounds);
}

static void PaintedView_init(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    const easel_layer_api *layer = layer_api();
    if (layer == NULL) {
        return;
    }
    easel_object *sublayer = layer->create_layer();
    easel_rect frame = g_host->views->bounds(self);
    g_host->property_set(sublayer, "frame", &frame);
    easel_object *painter = g_host->object_create("LayerPainter");
    g_host->property_set(sublayer, "delegate", &painter);
    layer->add_sublayer(self, sublayer);
}

/* The letter of a layer, kept in its contentsScale (A = 1, B = 2, ...), which a layer without contents does not draw. */
static char letter(easel_object *layer) {
    double scale = 0;
    g_host->property_get(layer, "contentsScale", &scale);
    return (char)('A' + (int)(scale + 0.5) - 1);
}

/* Appends the current order of `self`'s sublayers, back to front, and a space to `text`. */
static void note_order(easel_object *self, const easel_layer_api *api, char *text, size_t size) {
    size_t used = strlen(text);
    uint32_t count = api->sublayer_count(self);
    for (uint32_t i = 0; i < count && used + 2 < size; i++) {
        text[used++] = letter(api->sublayer_at(self, i));
    }
    if (used + 1 < size) {
        text[used++] = ' ';
    }
    text[used] = 0;
}

static void LayerOrder_init(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    const easel_layer_api *api = layer_api();
    if (api == NULL) {
        return;
    }
    static const easel_color colors[5] = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {1, 1, 0, 1}, {1, 0, 1, 1}};
    easel_object *layers[5];
    for (int i = 0; i < 5; i++) {
        layers[i] = api->create_layer();
        easel_rect frame = {{10.0 * i, 10.0 * i}, {40, 40}};
        g_host->property_set(layers[i], "frame", &frame);
        g_host->property_set(layers[i], "backgroundColor", &colors[i]);
        double scale = i + 1;
        g_host->property_set(layers[i], "contentsScale", &scale);
    }
    char names[5];
    for (int i = 0; i < 5; i++) {
        names[i] = letter(layers[i]);
    }
    easel_object *A = layers[0], *B = layers[1], *C = layers[2], *D = layers[3], *E = layers[4];
    easel_object *stray = api->create_layer();   /* never added to self: not a sublayer of it */
    char steps[96] = "";
    int32_t codes[12];
    int n = 0;
    codes[n++] = api->add_sublayer(self, A);                    /* A */
    note_order(self, api, steps, sizeof steps);
    codes[n++] = api->insert_sublayer_at(self, B, 0);           /* B A */
    note_order(self, api, steps, sizeof steps);
    codes[n++] = api->insert_sublayer_above(self, C, B);        /* B C A */
    note_order(self, api, steps, sizeof steps);
    codes[n++] = api->insert_sublayer_below(self, D, B);        /* D B C A */
    note_order(self, api, steps, sizeof steps);
    codes[n++] = api->insert_sublayer_at(self, E, 99);          /* D B C A E: the index is clamped */
    note_order(self, api, steps, sizeof steps);
    codes[n++] = api->insert_sublayer_above(self, A, E);        /* D B C E A: A moves */
    note_order(self, api, steps, sizeof steps);
    codes[n++] = api->insert_sublayer_below(self, E, stray);    /* E D B C A: no sibling, so the bottom */
    note_order(self, api, steps, sizeof steps);
    codes[n++] = api->insert_sublayer_above(self, D, stray);    /* E B C A D: no sibling, so the top */
    note_order(self, api, steps, sizeof steps);
    /* Refused calls leave the order as it is. */
    codes[n++] = api->insert_sublayer_at(self, NULL, 0);        /* NULL */
    codes[n++] = api->insert_sublayer_above(self, self, A);     /* a view is not a layer */
    codes[n++] = api->insert_sublayer_below(A, stray, NULL);    /* fine: stray goes under A, */
    codes[n++] = api->insert_sublayer_at(stray, A, 0);          /* so A into its own sublayer is refused */
    api->remove_from_superlayer(stray);
    note_order(self, api, steps, sizeof steps);
    char message[256];
    snprintf(message, sizeof message, "names %.5s; orders %s; codes %d %d %d %d %d %d %d %d %d %d %d %d", names, steps,
             codes[0], codes[1], codes[2], codes[3], codes[4], codes[5], codes[6], codes[7], codes[8], codes[9],
             codes[10], codes[11]);
    g_host->log(self, message);
}

static const easel_property_desc kBadgeProperties[] = {
    EASEL_PROPERTY("selfInto", "i", BadgeStorage, selfInto, NULL),
    EASEL_PROPERTY("viewAsLayer", "i", BadgeStorage, viewAsLayer, NULL),
    EASEL_PROPERTY("count", "i", BadgeStorage, count, NULL),
};

static const easel_method_desc kBadgeMethods[] = {
    EASEL_METHOD("init", "v@:", BadgeView_init),
};

static const easel_method_desc kPhotoFrameMethods[] = {
    EASEL_METHOD("init", "v@:", PhotoFrame_init),
};

static const easel_method_desc kPainterMethods[] = {
    EASEL_METHOD("drawLayer:inContext:", "v@:@" EASEL_ENCODE_CONTEXT, LayerPainter_drawLayer),
};

static const easel_method_desc kPaintedMethods[] = {
    EASEL_METHOD("init", "v@:", PaintedView_init),
};

static const easel_method_desc kOrderMethods[] = {
    EASEL_METHOD("init", "v@:", LayerOrder_init),
};

static const easel_class_desc kClasses[] = {
    EASEL_CLASS("BadgeView", "View", sizeof(BadgeStorage), kBadgeProperties, kBadgeMethods),
    EASEL_CLASS_WITHOUT_PROPERTIES("PhotoFrame", "View", 0, kPhotoFrameMethods),
    EASEL_CLASS_WITHOUT_PROPERTIES("LayerPainter", "Object", 0, kPainterMethods),
    EASEL_CLASS_WITHOUT_PROPERTIES("PaintedView", "View", 0, kPaintedMethods),
    EASEL_CLASS_WITHOUT_PROPERTIES("LayerOrder", "View", 0, kOrderMethods),
};

EASEL_DEFINE_PLUGIN(kPlugin, "SublayerWidgets", kClasses);

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &kPlugin;
}
