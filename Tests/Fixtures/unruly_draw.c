/* LOADS, MISBEHAVES WHEN DRAWN: views whose drawRect: does what a plugin must not, each after
 * filling its rect in green (so the image shows the view was drawn):
 *   PrintingView  printf()s a line to standard output (flushed at exit, as stdio does)
 *   FloodView     writes 4 MiB to standard output (flushed while drawing)
 *   ExitingView   calls exit(0)
 *   QuickExitView calls _exit(3), which no exit handler sees
 *   ForkingView   forks a child that sleeps 30 s, holding every descriptor the process had; the
 *                 process id of the child goes to the file $EASEL_TEST_FORK_PID names, if set
 * For the output-integrity, exit-status and isolation tests; scanning and listing it must succeed. */
#include "easel.h"
#include "easel_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const easel_host_api *g_host;

static void fill_green(easel_rect rect) {
    const easel_graphics_api *g = g_host->graphics;
    easel_context *ctx = g->current_context();
    easel_color green = {0, 1, 0, 1};
    g->set_fill_color(ctx, green);
    g->fill_rect(ctx, rect);
}

static void PrintingView_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)self;
    (void)_cmd;
    fill_green(rect);
    printf("PrintingView was here\n");
}

static void FloodView_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)self;
    (void)_cmd;
    fill_green(rect);
    static char block[65536];
    memset(block, 'F', sizeof block);
    for (int i = 0; i < 64; i++) fwrite(block, 1, sizeof block, stdout);
    fflush(stdout);
}

static void ExitingView_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)self;
    (void)_cmd;
    fill_green(rect);
    exit(0);
}

static void QuickExitView_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)self;
    (void)_cmd;
    fill_green(rect);
    _exit(3);
}

static void ForkingView_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)self;
    (void)_cmd;
    fill_green(rect);
    pid_t child = fork();
    if (child == 0) {
        sleep(30);
        _exit(0);
    }
    const char *record = getenv("EASEL_TEST_FORK_PID");
    FILE *file = record && child > 0 ? fopen(record, "w") : NULL;
    if (file) {
        fprintf(file, "%d\n", (int)child);
        fclose(file);
    }
}

static const easel_method_desc printing_methods[] = {
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, PrintingView_drawRect),
};
static const easel_method_desc flood_methods[] = {
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, FloodView_drawRect),
};
static const easel_method_desc exiting_methods[] = {
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, ExitingView_drawRect),
};
static const easel_method_desc quick_exit_methods[] = {
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, QuickExitView_drawRect),
};
static const easel_method_desc forking_methods[] = {
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, ForkingView_drawRect),
};

static const easel_class_desc classes[] = {
    EASEL_CLASS_WITHOUT_PROPERTIES("PrintingView", "View", 0, printing_methods),
    EASEL_CLASS_WITHOUT_PROPERTIES("FloodView", "View", 0, flood_methods),
    EASEL_CLASS_WITHOUT_PROPERTIES("ExitingView", "View", 0, exiting_methods),
    EASEL_CLASS_WITHOUT_PROPERTIES("QuickExitView", "View", 0, quick_exit_methods),
    EASEL_CLASS_WITHOUT_PROPERTIES("ForkingView", "View", 0, forking_methods),
};

EASEL_DEFINE_PLUGIN(plugin, "unruly_draw", classes);

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &plugin;
}
