/* BROKEN: the entry point refuses to load by returning NULL. */
#include "easel.h"

#include <stddef.h>

EASEL_PLUGIN_ENTRY(host) {
    (void)host;
    return NULL;
}
