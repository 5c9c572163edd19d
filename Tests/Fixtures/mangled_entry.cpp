/* BROKEN: a C++ plugin whose entry point is defined by hand WITHOUT extern "C", so the library exports a
 * name-mangled symbol (_Z21easel_plugin_entry_v2PK14easel_host_api) and no `easel_plugin_entry_v2`: the
 * mistake EASEL_PLUGIN_ENTRY prevents. Otherwise a good plugin (class `MangledView : View`, filling its
 * rect green). Its constructor and entry point append a line to $EASEL_TEST_MARKER when set
 * (entry_marker.h), so a test can check that none of its code ran. */
#include "easel.h"
#include "easel_util.h"

#include <stddef.h>

#include "entry_marker.h"

static const easel_host_api *g_host;

__attribute__((constructor)) static void mangled_entry_constructor() { write_marker("mangled_entry", "constructor"); }

static void MangledView_drawRect(easel_object *self, easel_sel cmd, easel_rect rect) {
    (void)self;
    (void)cmd;
    easel_context *ctx = g_host->graphics->current_context();
    const easel_color green = {0, 1, 0, 1};
    g_host->graphics->set_fill_color(ctx, green);
    g_host->graphics->fill_rect(ctx, rect);
}

static const easel_method_desc methods[] = {
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, MangledView_drawRect),
};

static const easel_class_desc classes[] = {
    EASEL_CLASS_WITHOUT_PROPERTIES("MangledView", "View", 0, methods),
};

EASEL_DEFINE_PLUGIN(plugin, "mangled_entry", classes);

/* The right name and type, but C++ linkage (no extern "C"): the symbol is mangled. */
EASEL_EXPORT const easel_plugin_desc *easel_plugin_entry_v2(const easel_host_api *host) {
    g_host = host;
    write_marker("mangled_entry", "entry point");
    return &plugin;
}
