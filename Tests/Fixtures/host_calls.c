/* NOT BROKEN, CURIOUS: the entry point calls the host table before it answers, and names itself after what
 * it saw: "host_calls sel=<ok|null> View=<ok|null> Nope=<ok|null> object=<ok|null> view=<ok|null>", with a
 * drawing call and a log in between (which must do no harm). Class `HostCaller : Object`. In the scanner
 * no object exists, so object_create and views->create return NULL there; in the host they create. */
#include "easel.h"
#include "easel_util.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* The plugin's name, written by the entry point before it returns the description. */
static char name[160];
static const easel_class_desc classes[] = {
    EASEL_CLASS_WITH_COUNTS("HostCaller", "Object", 0, 0, NULL, 0, NULL),
};
EASEL_DEFINE_PLUGIN(plugin, name, classes);

static const char *seen(const void *pointer) { return pointer ? "ok" : "null"; }

EASEL_PLUGIN_ENTRY(host) {
    easel_sel sel = host->sel_register("host:calls:");
    int same = sel && strcmp(host->sel_name(sel), "host:calls:") == 0;
    easel_class *view = host->class_named("View");
    easel_class *nope = host->class_named("Nope");
    easel_object *object = host->object_create("Object");
    const easel_rect frame = {{0, 0}, {10, 10}};
    easel_object *created = host->views->create("View", frame);
    host->graphics->fill_rect(host->graphics->current_context(), frame);
    host->log(NULL, "host_calls: hello");
    snprintf(name, sizeof name, "host_calls sel=%s View=%s Nope=%s object=%s view=%s", same ? "ok" : "null",
             seen(view), seen(nope), seen(object), seen(created));
    return &plugin;
}
