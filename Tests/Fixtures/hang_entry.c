/* BROKEN: the entry point never returns (it sleeps forever). */
#include "easel.h"

#include <stdio.h>
#include <unistd.h>

EASEL_PLUGIN_ENTRY(host) {
    (void)host;
    fprintf(stderr, "hang_entry: waiting for a server that never answers\n");
    for (;;) pause();
}
