/* LOADS, BREAKS WHEN DRAWN: class `CrashingView : View` loads fine, but its drawRect: writes through a
 * NULL pointer (SIGSEGV). For isolated rendering; scanning and listing it must succeed.
 * Built with -DSLOW_MS=n, drawRect: first sleeps n milliseconds (a test changes the file meanwhile). */
#include "easel.h"
#include "easel_util.h"

#include <stddef.h>
#include <time.h>

/* NULL, behind a volatile pointer so that the compiler cannot see it and the store really happens. */
static int *volatile nowhere = NULL;

static void CrashingView_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)self;
    (void)_cmd;
    (void)rect;
#ifdef SLOW_MS
    struct timespec pause = {SLOW_MS / 1000, (SLOW_MS % 1000) * 1000000L};
    nanosleep(&pause, NULL);
#endif
    *nowhere = 1;
}

static const easel_method_desc methods[] = {
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, CrashingView_drawRect),
};

static const easel_class_desc classes[] = {
    EASEL_CLASS_WITHOUT_PROPERTIES("CrashingView", "View", 0, methods),
};

EASEL_DEFINE_PLUGIN(plugin, "crash_draw", classes);

EASEL_PLUGIN_ENTRY(host) {
    (void)host;
    return &plugin;
}
