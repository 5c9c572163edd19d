/* NOT BROKEN, WITH A VISIBLE LOAD: every run of the entry point appends a line to the file named by
 * $EASEL_TEST_LOAD_LOG, so a test can tell whether the plugin's code ran, and chats on standard output
 * (which must not disturb a scanner). Class `LoadLogged : View`. */
#include "easel.h"
#include "easel_util.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static const easel_class_desc classes[] = {
    EASEL_CLASS_WITH_COUNTS("LoadLogged", "View", 0, 0, NULL, 0, NULL),
};

EASEL_DEFINE_PLUGIN(plugin, "load_log", classes);

EASEL_PLUGIN_ENTRY(host) {
    (void)host;
    const char *log = getenv("EASEL_TEST_LOAD_LOG");
    if (log) {
        FILE *file = fopen(log, "a");
        if (file) {
            fprintf(file, "load_log entry point ran in process %ld\n", (long)getpid());
            fclose(file);
        }
    }
    printf("load_log: hello from the entry point\n");
    fflush(stdout);
    return &plugin;
}
