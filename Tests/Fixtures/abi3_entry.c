/* BROKEN: a plugin of a future ABI 3.x: it exports only `easel_plugin_entry_v3` (written by hand) and no
 * `easel_plugin_entry_v2`. The host must refuse it from the file's symbol table, naming both versions,
 * without running any of its code: its constructor and its entry point each append a line to
 * $EASEL_TEST_MARKER (when set; see entry_marker.h), so a test can check that the file stays empty.
 * Class `FuturePlugin : View`, described as 3.0. */
#include "easel.h"
#include "easel_util.h"

#include <stddef.h>

#include "entry_marker.h"

__attribute__((constructor)) static void abi3_entry_constructor(void) { write_marker("abi3_entry", "constructor"); }

static const easel_class_desc classes[] = {
    EASEL_CLASS_WITH_COUNTS("FuturePlugin", "View", 0, 0, NULL, 0, NULL),
};

static const easel_layout layout = EASEL_LAYOUT_INIT;

static const easel_plugin_desc plugin =
    EASEL_PLUGIN_DESC_INIT((3u << 16) | 0 /* 3.0 */, "abi3_entry", &layout, EASEL_COUNT(classes), classes);

/* The 3.x entry point: not EASEL_PLUGIN_ENTRY, which declares easel_plugin_entry_v2. */
EASEL_EXPORT const easel_plugin_desc *easel_plugin_entry_v3(const easel_host_api *host) {
    (void)host;
    write_marker("abi3_entry", "entry point");
    return &plugin;
}
