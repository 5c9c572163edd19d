/* For fixtures whose code must never run (abi1_entry.c, abi3_entry.c, mangled_entry.cpp): appends a line
 * naming the fixture and what ran (its constructor, its entry point) to the file named by
 * $EASEL_TEST_MARKER, when that is set, so that a test can check that the host ran none of the plugin's
 * code. Plain C99 and C++11. */
#ifndef EASEL_FIXTURE_ENTRY_MARKER_H
#define EASEL_FIXTURE_ENTRY_MARKER_H

#include <stdio.h>
#include <stdlib.h>

static void write_marker(const char *fixture, const char *what) {
    const char *path = getenv("EASEL_TEST_MARKER");
    FILE *file;
    if (path == NULL || path[0] == 0) {
        return;
    }
    file = fopen(path, "a");
    if (file != NULL) {
        fprintf(file, "%s: %s ran\n", fixture, what);
        fclose(file);
    }
}

#endif /* EASEL_FIXTURE_ENTRY_MARKER_H */
