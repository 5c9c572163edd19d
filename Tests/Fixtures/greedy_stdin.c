/* NOT BROKEN, BUT NOSY: the entry point reads its standard input to the end before it answers (a scanner
 * must not let it swallow the requests meant for itself). Class `Greedy : Object`. Load it through a scanner
 * only: in a process whose standard input is a terminal it waits for end of input. */
#include "easel.h"
#include "easel_util.h"

#include <stddef.h>
#include <unistd.h>

static const easel_class_desc classes[] = {
    EASEL_CLASS_WITH_COUNTS("Greedy", "Object", 0, 0, NULL, 0, NULL),
};

EASEL_DEFINE_PLUGIN(plugin, "greedy_stdin", classes);

EASEL_PLUGIN_ENTRY(host) {
    (void)host;
    char buffer[4096];
    while (read(STDIN_FILENO, buffer, sizeof buffer) > 0) {
    }
    return &plugin;
}
