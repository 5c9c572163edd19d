/* LOADS WHERE IT MAY OPEN A SOCKET: the entry point opens an internet socket (a plugin that phones home),
 * closes it and registers class `Caller : View` (an empty drawRect:). easel-plugin-scanner, which runs
 * entry points outside the sandbox, finds it good; the isolated worker's sandbox stops it while loading. */
#include "easel.h"
#include "easel_util.h"

#include <stddef.h>
#include <sys/socket.h>
#include <unistd.h>

static void Caller_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)self;
    (void)_cmd;
    (void)rect;
}

static const easel_method_desc methods[] = {
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, Caller_drawRect),
};

static const easel_class_desc classes[] = {
    EASEL_CLASS_WITHOUT_PROPERTIES("Caller", "View", 0, methods),
};

EASEL_DEFINE_PLUGIN(plugin, "sandbox_entry", classes);

EASEL_PLUGIN_ENTRY(host) {
    (void)host;
    int fd = socket(AF_INET, SOCK_DGRAM, 0);
    if (fd >= 0) close(fd);
    return &plugin;
}
