/* BROKEN: the entry point calls abort() (SIGABRT). */
#include "easel.h"

#include <stdio.h>
#include <stdlib.h>

EASEL_PLUGIN_ENTRY(host) {
    (void)host;
    fprintf(stderr, "abort_entry: giving up\n");
    abort();
}
