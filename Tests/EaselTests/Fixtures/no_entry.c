/* BROKEN: exports `some_other_function` (a plausible entry under the wrong name) but no `easel_plugin_entry`. */
#include "easel.h"

#include <stddef.h>

static const easel_plugin_desc plugin = {
    EASEL_ABI_VERSION, sizeof(easel_plugin_desc), "no_entry", EASEL_LAYOUT_INIT, 0, NULL,
};

__attribute__((visibility("default"))) const easel_plugin_desc *some_other_function(
    const easel_host_api *host) {
    (void)host;
    return &plugin;
}
