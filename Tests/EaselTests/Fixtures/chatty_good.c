/* NOT BROKEN, CHATTY: the entry point writes two lines to standard error, then loads (class
 * `Chatter : Object`): a scanner must not blame these lines on the next plugin if that one dies. */
#include "easel.h"

#include <stddef.h>
#include <stdio.h>

static const easel_class_desc classes[] = {
    {EASEL_ABI_VERSION, sizeof(easel_class_desc), "Chatter", "Object", 0, 0, 0, NULL, NULL},
};

static const easel_plugin_desc plugin = {
    EASEL_ABI_VERSION, sizeof(easel_plugin_desc), "chatty_good", EASEL_LAYOUT_INIT, 1, classes,
};

EASEL_PLUGIN_ENTRY(host) {
    (void)host;
    fprintf(stderr, "chatty_good: loading\n");
    fprintf(stderr, "chatty_good: an unfinished line without a newline");
    return &plugin;
}
