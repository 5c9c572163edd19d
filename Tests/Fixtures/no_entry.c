/* BROKEN: exports `some_other_function` (a plausible entry under the wrong name) but no `easel_plugin_entry_v2`
 * (nor the entry point of any other major version). */
#include "easel.h"
#include "easel_util.h"

#include <stddef.h>

static const easel_layout layout = EASEL_LAYOUT_INIT;

static const easel_plugin_desc plugin = EASEL_PLUGIN_DESC_INIT(EASEL_ABI_VERSION, "no_entry", &layout, 0, NULL);

__attribute__((visibility("default"))) const easel_plugin_desc *some_other_function(
    const easel_host_api *host) {
    (void)host;
    return &plugin;
}
