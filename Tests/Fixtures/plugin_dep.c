/* A library a plugin needs (not a plugin): dependency_plugin.c links it through RUNPATH $ORIGIN/deps.
 * Its constructor appends a line to the file named by EASEL_MARKER_PATH, so that a test can tell whether the host ran it. */
#include <stdio.h>

/* The marker file: -DEASEL_MARKER_PATH='"/path"' (a compile-time path: the tests that load this run in
 * parallel with others, and the scanner and isolated worker inherit no test's environment changes). */
static void write_marker(void) {
#ifdef EASEL_MARKER_PATH
    FILE *file = fopen(EASEL_MARKER_PATH, "a");
    if (file != NULL) {
        fputs("plugin_dep: constructor ran\n", file);
        fclose(file);
    }
#endif
}

__attribute__((constructor)) static void plugin_dep_constructor(void) {
    write_marker();
}

int easel_plugin_dep_answer(void) { return 42; }
