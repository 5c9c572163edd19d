/* NOT BROKEN, CHATTY: the entry point writes two lines to standard error, then loads (class
 * `Chatter : Object`): a scanner must not blame these lines on the next plugin if that one dies. */
#include "easel.h"
#include "easel_util.h"

#include <stddef.h>
#include <stdio.h>

static const easel_class_desc classes[] = {
    EASEL_CLASS_WITH_COUNTS("Chatter", "Object", 0, 0, NULL, 0, NULL),
};

EASEL_DEFINE_PLUGIN(plugin, "chatty_good", classes);

EASEL_PLUGIN_ENTRY(host) {
    (void)host;
    fprintf(stderr, "chatty_good: loading\n");
    fprintf(stderr, "chatty_good: an unfinished line without a newline");
    return &plugin;
}
