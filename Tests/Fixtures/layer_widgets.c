/*
 * A GOOD fixture: a C plugin setting layer properties through the layer
 * extension (easel.layer.v1), found with host->get_extension in init.
 * LayerExtensionTests reads the pixels and the values back from Swift.
 *
 *   LayerCard : View   in init: a red background, corner radius 20,
 *                      masks to bounds, a green border 5 wide, and a blue
 *                      subview covering its bounds (made with views->create);
 *                      `refused` holds what set_corner_radius(-1) returned,
 *                      `missing` 1 when the extension was not found;
 *                      content mode bottomRight, content stretch
 *                      (0.25, 0, 0.5, 1) (set_content_mode, set_content_stretch).
 *   ShadowChip : View  in init: a red background, a sharp shadow of opacity
 *                      0.5 offset by (10, 10) along a rectangular shadow path,
 *                      z position 1 and anchor point (0, 0).
 *                      `screenPoint` returns (0, 0) of the chip converted to
 *                      the screen (convert_point_to_window with NULL).
 */
#include "easel.h"
#include "easel_util.h"

static const easel_host_api *g_host;

typedef struct {
    int32_t refused;
    int32_t missing;
} LayerCardStorage;

static const easel_layer_api *layer_api(easel_object *self) {
    const easel_layer_api *layer = (const easel_layer_api *)g_host->get_extension(EASEL_LAYER_EXTENSION_ID);
    if (layer == NULL || layer->struct_size < EASEL_LAYER_API_V1_SIZE) {
        g_host->log(self, "no layer extension");
        return NULL;
    }
    return layer;
}

static void LayerCard_init(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    static easel_class *cls;
    if (cls == NULL) {
        cls = g_host->class_named("LayerCard");
    }
    LayerCardStorage *storage = (LayerCardStorage *)g_host->object_storage(self, cls);
    const easel_layer_api *layer = layer_api(self);
    if (layer == NULL) {
        storage->missing = 1;
        return;
    }
    layer->set_background_color(self, (easel_color){1, 0, 0, 1});
    layer->set_corner_radius(self, 20);
    layer->set_masks_to_bounds(self, 1);
    layer->set_border_width(self, 5);
    layer->set_border_color(self, (easel_color){0, 1, 0, 1});
    storage->refused = layer->set_corner_radius(self, -1);
    if (layer->struct_size >= EASEL_LAYER_API_CONTENT_SIZE) {
        layer->set_content_mode(self, EASEL_CONTENT_MODE_BOTTOM_RIGHT);
        layer->set_content_stretch(self, (easel_rect){{0.25, 0}, {0.5, 1}});
    }

    easel_rect bounds = g_host->views->bounds(self);
    easel_object *fill = g_host->views->create("View", bounds);
    layer->set_background_color(fill, (easel_color){0, 0, 1, 1});
    g_host->views->add_subview(self, fill);
}

static void ShadowChip_init(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    const easel_layer_api *layer = layer_api(self);
    if (layer == NULL) {
        return;
    }
    easel_rect bounds = g_host->views->bounds(self);
    layer->set_background_color(self, (easel_color){1, 0, 0, 1});
    layer->set_shadow_opacity(self, 0.5);
    layer->set_shadow_offset(self, (easel_size){10, 10});
    layer->set_shadow_radius(self, 0);
    layer->set_shadow_path_rect(self, bounds, 0);
    layer->set_z_position(self, 1);
    layer->set_anchor_point(self, (easel_point){0, 0});
}

static easel_point ShadowChip_screenPoint(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    const easel_layer_api *layer = layer_api(self);
    if (layer == NULL) {
        return (easel_point){-1, -1};
    }
    return layer->convert_point_to_window(self, (easel_point){0, 0}, NULL);
}

static const easel_property_desc kLayerCardProperties[] = {
    EASEL_PROPERTY("refused", "i", LayerCardStorage, refused, NULL),
    EASEL_PROPERTY("missing", "i", LayerCardStorage, missing, NULL),
};

static const easel_method_desc kLayerCardMethods[] = {
    EASEL_METHOD("init", "v@:", LayerCard_init),
};

static const easel_method_desc kShadowChipMethods[] = {
    EASEL_METHOD("init", "v@:", ShadowChip_init),
    EASEL_METHOD("screenPoint", EASEL_ENCODE_POINT "@:", ShadowChip_screenPoint),
};

static const easel_class_desc kClasses[] = {
    EASEL_CLASS("LayerCard", "View", sizeof(LayerCardStorage), kLayerCardProperties, kLayerCardMethods),
    EASEL_CLASS_WITHOUT_PROPERTIES("ShadowChip", "View", 0, kShadowChipMethods),
};

EASEL_DEFINE_PLUGIN(kPlugin, "LayerWidgets", kClasses);

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &kPlugin;
}
