/*
 * A GOOD fixture for Auto Layout from C: text-like views with baselines, and
 * (below) the layout extension (easel.layout.v1).
 *
 *   Caption : View     intrinsic content size 80 x 20; first and last
 *                      baselines 15 points below the top (one line of text).
 *   Paragraph : View   intrinsic content size 100 x 50; first baseline 14,
 *                      last baseline 44 points below the top (three lines).
 */
#include "easel.h"
#include "easel_util.h"

static const easel_host_api *g_host;

static easel_size Caption_intrinsicContentSize(easel_object *self, easel_sel _cmd) {
    (void)self, (void)_cmd;
    return (easel_size){80, 20};
}

static double Caption_baseline(easel_object *self, easel_sel _cmd) {
    (void)self, (void)_cmd;
    return 15;
}

static easel_size Paragraph_intrinsicContentSize(easel_object *self, easel_sel _cmd) {
    (void)self, (void)_cmd;
    return (easel_size){100, 50};
}

static double Paragraph_firstBaseline(easel_object *self, easel_sel _cmd) {
    (void)self, (void)_cmd;
    return 14;
}

static double Paragraph_lastBaseline(easel_object *self, easel_sel _cmd) {
    (void)self, (void)_cmd;
    return 44;
}

static const easel_method_desc kCaptionMethods[] = {
    EASEL_METHOD("intrinsicContentSize", EASEL_ENCODE_SIZE "@:", Caption_intrinsicContentSize),
    EASEL_METHOD("firstBaselineOffsetFromTop", "d@:", Caption_baseline),
    EASEL_METHOD("lastBaselineOffsetFromTop", "d@:", Caption_baseline),
};

static const easel_method_desc kParagraphMethods[] = {
    EASEL_METHOD("intrinsicContentSize", EASEL_ENCODE_SIZE "@:", Paragraph_intrinsicContentSize),
    EASEL_METHOD("firstBaselineOffsetFromTop", "d@:", Paragraph_firstBaseline),
    EASEL_METHOD("lastBaselineOffsetFromTop", "d@:", Paragraph_lastBaseline),
};

static const easel_class_desc kClasses[] = {
    EASEL_CLASS_WITHOUT_PROPERTIES("Caption", "View", 0, kCaptionMethods),
    EASEL_CLASS_WITHOUT_PROPERTIES("Paragraph", "View", 0, kParagraphMethods),
};

EASEL_DEFINE_PLUGIN(kPlugin, "LayoutWidgets", kClasses);

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &kPlugin;
}
