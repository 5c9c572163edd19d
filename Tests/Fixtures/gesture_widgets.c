/*
 * A GOOD fixture: touches, events and gesture recognizers from a C plugin
 * through the gesture extension (easel.gesture.v1). GestureTests reads the
 * values back from Swift.
 *
 *   TouchLog : View        counts touchesBegan/Moved/Ended/Cancelled; records
 *                          the last event's touch count (all, and its own),
 *                          the last touch's tap count, finger and the event's
 *                          timestamp.
 *   TapHost : View         in init: makes a TapGestureRecognizer with
 *                          gestures->create, two taps required (property_set),
 *                          adds it to itself and itself as target of
 *                          `handleTap:`, which counts `taps` and stores the
 *                          recognizer's state and location.
 *   ActionTarget : Object  `handleGesture:` counts `actions`, records the
 *                          state, `scale` by name (property_get), and 1 in
 *                          `sawRecognizer` when the argument is a recognizer
 *                          attached to a view.
 *   GestureDelegate : Object  answers gestureRecognizerShouldBegin: with
 *                          `allowBegin` (counting `asked`) and
 *                          shouldRecognizeSimultaneously… with `together`;
 *                          gestureRecognizer:shouldReceiveTouch: refuses a
 *                          touch that begins left of `minimumX` (root
 *                          coordinates), counting `touchAsks`.
 *   ScrollLog : Object     a scroll view delegate counting its callbacks.
 *   ZoomDelegate : Object  a scroll view delegate whose view for zooming is
 *                          the scroll view's first subview; counts the zoom
 *                          callbacks and keeps the last scale it was told.
 *   BadScrollDelegate : Object  scrollViewDidScroll: taking an int (v@:i).
 *   TwoFingerTap : GestureRecognizer   a plugin recognizer: recognized when a
 *                          second finger comes down, failed when a finger
 *                          lifts before that.
 */
#include <stdbool.h>
#include "easel.h"
#include "easel_util.h"

static const easel_host_api *g_host;

static const easel_gesture_api *gestures(void) {
    const easel_gesture_api *api = (const easel_gesture_api *)g_host->get_extension(EASEL_GESTURE_EXTENSION_ID);
    if (api == NULL || api->struct_size < EASEL_GESTURE_API_V1_SIZE) return NULL;
    return api;
}

static easel_class *cached_class(easel_class **cache, const char *name) {
    if (*cache == NULL) *cache = g_host->class_named(name);
    return *cache;
}

/* ---- TouchLog : View ---- */

typedef struct {
    int32_t began, moved, ended, cancelled;
    int32_t eventTouches, ownTouches, tapCount;
    int64_t finger;
    double timestamp;
} TouchLogStorage;

static TouchLogStorage *touch_log(easel_object *self) {
    static easel_class *cls;
    return (TouchLogStorage *)g_host->object_storage(self, cached_class(&cls, "TouchLog"));
}

static void record(easel_object *self, easel_object *touch, easel_object *event) {
    const easel_gesture_api *g = gestures();
    TouchLogStorage *s = touch_log(self);
    if (g == NULL || s == NULL) return;
    s->eventTouches = (int32_t)g->event_touch_count(event, NULL);
    s->ownTouches = (int32_t)g->event_touch_count(event, self);
    s->tapCount = (int32_t)g->touch_tap_count(touch);
    s->finger = g->touch_identifier(touch);
    s->timestamp = g->event_timestamp(event);
}

static void TouchLog_began(easel_object *self, easel_sel _cmd, easel_object *touch, easel_object *event) {
    (void)_cmd;
    record(self, touch, event);
    touch_log(self)->began++;
}
static void TouchLog_moved(easel_object *self, easel_sel _cmd, easel_object *touch, easel_object *event) {
    (void)_cmd;
    record(self, touch, event);
    touch_log(self)->moved++;
}
static void TouchLog_ended(easel_object *self, easel_sel _cmd, easel_object *touch, easel_object *event) {
    (void)_cmd;
    record(self, touch, event);
    touch_log(self)->ended++;
}
static void TouchLog_cancelled(easel_object *self, easel_sel _cmd, easel_object *touch, easel_object *event) {
    (void)_cmd;
    record(self, touch, event);
    touch_log(self)->cancelled++;
}

static const easel_property_desc kTouchLogProperties[] = {
    EASEL_PROPERTY("began", "i", TouchLogStorage, began, NULL),
    EASEL_PROPERTY("moved", "i", TouchLogStorage, moved, NULL),
    EASEL_PROPERTY("ended", "i", TouchLogStorage, ended, NULL),
    EASEL_PROPERTY("cancelled", "i", TouchLogStorage, cancelled, NULL),
    EASEL_PROPERTY("eventTouches", "i", TouchLogStorage, eventTouches, NULL),
    EASEL_PROPERTY("ownTouches", "i", TouchLogStorage, ownTouches, NULL),
    EASEL_PROPERTY("tapCount", "i", TouchLogStorage, tapCount, NULL),
    EASEL_PROPERTY("finger", "q", TouchLogStorage, finger, NULL),
    EASEL_PROPERTY("timestamp", "d", TouchLogStorage, timestamp, NULL),
};
static const easel_method_desc kTouchLogMethods[] = {
    EASEL_METHOD("touchesBegan:withEvent:", "v@:@@", TouchLog_began),
    EASEL_METHOD("touchesMoved:withEvent:", "v@:@@", TouchLog_moved),
    EASEL_METHOD("touchesEnded:withEvent:", "v@:@@", TouchLog_ended),
    EASEL_METHOD("touchesCancelled:withEvent:", "v@:@@", TouchLog_cancelled),
};

/* ---- TapHost : View ---- */

typedef struct {
    int32_t taps;
    int32_t state;
    easel_point location;
    int32_t setup;
} TapHostStorage;

static TapHostStorage *tap_host(easel_object *self) {
    static easel_class *cls;
    return (TapHostStorage *)g_host->object_storage(self, cached_class(&cls, "TapHost"));
}

static void TapHost_init(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    const easel_gesture_api *g = gestures();
    if (g == NULL) return;
    easel_object *tap = g->create("TapGestureRecognizer");
    int64_t two = 2;
    int32_t ok = g_host->property_set(tap, "numberOfTapsRequired", &two) == EASEL_OK;
    ok = ok && g->add_to_view(tap, self) == EASEL_OK;
    ok = ok && g->add_target(tap, self, g_host->sel_register("handleTap:")) == EASEL_OK;
    ok = ok && g->view(tap) == self;
    /* Refused: not a recognizer class. */
    ok = ok && g->create("View") == NULL;
    tap_host(self)->setup = ok ? 1 : -1;
}

static void TapHost_handleTap(easel_object *self, easel_sel _cmd, easel_object *recognizer) {
    (void)_cmd;
    const easel_gesture_api *g = gestures();
    TapHostStorage *s = tap_host(self);
    s->taps++;
    s->state = g->state(recognizer);
    s->location = g->location_in_view(recognizer, self);
}

static const easel_property_desc kTapHostProperties[] = {
    EASEL_PROPERTY("taps", "i", TapHostStorage, taps, NULL),
    EASEL_PROPERTY("state", "i", TapHostStorage, state, NULL),
    EASEL_PROPERTY("location", EASEL_ENCODE_POINT, TapHostStorage, location, NULL),
    EASEL_PROPERTY("setup", "i", TapHostStorage, setup, NULL),
};
static const easel_method_desc kTapHostMethods[] = {
    EASEL_METHOD("init", "v@:", TapHost_init),
    EASEL_METHOD("handleTap:", "v@:@", TapHost_handleTap),
};

/* ---- ActionTarget : Object ---- */

typedef struct {
    int32_t actions;
    int32_t state;
    double scale;
    int32_t sawRecognizer;
} ActionTargetStorage;

static void ActionTarget_handle(easel_object *self, easel_sel _cmd, easel_object *recognizer) {
    (void)_cmd;
    static easel_class *cls;
    ActionTargetStorage *s = (ActionTargetStorage *)g_host->object_storage(self, cached_class(&cls, "ActionTarget"));
    const easel_gesture_api *g = gestures();
    s->actions++;
    int64_t state = -1;
    g_host->property_get(recognizer, "state", &state);
    s->state = (int32_t)state;
    double scale = 0;
    if (g_host->property_get(recognizer, "scale", &scale) == EASEL_OK) s->scale = scale;
    s->sawRecognizer = g != NULL && g->view(recognizer) != NULL && g->state(recognizer) == (int32_t)state;
}

static const easel_property_desc kActionTargetProperties[] = {
    EASEL_PROPERTY("actions", "i", ActionTargetStorage, actions, NULL),
    EASEL_PROPERTY("state", "i", ActionTargetStorage, state, NULL),
    EASEL_PROPERTY("scale", "d", ActionTargetStorage, scale, NULL),
    EASEL_PROPERTY("sawRecognizer", "i", ActionTargetStorage, sawRecognizer, NULL),
};
static const easel_method_desc kActionTargetMethods[] = {
    EASEL_METHOD("handleGesture:", "v@:@", ActionTarget_handle),
};

/* ---- TwoFingerTap : GestureRecognizer ---- */

static void TwoFinger_began(easel_object *self, easel_sel _cmd, easel_object *touch, easel_object *event) {
    (void)_cmd;
    (void)touch;
    (void)event;
    const easel_gesture_api *g = gestures();
    if (g != NULL && g->number_of_touches(self) == 2) g->set_state(self, EASEL_GESTURE_RECOGNIZED);
}
static void TwoFinger_ended(easel_object *self, easel_sel _cmd, easel_object *touch, easel_object *event) {
    (void)_cmd;
    (void)touch;
    (void)event;
    const easel_gesture_api *g = gestures();
    if (g != NULL && g->state(self) == EASEL_GESTURE_POSSIBLE) g->set_state(self, EASEL_GESTURE_FAILED);
}

static const easel_method_desc kTwoFingerMethods[] = {
    EASEL_METHOD("touchesBegan:withEvent:", "v@:@@", TwoFinger_began),
    EASEL_METHOD("touchesEnded:withEvent:", "v@:@@", TwoFinger_ended),
};

/* ---- GestureDelegate : Object ---- */

typedef struct {
    int32_t allowBegin;
    int32_t together;
    int32_t asked;
    double minimumX;
    int32_t touchAsks;
} GestureDelegateStorage;

static GestureDelegateStorage *gesture_delegate(easel_object *self) {
    static easel_class *cls;
    return (GestureDelegateStorage *)g_host->object_storage(self, cached_class(&cls, "GestureDelegate"));
}

static bool Delegate_shouldBegin(easel_object *self, easel_sel _cmd, easel_object *recognizer) {
    (void)_cmd;
    (void)recognizer;
    GestureDelegateStorage *s = gesture_delegate(self);
    s->asked++;
    return s->allowBegin != 0;
}

static bool Delegate_simultaneous(easel_object *self, easel_sel _cmd, easel_object *recognizer, easel_object *other) {
    (void)_cmd;
    (void)recognizer;
    (void)other;
    return gesture_delegate(self)->together != 0;
}

static bool Delegate_shouldReceiveTouch(easel_object *self, easel_sel _cmd, easel_object *recognizer, easel_object *touch) {
    (void)_cmd;
    (void)recognizer;
    GestureDelegateStorage *s = gesture_delegate(self);
    s->touchAsks++;
    return g_host->views->touch_location(touch, NULL).x >= s->minimumX;
}

static const int32_t kYes = 1;
static const easel_property_desc kDelegateProperties[] = {
    EASEL_PROPERTY("allowBegin", "i", GestureDelegateStorage, allowBegin, &kYes),
    EASEL_PROPERTY("together", "i", GestureDelegateStorage, together, NULL),
    EASEL_PROPERTY("asked", "i", GestureDelegateStorage, asked, NULL),
    EASEL_PROPERTY("minimumX", "d", GestureDelegateStorage, minimumX, NULL),
    EASEL_PROPERTY("touchAsks", "i", GestureDelegateStorage, touchAsks, NULL),
};
static const easel_method_desc kDelegateMethods[] = {
    EASEL_METHOD("gestureRecognizerShouldBegin:", "B@:@", Delegate_shouldBegin),
    EASEL_METHOD("gestureRecognizer:shouldRecognizeSimultaneouslyWithGestureRecognizer:", "B@:@@", Delegate_simultaneous),
    EASEL_METHOD("gestureRecognizer:shouldReceiveTouch:", "B@:@@", Delegate_shouldReceiveTouch),
};

/* ---- ScrollLog : Object (a scroll view delegate) ---- */

typedef struct {
    int32_t scrolls, beginDragging, endDragging, willDecelerate, beginDecelerating, endDecelerating;
} ScrollLogStorage;

static ScrollLogStorage *scroll_log(easel_object *self) {
    static easel_class *cls;
    return (ScrollLogStorage *)g_host->object_storage(self, cached_class(&cls, "ScrollLog"));
}
static void ScrollLog_didScroll(easel_object *self, easel_sel _cmd, easel_object *view) { (void)_cmd; (void)view; scroll_log(self)->scrolls++; }
static void ScrollLog_willBeginDragging(easel_object *self, easel_sel _cmd, easel_object *view) { (void)_cmd; (void)view; scroll_log(self)->beginDragging++; }
static void ScrollLog_didEndDragging(easel_object *self, easel_sel _cmd, easel_object *view, bool decelerate) {
    (void)_cmd;
    (void)view;
    scroll_log(self)->endDragging++;
    scroll_log(self)->willDecelerate = decelerate ? 1 : 0;
}
static void ScrollLog_willBeginDecelerating(easel_object *self, easel_sel _cmd, easel_object *view) { (void)_cmd; (void)view; scroll_log(self)->beginDecelerating++; }
static void ScrollLog_didEndDecelerating(easel_object *self, easel_sel _cmd, easel_object *view) { (void)_cmd; (void)view; scroll_log(self)->endDecelerating++; }

static const easel_property_desc kScrollLogProperties[] = {
    EASEL_PROPERTY("scrolls", "i", ScrollLogStorage, scrolls, NULL),
    EASEL_PROPERTY("beginDragging", "i", ScrollLogStorage, beginDragging, NULL),
    EASEL_PROPERTY("endDragging", "i", ScrollLogStorage, endDragging, NULL),
    EASEL_PROPERTY("willDecelerate", "i", ScrollLogStorage, willDecelerate, NULL),
    EASEL_PROPERTY("beginDecelerating", "i", ScrollLogStorage, beginDecelerating, NULL),
    EASEL_PROPERTY("endDecelerating", "i", ScrollLogStorage, endDecelerating, NULL),
};
static const easel_method_desc kScrollLogMethods[] = {
    EASEL_METHOD("scrollViewDidScroll:", "v@:@", ScrollLog_didScroll),
    EASEL_METHOD("scrollViewWillBeginDragging:", "v@:@", ScrollLog_willBeginDragging),
    EASEL_METHOD("scrollViewDidEndDragging:willDecelerate:", "v@:@B", ScrollLog_didEndDragging),
    EASEL_METHOD("scrollViewWillBeginDecelerating:", "v@:@", ScrollLog_willBeginDecelerating),
    EASEL_METHOD("scrollViewDidEndDecelerating:", "v@:@", ScrollLog_didEndDecelerating),
};

/* ---- ZoomDelegate : Object ---- */

typedef struct {
    int32_t zooms, beginZooming, endZooming;
    double endScale;
} ZoomDelegateStorage;

static ZoomDelegateStorage *zoom_delegate(easel_object *self) {
    static easel_class *cls;
    return (ZoomDelegateStorage *)g_host->object_storage(self, cached_class(&cls, "ZoomDelegate"));
}
static easel_object *Zoom_viewForZooming(easel_object *self, easel_sel _cmd, easel_object *scroll) {
    (void)self;
    (void)_cmd;
    return g_host->views->subview_count(scroll) > 0 ? g_host->views->subview_at(scroll, 0) : NULL;
}
static void Zoom_didZoom(easel_object *self, easel_sel _cmd, easel_object *view) { (void)_cmd; (void)view; zoom_delegate(self)->zooms++; }
static void Zoom_willBegin(easel_object *self, easel_sel _cmd, easel_object *scroll, easel_object *view) {
    (void)_cmd;
    (void)scroll;
    (void)view;
    zoom_delegate(self)->beginZooming++;
}
static void Zoom_didEnd(easel_object *self, easel_sel _cmd, easel_object *scroll, easel_object *view, double scale) {
    (void)_cmd;
    (void)scroll;
    (void)view;
    zoom_delegate(self)->endZooming++;
    zoom_delegate(self)->endScale = scale;
}
static const easel_property_desc kZoomDelegateProperties[] = {
    EASEL_PROPERTY("zooms", "i", ZoomDelegateStorage, zooms, NULL),
    EASEL_PROPERTY("beginZooming", "i", ZoomDelegateStorage, beginZooming, NULL),
    EASEL_PROPERTY("endZooming", "i", ZoomDelegateStorage, endZooming, NULL),
    EASEL_PROPERTY("endScale", "d", ZoomDelegateStorage, endScale, NULL),
};
static const easel_method_desc kZoomDelegateMethods[] = {
    EASEL_METHOD("viewForZoomingInScrollView:", "@@:@", Zoom_viewForZooming),
    EASEL_METHOD("scrollViewDidZoom:", "v@:@", Zoom_didZoom),
    EASEL_METHOD("scrollViewWillBeginZooming:withView:", "v@:@@", Zoom_willBegin),
    EASEL_METHOD("scrollViewDidEndZooming:withView:atScale:", "v@:@@d", Zoom_didEnd),
};

/* ---- BadScrollDelegate : Object ---- */

static void Bad_didScroll(easel_object *self, easel_sel _cmd, int32_t value) { (void)self; (void)_cmd; (void)value; }
static const easel_method_desc kBadScrollMethods[] = {
    EASEL_METHOD("scrollViewDidScroll:", "v@:i", Bad_didScroll),
};

static const easel_class_desc kClasses[] = {
    EASEL_CLASS("TouchLog", "View", sizeof(TouchLogStorage), kTouchLogProperties, kTouchLogMethods),
    EASEL_CLASS("TapHost", "View", sizeof(TapHostStorage), kTapHostProperties, kTapHostMethods),
    EASEL_CLASS("ActionTarget", "Object", sizeof(ActionTargetStorage), kActionTargetProperties, kActionTargetMethods),
    EASEL_CLASS_WITHOUT_PROPERTIES("TwoFingerTap", "GestureRecognizer", 0, kTwoFingerMethods),
    EASEL_CLASS("GestureDelegate", "Object", sizeof(GestureDelegateStorage), kDelegateProperties, kDelegateMethods),
    EASEL_CLASS("ScrollLog", "Object", sizeof(ScrollLogStorage), kScrollLogProperties, kScrollLogMethods),
    EASEL_CLASS("ZoomDelegate", "Object", sizeof(ZoomDelegateStorage), kZoomDelegateProperties, kZoomDelegateMethods),
    EASEL_CLASS_WITHOUT_PROPERTIES("BadScrollDelegate", "Object", 0, kBadScrollMethods),
};

EASEL_DEFINE_PLUGIN(kPlugin, "GestureWidgets", kClasses);

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &kPlugin;
}
