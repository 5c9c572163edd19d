/* For `easel gallery`: class `PreparedView : View` counts the prepareForInterfaceBuilder messages each
 * instance gets and draws its bounds green when it got exactly one, red for more, blue for none.
 * Class `MisdeclaredView : View` declares prepareForInterfaceBuilder as "i@:" (the host sends "v@:"):
 * the gallery makes it a red tile instead of calling it. */
#include "easel.h"
#include "easel_util.h"

#include <stdint.h>

static const easel_host_api *g_host;

typedef struct PreparedStorage {
    int64_t prepared;
} PreparedStorage;

static PreparedStorage *prepared_storage(easel_object *self) {
    static easel_class *cls;
    if (cls == NULL) {
        cls = g_host->class_named("PreparedView");
    }
    return (PreparedStorage *)g_host->object_storage(self, cls);
}

static void PreparedView_prepare(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    PreparedStorage *s = prepared_storage(self);
    if (s != NULL) {
        s->prepared += 1;
    }
}

static void PreparedView_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)_cmd;
    (void)rect;
    const easel_graphics_api *g = g_host->graphics;
    easel_context *ctx = g->current_context();
    PreparedStorage *s = prepared_storage(self);
    if (ctx == NULL || s == NULL) {
        return;
    }
    easel_color green = {0, 0.8, 0, 1}, red = {1, 0, 0, 1}, blue = {0, 0, 1, 1};
    g->set_fill_color(ctx, s->prepared == 1 ? green : s->prepared > 1 ? red : blue);
    g->fill_rect(ctx, g_host->views->bounds(self));
}

static easel_size PreparedView_sizeThatFits(easel_object *self, easel_sel _cmd, easel_size size) {
    (void)self;
    (void)_cmd;
    (void)size;
    easel_size fixed = {40, 30};
    return fixed;
}

static int32_t MisdeclaredView_prepare(easel_object *self, easel_sel _cmd) {
    (void)self;
    (void)_cmd;
    return 1;
}

static const easel_property_desc prepared_properties[] = {
    EASEL_PROPERTY("prepared", "q", PreparedStorage, prepared, NULL /* zero */),
};

static const easel_method_desc prepared_methods[] = {
    EASEL_METHOD("prepareForInterfaceBuilder", "v@:", PreparedView_prepare),
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, PreparedView_drawRect),
    EASEL_METHOD("sizeThatFits:", EASEL_ENCODE_SIZE "@:" EASEL_ENCODE_SIZE, PreparedView_sizeThatFits),
};

static const easel_method_desc misdeclared_methods[] = {
    EASEL_METHOD("prepareForInterfaceBuilder", "i@:", MisdeclaredView_prepare),
};

static const easel_class_desc classes[] = {
    EASEL_CLASS("PreparedView", "View", sizeof(PreparedStorage), prepared_properties, prepared_methods),
    EASEL_CLASS_WITHOUT_PROPERTIES("MisdeclaredView", "View", 0, misdeclared_methods),
};

EASEL_DEFINE_PLUGIN(plugin, "gallery_preview", classes);

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &plugin;
}
