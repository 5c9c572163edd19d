/* BROKEN: the entry point writes through a NULL pointer (SIGSEGV) after saying so on stderr (in red,
 * with a terminal escape, when built with -DEASEL_COLOURED_OUTPUT). */
#include "easel.h"

#include <stdio.h>

/* NULL, behind a volatile pointer so that the compiler cannot see it and the store really happens. */
static int *volatile nowhere = NULL;

EASEL_PLUGIN_ENTRY(host) {
    (void)host;
#ifdef EASEL_COLOURED_OUTPUT
    fprintf(stderr, "\x1b[31m");
#endif
    fprintf(stderr, "crash_entry: about to write through a NULL pointer\n");
    *nowhere = 1;
    return NULL;
}
