/* NOT BROKEN (built as is): class `Swapped : View`. Built with -DEASEL_UNLISTED it is the variant that
 * is not in the test's allow-list: its constructor appends a line to the file named by EASEL_MARKER_PATH, so that a test
 * that swaps the two variants under one name while the host loads it can tell whether unlisted code ever
 * ran. */
#include "easel.h"
#include "easel_util.h"
#include <stdio.h>

/* The marker file: -DEASEL_MARKER_PATH='"/path"' (a compile-time path: the tests that load this run in
 * parallel with others, and the scanner and isolated worker inherit no test's environment changes). */
static void write_marker(void) {
#ifdef EASEL_MARKER_PATH
    FILE *file = fopen(EASEL_MARKER_PATH, "a");
    if (file != NULL) {
        fputs("swapped_variant (unlisted): constructor ran\n", file);
        fclose(file);
    }
#endif
}

#include <stddef.h>

#ifdef EASEL_UNLISTED
__attribute__((constructor)) static void unlisted_constructor(void) {
    write_marker();
}
#endif

static const easel_class_desc classes[] = {
    EASEL_CLASS_WITH_COUNTS("Swapped", "View", 0, 0, NULL, 0, NULL),
};

EASEL_DEFINE_PLUGIN(plugin, "swapped_variant", classes);

EASEL_PLUGIN_ENTRY(host) {
    (void)host;
    return &plugin;
}
