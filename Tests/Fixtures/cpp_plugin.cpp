/* GOOD: a plugin written in C++, for C++ authors to copy. Class `CppDot : View` fills its bounds with its
 * `color` property (default opaque green).
 *
 * What C++ changes, and what it does not:
 *   - easel.h and easel_util.h are C++11 headers: the same macros describe the classes.
 *   - EASEL_PLUGIN_ENTRY gives the entry point C linkage (extern "C"), so the library exports
 *     `easel_plugin_entry_v2` and not a mangled name (see mangled_entry.cpp for the mistake). Define it
 *     outside any unnamed namespace: there it would not be exported.
 *   - Methods are plain functions with the C signature their encoding describes (self, _cmd, arguments),
 *     called through libffi: mark them noexcept, since an exception must never unwind into the host.
 *   - Instance storage is a standard-layout struct (EASEL_PROPERTY uses offsetof).
 *   - Everything handed to the host lives in static storage: never a temporary or a std::string's buffer. */
#include "easel.h"
#include "easel_util.h"

#include <cstddef>

namespace {

const easel_host_api *g_host = nullptr;

struct CppDotStorage {
    easel_color color;
};

CppDotStorage *dot_storage(easel_object *self) {
    static easel_class *cls = nullptr; // class handles never change: look it up once, in a method
    if (cls == nullptr) {
        cls = g_host->class_named("CppDot");
    }
    return static_cast<CppDotStorage *>(g_host->object_storage(self, cls));
}

// - (void)drawRect:(CGRect)rect — fills the bounds (not just the dirty rect) with `color`.
void CppDot_drawRect(easel_object *self, easel_sel /* _cmd */, easel_rect /* rect */) noexcept {
    const easel_graphics_api *g = g_host->graphics;
    easel_context *ctx = g->current_context();
    CppDotStorage *s = dot_storage(self);
    if (ctx == nullptr || s == nullptr) {
        return;
    }
    g->set_fill_color(ctx, s->color);
    g->fill_rect(ctx, g_host->views->bounds(self));
}

const easel_color kDefaultColor = {0, 1, 0, 1}; // opaque green

const easel_property_desc kDotProperties[] = {
    EASEL_PROPERTY("color", EASEL_ENCODE_COLOR, CppDotStorage, color, &kDefaultColor),
};

const easel_method_desc kDotMethods[] = {
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, CppDot_drawRect),
};

const easel_class_desc kClasses[] = {
    EASEL_CLASS("CppDot", "View", sizeof(CppDotStorage), kDotProperties, kDotMethods),
};

} // namespace

EASEL_DEFINE_PLUGIN(kPlugin, "CppPlugin", kClasses);

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &kPlugin;
}
