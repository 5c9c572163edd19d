/*
 * A GOOD fixture: a C plugin animating itself through the animation
 * extension (easel.animation.v1). AnimationExtensionTests sends the methods
 * and reads the properties back.
 *
 *   Mover : View   `slide`: animate (linear, 1 s) its frame to (80, 0, 10, 10)
 *                  and its opacity to 0.5, with a completion counting into
 *                  `completions` and keeping `lastFinished`.
 *                  `slideBegun`: the same frame change with begin/commit_animations.
 *                  `schedule`: perform_after_delay tick: at 0.5 s and tock:
 *                  at 0.7 s, then cancels tock:.
 *                  `startLink`: a display link on frame:duration:, which
 *                  counts `frames`, keeps `lastTimestamp` and `lastDuration`
 *                  and removes the link after three frames.
 *   Sweeper : View `startSweep`: a display link on sweep:duration: that keeps
 *                  the frame's timestamp in `progress` and marks the view for
 *                  display; drawRect: fills a blue bar from the left edge,
 *                  100 * progress points wide (at most the bounds), counting
 *                  `draws`. The link removes itself at 1 s: the plugin's own
 *                  frame-by-frame animation.
 */
#include "easel.h"
#include "easel_util.h"

static const easel_host_api *g_host;

typedef struct {
    int32_t completions;
    int32_t lastFinished;
    int32_t ticks;
    int32_t tocks;
    int32_t frames;
    int32_t removed;
    double lastTimestamp;
    double lastDuration;
    uint64_t link;
} MoverStorage;

/* Looked up on every call: tests load the plugin into several registries at once. */
static MoverStorage *storage(easel_object *self) {
    return (MoverStorage *)g_host->object_storage(self, g_host->class_named("Mover"));
}

static const easel_animation_api *animation_api(void) {
    const easel_animation_api *api = (const easel_animation_api *)g_host->get_extension(EASEL_ANIMATION_EXTENSION_ID);
    if (api == NULL || api->struct_size < EASEL_ANIMATION_API_V1_SIZE) {
        return NULL;
    }
    return api;
}

static easel_animation_options linear_second(void) {
    easel_animation_options options = {0};
    options.abi_version = EASEL_ABI_VERSION;
    options.struct_size = sizeof(options);
    options.duration = 1;
    options.curve = EASEL_ANIMATION_CURVE_LINEAR;
    return options;
}

static void slide_block(void *context) {
    easel_object *self = (easel_object *)context;
    g_host->views->set_frame(self, (easel_rect){{80, 0}, {10, 10}});
    const easel_layer_api *layer = (const easel_layer_api *)g_host->get_extension(EASEL_LAYER_EXTENSION_ID);
    if (layer != NULL) {
        layer->set_opacity(self, 0.5);
    }
}

static void slide_done(int32_t finished, void *context) {
    MoverStorage *s = storage((easel_object *)context);
    s->completions += 1;
    s->lastFinished = finished;
}

static void Mover_slide(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    const easel_animation_api *api = animation_api();
    if (api == NULL) {
        return;
    }
    easel_animation_options options = linear_second();
    api->animate(&options, slide_block, self, slide_done, self);
}

static void Mover_slideBegun(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    const easel_animation_api *api = animation_api();
    if (api == NULL) {
        return;
    }
    easel_animation_options options = linear_second();
    api->begin_animations(&options);
    g_host->views->set_frame(self, (easel_rect){{80, 0}, {10, 10}});
    api->commit_animations(slide_done, self);
}

static void Mover_tick(easel_object *self, easel_sel _cmd, easel_object *argument) {
    (void)_cmd;
    (void)argument;
    storage(self)->ticks += 1;
}

static void Mover_tock(easel_object *self, easel_sel _cmd, easel_object *argument) {
    (void)_cmd;
    (void)argument;
    storage(self)->tocks += 1;
}

static void Mover_schedule(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    const easel_animation_api *api = animation_api();
    if (api == NULL) {
        return;
    }
    api->perform_after_delay(self, g_host->sel_register("tick:"), NULL, 0.5);
    api->perform_after_delay(self, g_host->sel_register("tock:"), NULL, 0.7);
    api->cancel_perform_requests(self, g_host->sel_register("tock:"), NULL);
}

static void Mover_frame(easel_object *self, easel_sel _cmd, double timestamp, double duration) {
    (void)_cmd;
    MoverStorage *s = storage(self);
    s->frames += 1;
    s->lastTimestamp = timestamp;
    s->lastDuration = duration;
    if (s->frames == 3) {
        const easel_animation_api *api = animation_api();
        if (api != NULL) {
            s->removed = api->remove_display_link(s->link) == EASEL_OK;
        }
    }
}

static void Mover_startLink(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    const easel_animation_api *api = animation_api();
    if (api == NULL) {
        return;
    }
    storage(self)->link = api->add_display_link(self, g_host->sel_register("frame:duration:"));
}

static const easel_property_desc kMoverProperties[] = {
    EASEL_PROPERTY("completions", "i", MoverStorage, completions, NULL),
    EASEL_PROPERTY("lastFinished", "i", MoverStorage, lastFinished, NULL),
    EASEL_PROPERTY("ticks", "i", MoverStorage, ticks, NULL),
    EASEL_PROPERTY("tocks", "i", MoverStorage, tocks, NULL),
    EASEL_PROPERTY("frames", "i", MoverStorage, frames, NULL),
    EASEL_PROPERTY("removed", "i", MoverStorage, removed, NULL),
    EASEL_PROPERTY("lastTimestamp", "d", MoverStorage, lastTimestamp, NULL),
    EASEL_PROPERTY("lastDuration", "d", MoverStorage, lastDuration, NULL),
};

static const easel_method_desc kMoverMethods[] = {
    EASEL_METHOD("slide", "v@:", Mover_slide),
    EASEL_METHOD("slideBegun", "v@:", Mover_slideBegun),
    EASEL_METHOD("schedule", "v@:", Mover_schedule),
    EASEL_METHOD("tick:", "v@:@", Mover_tick),
    EASEL_METHOD("tock:", "v@:@", Mover_tock),
    EASEL_METHOD("startLink", "v@:", Mover_startLink),
    EASEL_METHOD("frame:duration:", "v@:dd", Mover_frame),
};

/* ---- Sweeper : View ---------------------------------------------------- */

typedef struct {
    double progress;
    int32_t draws;
    uint64_t link;
} SweeperStorage;

static SweeperStorage *sweeper(easel_object *self) {
    return (SweeperStorage *)g_host->object_storage(self, g_host->class_named("Sweeper"));
}

static void Sweeper_startSweep(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    const easel_animation_api *api = animation_api();
    if (api == NULL) {
        return;
    }
    sweeper(self)->link = api->add_display_link(self, g_host->sel_register("sweep:duration:"));
}

static void Sweeper_sweep(easel_object *self, easel_sel _cmd, double timestamp, double duration) {
    (void)_cmd;
    (void)duration;
    SweeperStorage *s = sweeper(self);
    s->progress = timestamp < 1 ? timestamp : 1;
    g_host->views->set_needs_display(self);
    if (timestamp >= 1) {
        const easel_animation_api *api = animation_api();
        if (api != NULL) {
            api->remove_display_link(s->link);
        }
    }
}

static void Sweeper_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)_cmd;
    (void)rect;
    SweeperStorage *s = sweeper(self);
    s->draws += 1;
    easel_rect bounds = g_host->views->bounds(self);
    double width = 100 * s->progress;
    if (width > bounds.size.width) {
        width = bounds.size.width;
    }
    const easel_graphics_api *g = g_host->graphics;
    easel_context *ctx = g->current_context();
    g->set_fill_color(ctx, (easel_color){0, 0, 1, 1});
    g->fill_rect(ctx, (easel_rect){bounds.origin, {width, bounds.size.height}});
}

static const easel_property_desc kSweeperProperties[] = {
    EASEL_PROPERTY("progress", "d", SweeperStorage, progress, NULL),
    EASEL_PROPERTY("draws", "i", SweeperStorage, draws, NULL),
};

static const easel_method_desc kSweeperMethods[] = {
    EASEL_METHOD("startSweep", "v@:", Sweeper_startSweep),
    EASEL_METHOD("sweep:duration:", "v@:dd", Sweeper_sweep),
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, Sweeper_drawRect),
};

static const easel_class_desc kClasses[] = {
    EASEL_CLASS("Mover", "View", sizeof(MoverStorage), kMoverProperties, kMoverMethods),
    EASEL_CLASS("Sweeper", "View", sizeof(SweeperStorage), kSweeperProperties, kSweeperMethods),
};

EASEL_DEFINE_PLUGIN(kPlugin, "AnimationWidgets", kClasses);

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &kPlugin;
}
