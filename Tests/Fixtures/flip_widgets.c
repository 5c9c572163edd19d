/*
 * A GOOD fixture: seed 004's flip and the rest of easel.animation.v1's
 * layer-animation, keyframe and transition functions from C.
 * FlipAnimationTests sends the methods and checks pixels and values.
 *
 *   FlipCard : View  `init`: a red front view covering its bounds (subview 0).
 *                    `flip`: transition_from_to from the front to a new blue
 *                    back view, flipping from the left over 1 s,
 *                    linear; the completion counts into `completions`.
 *                    `tint`: transition_with itself over 1 s, cross
 *                    dissolve: the front turns green in the block.
 *                    `spin`: add_layer_animation "transform.rotation.z"
 *                    from 0 to pi over 1 s under "spin", and a keyframe
 *                    animation of "position.x" through 50, 90, 50 (key
 *                    times 0, 0.25, 1, the first segment easeIn) over 2 s
 *                    under "x", held after its end (forwards, kept).
 *                    `trace`: position along a path: a move to (0, 0) and
 *                    a line to (100, 0), then a cubic to (100, 100).
 *                    `hop`: animate_keyframes over 1 s: y to 100 from 0 to
 *                    0.5, back to 50 from 0.5 to 1.
 *                    `bad`: add_layer_animation with an unknown key path;
 *                    keeps the result in `lastResult`.
 */
#include <string.h>
#include "easel.h"
#include "easel_util.h"

static const easel_host_api *g_host;

typedef struct {
    int32_t completions;
    int32_t lastFinished;
    int32_t lastResult;
} FlipStorage;

static FlipStorage *storage(easel_object *self) {
    return (FlipStorage *)g_host->object_storage(self, g_host->class_named("FlipCard"));
}

static const easel_animation_api *animation_api(void) {
    const easel_animation_api *api = (const easel_animation_api *)g_host->get_extension(EASEL_ANIMATION_EXTENSION_ID);
    if (!EASEL_HAS_ANIMATION_SLOT(api, transition_with)) {
        return NULL;
    }
    return api;
}

static const easel_layer_api *layer_api(void) {
    return (const easel_layer_api *)g_host->get_extension(EASEL_LAYER_EXTENSION_ID);
}

static easel_animation_options linear_second(uint32_t flags) {
    easel_animation_options options;
    memset(&options, 0, sizeof(options));
    options.abi_version = EASEL_ABI_VERSION;
    options.struct_size = sizeof(options);
    options.duration = 1;
    options.curve = EASEL_ANIMATION_CURVE_LINEAR;
    options.flags = flags;
    return options;
}

static void FlipCard_init(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    easel_rect bounds = g_host->views->bounds(self);
    easel_object *front = g_host->views->create("View", bounds);
    const easel_layer_api *layer = layer_api();
    if (front != NULL && layer != NULL) {
        layer->set_background_color(front, (easel_color){1, 0, 0, 1});
        g_host->views->add_subview(self, front);
    }
}

static void done(int32_t finished, void *context) {
    FlipStorage *s = storage((easel_object *)context);
    s->completions += 1;
    s->lastFinished = finished;
}

static void FlipCard_flip(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    const easel_animation_api *api = animation_api();
    const easel_layer_api *layer = layer_api();
    easel_object *front = g_host->views->subview_at(self, 0);
    if (api == NULL || layer == NULL || front == NULL) {
        return;
    }
    easel_object *back = g_host->views->create("View", g_host->views->bounds(self));
    if (back == NULL) {
        return;
    }
    layer->set_background_color(back, (easel_color){0, 0, 1, 1});
    easel_animation_options options = linear_second(EASEL_ANIMATION_TRANSITION_FLIP_FROM_LEFT);
    storage(self)->lastResult = api->transition_from_to(front, back, &options, done, self);
}

static void tint_block(void *context) {
    const easel_layer_api *layer = layer_api();
    easel_object *front = g_host->views->subview_at((easel_object *)context, 0);
    if (layer != NULL && front != NULL) {
        layer->set_background_color(front, (easel_color){0, 1, 0, 1});
    }
}

static void FlipCard_tint(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    const easel_animation_api *api = animation_api();
    if (api == NULL) {
        return;
    }
    easel_animation_options options = linear_second(EASEL_ANIMATION_TRANSITION_CROSS_DISSOLVE);
    storage(self)->lastResult = api->transition_with(self, &options, tint_block, self, done, self);
}

static easel_layer_animation blank(const char *key_path, int32_t kind, int32_t value_type) {
    easel_layer_animation animation;
    memset(&animation, 0, sizeof(animation));
    animation.abi_version = EASEL_ABI_VERSION;
    animation.struct_size = sizeof(animation);
    animation.key_path = key_path;
    animation.kind = kind;
    animation.value_type = value_type;
    return animation;
}

static void FlipCard_spin(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    const easel_animation_api *api = animation_api();
    if (api == NULL) {
        return;
    }
    easel_layer_animation spin = blank("transform.rotation.z", EASEL_LAYER_ANIMATION_BASIC, EASEL_ANIMATION_VALUE_NUMBER);
    spin.flags = EASEL_LAYER_ANIMATION_HAS_FROM | EASEL_LAYER_ANIMATION_HAS_TO;
    spin.from_value[0] = 0;
    spin.to_value[0] = 3.141592653589793;
    spin.duration = 1;
    api->add_layer_animation(self, &spin, "spin", done, self);

    static const double values[] = {50, 90, 50};
    static const double times[] = {0, 0.25, 1};
    /* easeIn over the first segment, linear over the second. */
    static const double functions[] = {0.42, 0, 1, 1, 0, 0, 1, 1};
    easel_layer_animation x = blank("position.x", EASEL_LAYER_ANIMATION_KEYFRAMES, EASEL_ANIMATION_VALUE_NUMBER);
    x.values = values;
    x.value_count = 3;
    x.key_times = times;
    x.timing_functions = functions;
    x.duration = 2;
    x.fill_mode = EASEL_FILL_MODE_FORWARDS;
    x.flags = EASEL_LAYER_ANIMATION_KEEP_ON_COMPLETION;
    storage(self)->lastResult = api->add_layer_animation(self, &x, "x", NULL, NULL);
}

static void FlipCard_trace(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    const easel_animation_api *api = animation_api();
    if (api == NULL) {
        return;
    }
    easel_path_element path[3];
    memset(path, 0, sizeof(path));
    path[0].kind = EASEL_PATH_MOVE_TO;
    path[0].points[0] = (easel_point){0, 0};
    path[1].kind = EASEL_PATH_LINE_TO;
    path[1].points[0] = (easel_point){100, 0};
    path[2].kind = EASEL_PATH_CURVE_TO;
    path[2].points[0] = (easel_point){200, 0};
    path[2].points[1] = (easel_point){200, 100};
    path[2].points[2] = (easel_point){100, 100};
    easel_layer_animation trace = blank("position", EASEL_LAYER_ANIMATION_PATH, EASEL_ANIMATION_VALUE_POINT);
    trace.path = path;
    trace.value_count = 3;
    trace.duration = 2;
    storage(self)->lastResult = api->add_layer_animation(self, &trace, NULL, NULL, NULL);
}

static void hop_up(void *context) {
    easel_object *self = (easel_object *)context;
    const easel_layer_api *layer = layer_api();
    if (layer != NULL) {
        layer->set_position(self, (easel_point){layer->position(self).x, 100});
    }
}

static void hop_down(void *context) {
    easel_object *self = (easel_object *)context;
    const easel_layer_api *layer = layer_api();
    if (layer != NULL) {
        layer->set_position(self, (easel_point){layer->position(self).x, 50});
    }
}

static void hop_block(void *context) {
    const easel_animation_api *api = animation_api();
    if (api == NULL) {
        return;
    }
    api->add_keyframe(0, 0.5, hop_up, context);
    api->add_keyframe(0.5, 0.5, hop_down, context);
}

static void FlipCard_hop(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    const easel_animation_api *api = animation_api();
    if (api == NULL) {
        return;
    }
    easel_animation_options options = linear_second(0);
    storage(self)->lastResult = api->animate_keyframes(&options, hop_block, self, done, self);
}

static void FlipCard_bad(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    const easel_animation_api *api = animation_api();
    if (api == NULL) {
        return;
    }
    easel_layer_animation bad = blank("postion", EASEL_LAYER_ANIMATION_BASIC, EASEL_ANIMATION_VALUE_POINT);
    bad.flags = EASEL_LAYER_ANIMATION_HAS_TO;
    storage(self)->lastResult = api->add_layer_animation(self, &bad, NULL, NULL, NULL);
}

static const easel_property_desc kFlipProperties[] = {
    EASEL_PROPERTY("completions", "i", FlipStorage, completions, NULL),
    EASEL_PROPERTY("lastFinished", "i", FlipStorage, lastFinished, NULL),
    EASEL_PROPERTY("lastResult", "i", FlipStorage, lastResult, NULL),
};

static const easel_method_desc kFlipMethods[] = {
    EASEL_METHOD("init", "v@:", FlipCard_init),
    EASEL_METHOD("flip", "v@:", FlipCard_flip),
    EASEL_METHOD("tint", "v@:", FlipCard_tint),
    EASEL_METHOD("spin", "v@:", FlipCard_spin),
    EASEL_METHOD("trace", "v@:", FlipCard_trace),
    EASEL_METHOD("hop", "v@:", FlipCard_hop),
    EASEL_METHOD("bad", "v@:", FlipCard_bad),
};

static const easel_class_desc kClasses[] = {
    EASEL_CLASS("FlipCard", "View", sizeof(FlipStorage), kFlipProperties, kFlipMethods),
};

EASEL_DEFINE_PLUGIN(kPlugin, "FlipWidgets", kClasses);

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &kPlugin;
}
