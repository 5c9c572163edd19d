/* BROKEN: the entry point ends the process with exit(3). */
#include "easel.h"

#include <stdio.h>
#include <stdlib.h>

EASEL_PLUGIN_ENTRY(host) {
    (void)host;
    fprintf(stderr, "exit_entry: no configuration found, exiting\n");
    exit(3);
}
