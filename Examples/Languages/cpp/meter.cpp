// meter.cpp — an Easel widget in C++17: class `CppMeter : View`, a horizontal meter.
//
// Build (the test suite runs exactly this, then renders meter.json and checks its pixels):
//
//     mkdir -p plugins
//     g++ -std=c++17 -shared -fPIC -Wall -Wextra -Werror -pedantic-errors -I ../../../Sources/EaselABI/include meter.cpp -o plugins/libCppMeter.so
//     easel render meter.json --plugins plugins -o meter.png
//
// Properties: `value` (d, 0...1, default 0.6), `startColor` and `endColor` (the bar's gradient, left
// to right), `trackColor` (the empty part), `cornerRadius` (d).
//
// What C++ brings, and the rules of the ABI it has to follow:
//   - No hand-written `extern "C"`: EASEL_PLUGIN_ENTRY gives the entry point C linkage, and methods
//     are ordinary functions (here instances of the `method` template) whose C signature matches
//     the method's type encoding; the host calls them through a function pointer, never by name.
//   - RAII for what a call owns: `SavedState` restores the graphics state and `Gradient` releases
//     its gradient on every way out of drawRect:, exceptions included. Exceptions never cross into
//     the host: the `method` trampoline is noexcept, catches everything and reports it with log().
//   - Instance storage is plain data: the host allocates it, zeroes it, copies the property
//     defaults in and frees it without telling the plugin (easel.h has no dealloc callback), so no
//     constructor or destructor of the storage struct ever runs. The static_asserts below keep it
//     standard-layout (EASEL_PROPERTY uses offsetof) and trivially destructible (nothing in it may
//     own memory: no std::string, std::vector or unique_ptr). State that owns resources lives for
//     one call (as `Gradient` does) or for the plugin (a function-local static).
//   - Everything handed to the host (names, encodings, defaults, descriptions) has static storage.
#include "easel.h"
#include "easel_util.h"

#include <algorithm>
#include <exception>
#include <type_traits>
#include <utility>

namespace {

const easel_host_api *g_host = nullptr;

/// The paint extension (gradients), looked up once, from a method; nullptr on a host without it.
const easel_paint_api *paint() {
    static const easel_paint_api *table =
        static_cast<const easel_paint_api *>(g_host->get_extension(EASEL_PAINT_EXTENSION_ID));
    return table;
}

/// Saves the graphics state now and restores it when the scope ends.
class SavedState {
public:
    explicit SavedState(easel_context *ctx) : ctx_(ctx) { g_host->graphics->save_state(ctx_); }
    ~SavedState() { g_host->graphics->restore_state(ctx_); }
    SavedState(const SavedState &) = delete;
    SavedState &operator=(const SavedState &) = delete;

private:
    easel_context *ctx_;
};

/// A gradient owned by this object: released by the destructor, movable, not copyable.
class Gradient {
public:
    Gradient(const easel_color *colors, uint32_t count)
        : handle_(paint() != nullptr ? paint()->gradient_create(colors, nullptr, count) : nullptr) {}
    ~Gradient() {
        if (handle_ != nullptr) {
            paint()->gradient_release(handle_);
        }
    }
    Gradient(Gradient &&other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
    Gradient &operator=(Gradient &&other) noexcept {
        std::swap(handle_, other.handle_);
        return *this;
    }
    Gradient(const Gradient &) = delete;
    Gradient &operator=(const Gradient &) = delete;

    explicit operator bool() const { return handle_ != nullptr; }
    const easel_gradient *get() const { return handle_; }

private:
    easel_gradient *handle_;
};

/// The instance storage of CppMeter: the properties, where EASEL_PROPERTY's offsets point.
struct MeterStorage {
    double value;
    easel_color startColor;
    easel_color endColor;
    easel_color trackColor;
    double cornerRadius;
};
static_assert(std::is_standard_layout_v<MeterStorage>, "EASEL_PROPERTY needs offsetof");
static_assert(std::is_trivially_destructible_v<MeterStorage>, "the host frees storage without running destructors");

/// A CppMeter object: a view over the host's object (it owns nothing; the host owns the object).
class Meter {
public:
    static constexpr const char *className = "CppMeter";

    explicit Meter(easel_object *self) : self_(self) {}

    /// - (void)drawRect:(CGRect)rect — the track, then the filled part with the gradient.
    void drawRect(easel_rect) const {
        const easel_graphics_api *g = g_host->graphics;
        easel_context *ctx = g->current_context();
        const MeterStorage *s = storage();
        if (ctx == nullptr || s == nullptr) {
            return;
        }
        const easel_rect bounds = g_host->views->bounds(self_);
        const double radius = std::clamp(s->cornerRadius, 0.0, bounds.size.height / 2);

        g->set_fill_color(ctx, s->trackColor);
        g->begin_path(ctx);
        easel_add_rounded_rect(g, ctx, bounds, radius);
        g->fill_path(ctx, EASEL_FILL_NONZERO);

        easel_rect bar = bounds;
        bar.size.width *= std::clamp(s->value, 0.0, 1.0);
        if (bar.size.width <= 0) {
            return;
        }
        SavedState saved(ctx);   // the clip below ends with this scope
        g->begin_path(ctx);
        easel_add_rounded_rect(g, ctx, bar, radius);
        g->clip(ctx, EASEL_FILL_NONZERO);
        const easel_color colors[] = {s->startColor, s->endColor};
        Gradient gradient(colors, 2);   // released when drawRect: returns
        if (gradient) {
            const easel_point start = {bar.origin.x, 0}, end = {bar.origin.x + bar.size.width, 0};
            paint()->draw_linear_gradient(ctx, gradient.get(), start, end, 0);
        } else {
            g->set_fill_color(ctx, s->startColor);   // a host without easel.paint.v1: a flat bar
            g->fill_rect(ctx, bar);
        }
    }

private:
    const MeterStorage *storage() const {
        static easel_class *cls = g_host->class_named(className);   // looked up on the first call, kept
        return static_cast<const MeterStorage *>(g_host->object_storage(self_, cls));
    }

    easel_object *self_;
};

/// The C function the host calls for a member function `Member` of `Widget` taking `Args`:
/// (self, _cmd, args...). Catches every exception so that none unwinds into the host.
template <typename Widget, typename... Args>
struct Method {
    template <void (Widget::*Member)(Args...) const>
    static void call(easel_object *self, easel_sel, Args... args) noexcept {
        try {
            (Widget(self).*Member)(args...);
        } catch (const std::exception &error) {
            g_host->log(self, error.what());
        } catch (...) {
            g_host->log(self, "unknown C++ exception");
        }
    }
};

const easel_color kStart = {0.20, 0.40, 0.80, 1};   // #3366cc
const easel_color kEnd = {0.20, 0.70, 0.90, 1};
const easel_color kTrack = {0.90, 0.90, 0.90, 1};   // #e6e6e6
const double kValue = 0.6;
const double kRadius = 6;

const easel_property_desc kMeterProperties[] = {
    EASEL_PROPERTY("value", "d", MeterStorage, value, &kValue),
    EASEL_PROPERTY("startColor", EASEL_ENCODE_COLOR, MeterStorage, startColor, &kStart),
    EASEL_PROPERTY("endColor", EASEL_ENCODE_COLOR, MeterStorage, endColor, &kEnd),
    EASEL_PROPERTY("trackColor", EASEL_ENCODE_COLOR, MeterStorage, trackColor, &kTrack),
    EASEL_PROPERTY("cornerRadius", "d", MeterStorage, cornerRadius, &kRadius),
};

const easel_method_desc kMeterMethods[] = {
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, (Method<Meter, easel_rect>::call<&Meter::drawRect>)),
};

const easel_class_desc kClasses[] = {
    EASEL_CLASS(Meter::className, "View", sizeof(MeterStorage), kMeterProperties, kMeterMethods),
};

} // namespace

// Outside the unnamed namespace, so that the entry point is exported.
EASEL_DEFINE_PLUGIN(kPlugin, "CppMeter", kClasses);

// What `easel list` and `easel inspect` show about the plugin and the class (optional).
const easel_class_metadata kClassMetadata[] = {
    EASEL_CLASS_METADATA(Meter::className, "A horizontal meter: a gradient bar over a track",
                         "{\"value\": 0.75, \"startColor\": \"#2e7d32\", \"endColor\": \"#9ccc65\"}"),
};
EASEL_DEFINE_METADATA(kMetadata, "A meter widget in C++17", "1.0.0", nullptr, "MIT", nullptr, kClassMetadata)

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &kPlugin;
}
