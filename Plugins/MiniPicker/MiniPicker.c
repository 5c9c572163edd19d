/*
 * MiniPicker — a sample Easel widget plugin written in C (libMiniPicker.so),
 * after the KPMiniPickerView of the seed article "UIOverlayView – painting on
 * top of your subviews": a picker the size of a text field.
 *
 * Classes
 *   Label : View       one line of text (`text`, `textColor`, `fontSize`,
 *                      `fontName` in Pango's string form such as "Sans" or
 *                      "DejaVu Sans Bold", `alignment` 0 left / 1 centre /
 *                      2 right), vertically centred in the bounds, cut short
 *                      with "…" when it does not fit: shaped by Pango through
 *                      the host's easel.text.v1 extension (on an older host,
 *                      the graphics table's text functions). Not opaque and not interactive,
 *                      like UILabel: touches go to the view behind it.
 *                      sizeThatFits: (and intrinsicContentSize, for Auto
 *                      Layout) is the size of the text; its first and last
 *                      baselines (firstBaselineOffsetFromTop) come from the
 *                      text table's font metrics.
 *   MiniPicker : View  shows `values[index]` (`values` is an array of
 *                      strings) in a Label subview on a rounded, text-field
 *                      like background, in `textColor`, `fontSize` and
 *                      `fontName` (the label's, such as "Sans Bold"). An overlay (views->add_overlay,
 *                      selector drawArrows:) paints a blue arrow at each end
 *                      OVER the label, showing the slide direction; an arrow
 *                      is dimmed when there is no value in its direction.
 *
 * Behaviour of MiniPicker
 *   - A horizontal drag moves one value for every 20 points the touch
 *     travels: to the left, the next value (the list slides left, as a
 *     carousel does); to the right, the previous one. A tap on an arrow (the
 *     outer 22 points of either end) moves one value in the arrow's direction.
 *   - As UIKit code would, the picker uses gesture recognizers (the host's
 *     easel.gesture.v1 table): a PanGestureRecognizer on the strip
 *     (handlePan:, which begins after 10 points, measured from touch down)
 *     and a TapGestureRecognizer (handleTap:, which the pan makes fail once
 *     it begins) for the arrows. On a host without the table it tracks the
 *     touches itself (touchesBegan/Moved/Ended: a touch that travels less
 *     than 4 points is a tap).
 *   - At the ends of the list the index stops (clamped) unless `wraps` is
 *     true, when the last value is followed by the first. A drag longer
 *     than the list takes at most one round of single steps; the rest is
 *     taken at once (see picker_track), so any touch location is cheap.
 *   - After every change the picker updates the label's text, marks itself
 *     and the label for display, and, when its superview's class responds to
 *     pickerDidChange: (v@:@), sends it with the picker as the argument.
 *   - The properties are the picker's state: a scene (or any code) may set
 *     `values` and `index` directly; the label follows them at the next
 *     layout or draw, or at once when the code sends `reload` (v@:). An index
 *     outside the list is clamped into it.
 *
 * Memory: a Label's `text` and a MiniPicker's `values` point to memory owned
 * by whoever stored them (the host for values from a scene file, a plugin's
 * static data, ...), which must stay valid while the property holds it. A
 * MiniPicker stores pointers into its own `values` in its label's `text`.
 *
 * Drawing uses the "Sans" font (DejaVu Sans where fonts-dejavu is installed).
 * Everything here is read from easel.h, with the description macros and the
 * rounded-rectangle path of easel_util.h.
 */
#include "easel.h"
#include "easel_util.h"

#include <math.h> /* isfinite, a macro: no libm */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const easel_host_api *g_host;

/* ------------------------------------------------------------------------ */
/* Helpers                                                                   */
/* ------------------------------------------------------------------------ */

/* Looks a class up once (only possible inside method calls, not in the entry point). */
static easel_class *cached_class(easel_class **cache, const char *name) {
    if (*cache == NULL) {
        *cache = g_host->class_named(name);
    }
    return *cache;
}

static easel_sel cached_sel(easel_sel *cache, const char *name) {
    if (*cache == NULL) {
        *cache = g_host->sel_register(name);
    }
    return *cache;
}

static double min_d(double a, double b) { return a < b ? a : b; }
static double max_d(double a, double b) { return a > b ? a : b; }
static double abs_d(double a) { return a < 0 ? -a : a; }

/*
 * The smallest whole number not below a (without libm). A double of 2^52 or
 * more in size is a whole number already (and NaN and the infinities are
 * their own ceiling): only smaller ones go through int64_t, which holds them.
 */
static double ceil_d(double a) {
    if (!(abs_d(a) < 4503599627370496.0)) {
        return a;
    }
    double t = (double)(int64_t)a;
    return t < a ? t + 1 : t;
}

static easel_rect make_rect(double x, double y, double w, double h) {
    easel_rect r = {{x, y}, {w, h}};
    return r;
}

/*
 * Sans fonts (DejaVu Sans) have an ascent + descent of 1.164 em and capitals
 * and digits 0.73 em tall: a baseline 0.36 em below the middle centres them.
 */
static const double kLineHeightPerEm = 1.164;
static const double kBaselineBelowMiddlePerEm = 0.36;

/*
 * An estimate of a code point's advance in DejaVu Sans, in em: narrow
 * punctuation, spaces and thin letters about 0.3, capitals, digits and the
 * wide lower-case letters about 0.7, the other lower-case letters and
 * anything else 0.6.
 */
static double estimated_advance(unsigned char c) {
    if (c != 0 && strchr(" .,:;'!|iljI", c) != NULL) {
        return 0.3;
    }
    if (c != 0 && strchr("frt()-", c) != NULL) {
        return 0.4;
    }
    if ((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == 'm' || c == 'w') {
        return 0.7;
    }
    return 0.6;
}

/*
 * The size of one line of text. Measured with the current drawing context
 * when there is one (inside drawing); layout code runs without one, and then
 * the size is estimated from typical DejaVu Sans advances (estimated_advance).
 */
/* The host's text table (easel.text.v1), or NULL on a host without it. */
static const easel_text_api *text_api(void) {
    /* Kept once found: a host's tables do not change while a plugin is loaded. */
    static const easel_text_api *text;
    if (text == NULL) {
        const easel_text_api *found = (const easel_text_api *)g_host->get_extension(EASEL_TEXT_EXTENSION_ID);
        text = found != NULL && found->struct_size >= sizeof(easel_text_api) ? found : NULL;
    }
    return text;
}

/* A font descriptor: `font` in Pango's string form ("Sans", "DejaVu Sans Bold") at `size`. */
static easel_font_desc font_desc(const char *font, double size) {
    easel_font_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.abi_version = EASEL_ABI_VERSION;
    desc.struct_size = sizeof desc;
    desc.description = font;
    desc.size = size;
    return desc;
}

static easel_size text_size(const char *text, const char *font, double size) {
    const easel_text_api *t = text_api();
    if (t != NULL) {
        /* Measured by Pango without a context, exactly as drawn. */
        easel_font_desc desc = font_desc(font, size);
        easel_text_style style;
        memset(&style, 0, sizeof style);
        style.abi_version = EASEL_ABI_VERSION;
        style.struct_size = sizeof style;
        style.font = &desc;
        easel_size measured = t->measure_text(NULL, text, -1, 0, 0, &style, NULL, 0);
        measured.height = t->font_metrics(NULL, &desc).line_height;
        return measured;
    }
    const easel_graphics_api *g = g_host->graphics;
    easel_context *ctx = g->current_context();
    easel_size result;
    if (ctx != NULL) {
        g->save_state(ctx);
        g->set_font(ctx, font, size);
        result = g->measure_text(ctx, text);
        g->restore_state(ctx);
    } else {
        double ems = 0;
        for (const unsigned char *p = (const unsigned char *)text; *p != 0; p++) {
            if ((*p & 0xC0) != 0x80) {
                ems += estimated_advance(*p); /* once per code point */
            }
        }
        result.width = ems * size;
        result.height = kLineHeightPerEm * size;
    }
    return result;
}

/* ------------------------------------------------------------------------ */
/* Label : View                                                              */
/* ------------------------------------------------------------------------ */

enum { LABEL_ALIGN_LEFT = 0, LABEL_ALIGN_CENTER = 1, LABEL_ALIGN_RIGHT = 2 };

typedef struct LabelStorage {
    const char *text;
    const char *fontName;
    easel_color textColor;
    double fontSize;
    int32_t alignment;
} LabelStorage;

static LabelStorage *label_storage(easel_object *self) {
    static easel_class *cls;
    return (LabelStorage *)g_host->object_storage(self, cached_class(&cls, "Label"));
}

static const char *label_font(const LabelStorage *s) {
    return s->fontName != NULL && s->fontName[0] != 0 ? s->fontName : "Sans";
}

/* - (void)init — not opaque (the view behind shows around the text) and not interactive, as UILabel. */
static void Label_init(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    bool no = false;
    g_host->property_set(self, "opaque", &no);
    g_host->property_set(self, "userInteractionEnabled", &no);
}

/* - (void)prepareForInterfaceBuilder — sent by `easel gallery` after init: a preview shows some text. */
static void Label_prepareForInterfaceBuilder(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    const char *text = "Label";
    g_host->property_set(self, "text", &text);
}

/*
 * Writes into `out` the first `length` bytes of `text`, less a code point cut
 * in two, followed by "…"; returns how many bytes of `text` it kept, and the
 * width of `out` in `width`.
 */
static size_t label_shortened(const easel_graphics_api *g, easel_context *ctx, const char *text, size_t length,
                              char *out, double *width) {
    size_t cut = length;
    while (cut > 0 && (((unsigned char)text[cut]) & 0xC0) == 0x80) {
        cut--; /* back to the start of a code point */
    }
    memcpy(out, text, cut);
    memcpy(out + cut, "\xE2\x80\xA6", 4); /* "…" and the terminator */
    *width = g->measure_text(ctx, out).width;
    return cut;
}

/*
 * Draws the text, cut short with an ellipsis when it is wider than the
 * bounds: the longest prefix (whole code points) that fits with "…".
 */
static void Label_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)_cmd;
    (void)rect;
    const easel_graphics_api *g = g_host->graphics;
    easel_context *ctx = g->current_context();
    LabelStorage *s = label_storage(self);
    if (ctx == NULL || s == NULL || s->text == NULL || s->text[0] == 0 || !(s->fontSize > 0)) {
        return;
    }
    easel_rect b = g_host->views->bounds(self);
    const easel_text_api *t = text_api();
    if (t != NULL) {
        /* Pango: one line, vertically centred, cut with "…" at the tail when too wide. */
        easel_font_desc desc = font_desc(label_font(s), s->fontSize);
        easel_text_style style;
        memset(&style, 0, sizeof style);
        style.abi_version = EASEL_ABI_VERSION;
        style.struct_size = sizeof style;
        style.font = &desc;
        style.alignment = s->alignment == LABEL_ALIGN_CENTER  ? EASEL_TEXT_ALIGN_CENTER
                          : s->alignment == LABEL_ALIGN_RIGHT ? EASEL_TEXT_ALIGN_RIGHT
                                                              : EASEL_TEXT_ALIGN_LEFT;
        style.truncation = EASEL_TRUNCATE_TAIL;
        style.max_lines = 1;
        double lineHeight = t->font_metrics(NULL, &desc).line_height;
        easel_rect line = b;
        line.origin.y = b.origin.y + (b.size.height - lineHeight) / 2;
        line.size.height = lineHeight;
        /* No save/restore: every drawRect: starts from a fresh graphics state, as in UIKit. */
        g->set_fill_color(ctx, s->textColor);
        t->draw_text_in_rect(ctx, s->text, -1, line, &style, NULL, 0);
        return;
    }
    g->save_state(ctx);
    g->set_font(ctx, label_font(s), s->fontSize);
    g->set_fill_color(ctx, s->textColor);

    const char *shown = s->text;
    char *shortened = NULL;
    double width = g->measure_text(ctx, s->text).width;
    if (width > b.size.width) {
        size_t length = strlen(s->text);
        shortened = malloc(length + 4);
        if (shortened != NULL) {
            /* The longest prefix that fits (or none: "…" alone), found by
               bisection: the width of a prefix with "…" grows with the
               prefix, so about log2(length) measurements find it, however
               long the text. */
            size_t fits = 0, tooLong = length + 1; /* `fits` bytes fit; `tooLong` bytes do not */
            while (tooLong - fits > 1) {
                size_t middle = fits + (tooLong - fits) / 2;
                if (label_shortened(g, ctx, s->text, middle, shortened, &width) == 0 || width <= b.size.width) {
                    fits = middle;
                } else {
                    tooLong = middle;
                }
            }
            label_shortened(g, ctx, s->text, fits, shortened, &width);
            shown = shortened;
        }
    }

    double x = b.origin.x;
    if (s->alignment == LABEL_ALIGN_CENTER) {
        x += (b.size.width - width) / 2;
    } else if (s->alignment == LABEL_ALIGN_RIGHT) {
        x += b.size.width - width;
    }
    double baseline = b.origin.y + b.size.height / 2 + kBaselineBelowMiddlePerEm * s->fontSize;
    g->show_text(ctx, shown, x, baseline);
    g->restore_state(ctx);
    free(shortened);
}

/* - (CGSize)sizeThatFits:(CGSize)size — the text's width and line height, rounded up. */
static easel_size Label_sizeThatFits(easel_object *self, easel_sel _cmd, easel_size size) {
    (void)_cmd;
    (void)size;
    easel_size result = {0, 0};
    LabelStorage *s = label_storage(self);
    if (s == NULL || !(s->fontSize > 0)) {
        return result;
    }
    easel_size text = text_size(s->text != NULL ? s->text : "", label_font(s), s->fontSize);
    result.width = ceil_d(text.width);
    result.height = ceil_d(text.height);
    return result;
}

/* - (CGSize)intrinsicContentSize — what Auto Layout sizes a Label placed by constraints with: sizeThatFits:. */
static easel_size Label_intrinsicContentSize(easel_object *self, easel_sel _cmd) {
    return Label_sizeThatFits(self, _cmd, (easel_size){0, 0});
}

/* - (double)firstBaselineOffsetFromTop — the baseline of the one line drawRect: centres
   vertically, at the label's intrinsic height (what Auto Layout asks for):
   (height - line height) / 2 + ascent, from the text table's font metrics
   (easel.text.v1); the bottom edge without it. Also the last baseline. */
static double Label_baselineOffsetFromTop(easel_object *self, easel_sel _cmd) {
    double height = Label_sizeThatFits(self, _cmd, (easel_size){0, 0}).height;
    LabelStorage *s = label_storage(self);
    const easel_text_api *t = text_api();
    if (s == NULL || t == NULL || !(s->fontSize > 0)) {
        return height;
    }
    easel_font_desc desc = font_desc(label_font(s), s->fontSize);
    easel_font_metrics metrics = t->font_metrics(NULL, &desc);
    return (height - metrics.line_height) / 2 + metrics.ascent;
}

static const char *const kLabelDefaultText = "";
static const char *const kLabelDefaultFont = "Sans";
static const easel_color kLabelDefaultTextColor = {0, 0, 0, 1}; /* black, as UILabel */
static const double kLabelDefaultFontSize = 17;                /* UILabel's system font size */
static const int32_t kLabelDefaultAlignment = LABEL_ALIGN_LEFT;

static const easel_property_desc kLabelProperties[] = {
    EASEL_PROPERTY("text", EASEL_ENCODE_STRING, LabelStorage, text, &kLabelDefaultText),
    EASEL_PROPERTY("fontName", EASEL_ENCODE_STRING, LabelStorage, fontName, &kLabelDefaultFont),
    EASEL_PROPERTY("textColor", EASEL_ENCODE_COLOR, LabelStorage, textColor, &kLabelDefaultTextColor),
    EASEL_PROPERTY("fontSize", "d", LabelStorage, fontSize, &kLabelDefaultFontSize),
    EASEL_PROPERTY("alignment", "i", LabelStorage, alignment, &kLabelDefaultAlignment),
};

static const easel_method_desc kLabelMethods[] = {
    EASEL_METHOD("init", "v@:", Label_init),
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, Label_drawRect),
    EASEL_METHOD("sizeThatFits:", EASEL_ENCODE_SIZE "@:" EASEL_ENCODE_SIZE, Label_sizeThatFits),
    EASEL_METHOD("intrinsicContentSize", EASEL_ENCODE_SIZE "@:", Label_intrinsicContentSize),
    EASEL_METHOD("firstBaselineOffsetFromTop", "d@:", Label_baselineOffsetFromTop),
    EASEL_METHOD("lastBaselineOffsetFromTop", "d@:", Label_baselineOffsetFromTop),
    EASEL_METHOD("prepareForInterfaceBuilder", "v@:", Label_prepareForInterfaceBuilder),
};

/* ------------------------------------------------------------------------ */
/* MiniPicker : View                                                         */
/* ------------------------------------------------------------------------ */

/* Points of horizontal travel per value. */
static const double kStepDistance = 20;
/* A touch that travels less than this is a tap. */
static const double kTapSlop = 4;
/* The arrows: this far from the ends, this wide and this tall; a tap this close to an end hits one. */
static const double kArrowInset = 7;
static const double kArrowWidth = 6;
static const double kArrowHeight = 10;
static const double kArrowTapZone = 22;
/* The label's horizontal inset: it runs under the arrows, which the overlay paints over it. */
static const double kLabelInset = 6;
/* UIKit's rounded-rect text field: 31 points tall, corners of 6 points. */
static const double kFieldHeight = 31;
static const double kFieldCornerRadius = 6;

typedef struct MiniPickerStorage {
    /* declared properties */
    easel_string_array values;
    int32_t index;
    bool wraps;
    easel_color textColor;
    easel_color arrowColor;
    easel_color fieldColor;
    easel_color borderColor;
    double fontSize;
    const char *fontName;
    /* private state of a touch sequence */
    double anchorX; /* where the current step of the drag started (own coordinates) */
    double startX;  /* where the touch began */
    bool travelled; /* moved further than kTapSlop: not a tap */
    bool recognizers; /* taps and pans come through gesture recognizers (easel.gesture.v1) */
} MiniPickerStorage;

static MiniPickerStorage *picker_storage(easel_object *self) {
    static easel_class *cls;
    return (MiniPickerStorage *)g_host->object_storage(self, cached_class(&cls, "MiniPicker"));
}

/* The Label subview the picker created in init (found each time, so never a stale pointer). */
static easel_object *picker_label(easel_object *self) {
    static easel_class *labelClass;
    easel_class *cls = cached_class(&labelClass, "Label");
    uint32_t count = g_host->views->subview_count(self);
    for (uint32_t i = 0; i < count; i++) {
        easel_object *subview = g_host->views->subview_at(self, i);
        if (g_host->object_class(subview) == cls) {
            return subview;
        }
    }
    return NULL;
}

/* Keeps the index inside the list (0 for an empty list) and stores it back. */
static int32_t picker_clamped_index(MiniPickerStorage *s) {
    int64_t count = (int64_t)s->values.count;
    if (s->values.strings == NULL || count <= 0 || s->index < 0) {
        s->index = 0;
    } else if (s->index >= count) {
        s->index = (int32_t)(count - 1);
    }
    return s->index;
}

/* The current value, or "" for an empty list. */
static const char *picker_current_value(MiniPickerStorage *s) {
    int32_t index = picker_clamped_index(s);
    if (s->values.strings == NULL || s->values.count == 0 || s->values.strings[index] == NULL) {
        return "";
    }
    return s->values.strings[index];
}

/* The picker's font in Pango's string form ("Sans" when not set). */
static const char *picker_font(const MiniPickerStorage *s) {
    return s->fontName != NULL && s->fontName[0] != 0 ? s->fontName : "Sans";
}

/* Makes the label show the current value in the picker's text colour, font and size. */
static void picker_sync_label(easel_object *self) {
    MiniPickerStorage *s = picker_storage(self);
    easel_object *label = picker_label(self);
    if (s == NULL || label == NULL) {
        return;
    }
    const char *text = picker_current_value(s);
    int32_t centre = LABEL_ALIGN_CENTER;
    g_host->property_set(label, "text", &text);
    g_host->property_set(label, "textColor", &s->textColor);
    g_host->property_set(label, "fontSize", &s->fontSize);
    g_host->property_set(label, "fontName", &s->fontName);
    g_host->property_set(label, "alignment", &centre);
}

/* Whether there is a value in a direction (-1 previous, +1 next). */
static bool picker_can_step(MiniPickerStorage *s, int direction) {
    int64_t count = s->values.strings != NULL ? (int64_t)s->values.count : 0;
    if (count <= 1) {
        return false;
    }
    if (s->wraps) {
        return true;
    }
    int32_t index = picker_clamped_index(s);
    return direction < 0 ? index > 0 : index < count - 1;
}

/* Tells the superview that the value changed, when its class wants to know. */
static void picker_notify_superview(easel_object *self) {
    static easel_sel didChange;
    easel_sel sel = cached_sel(&didChange, "pickerDidChange:");
    easel_object *superview = g_host->views->superview(self);
    if (superview != NULL && g_host->class_responds_to(g_host->object_class(superview), sel)) {
        void *args[] = {&self};
        g_host->msg_send(superview, sel, NULL, args);
    }
}

/* Moves one value in a direction (-1 previous, +1 next); true when the index changed. */
static bool picker_step(easel_object *self, int direction) {
    MiniPickerStorage *s = picker_storage(self);
    if (s == NULL || !picker_can_step(s, direction)) {
        return false;
    }
    int64_t count = (int64_t)s->values.count;
    int64_t index = (int64_t)picker_clamped_index(s) + direction;
    if (index < 0) {
        index = count - 1; /* only reachable when wrapping */
    } else if (index >= count) {
        index = 0;
    }
    s->index = (int32_t)index;
    picker_sync_label(self);
    easel_object *label = picker_label(self);
    if (label != NULL) {
        g_host->views->set_needs_display(label);
    }
    g_host->views->set_needs_display(self); /* the arrows' dimming may change */
    picker_notify_superview(self);
    return true;
}

static const easel_gesture_api *gesture_api(void);
static bool picker_add_recognizer(easel_object *self, const easel_gesture_api *g, const char *cls, easel_sel action);

/* - (void)init — the label, then the overlay, so the overlay is the last subview. */
static void MiniPicker_init(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    static easel_sel drawArrows;
    const easel_view_api *v = g_host->views;
    bool no = false;
    g_host->property_set(self, "opaque", &no); /* the corners outside the rounded field show through */
    easel_rect b = v->bounds(self);
    easel_object *label = v->create("Label", make_rect(b.origin.x + kLabelInset, b.origin.y,
                                                       max_d(0, b.size.width - 2 * kLabelInset), b.size.height));
    if (label != NULL) {
        v->add_subview(self, label);
    }
    v->add_overlay(self, cached_sel(&drawArrows, "drawArrows:"));
    picker_sync_label(self);
    /* The strip pans and the arrows take taps, through recognizers when the host has them. */
    static easel_sel handlePan, handleTap;
    const easel_gesture_api *g = gesture_api();
    MiniPickerStorage *s = picker_storage(self);
    if (g != NULL && s != NULL) {
        s->recognizers = picker_add_recognizer(self, g, "PanGestureRecognizer", cached_sel(&handlePan, "handlePan:"))
                         && picker_add_recognizer(self, g, "TapGestureRecognizer", cached_sel(&handleTap, "handleTap:"));
    }
}

/* - (void)prepareForInterfaceBuilder — sent by `easel gallery` after init: a preview shows a few values. */
static void MiniPicker_prepareForInterfaceBuilder(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    static const char *const sizes[] = {"Small", "Medium", "Large"};
    easel_string_array values = {sizes, 3};
    int32_t index = 1;
    g_host->property_set(self, "values", &values); /* the host copies the strings */
    g_host->property_set(self, "index", &index);
    picker_sync_label(self);
}

/* - (void)layoutSubviews — the label spans the field, under the arrows. */
static void MiniPicker_layoutSubviews(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    const easel_view_api *v = g_host->views;
    easel_object *label = picker_label(self);
    if (label != NULL) {
        easel_rect b = v->bounds(self);
        v->set_frame(label, make_rect(b.origin.x + kLabelInset, b.origin.y,
                                      max_d(0, b.size.width - 2 * kLabelInset), b.size.height));
    }
    picker_sync_label(self);
}

/* - (void)reload — makes the label follow `values` and `index` after code changed them. */
static void MiniPicker_reload(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    picker_sync_label(self);
    easel_object *label = picker_label(self);
    if (label != NULL) {
        g_host->views->set_needs_display(label);
    }
    g_host->views->set_needs_display(self);
}

/*
 * - (void)drawRect: — the text field: a rounded rectangle in `fieldColor`, a
 * faint shadow along its inner top edge and a 1 pt `borderColor` outline.
 * Also brings the label up to date (it draws after its superview), so values
 * set directly on the properties always show.
 */
static void MiniPicker_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)_cmd;
    (void)rect;
    const easel_graphics_api *g = g_host->graphics;
    easel_context *ctx = g->current_context();
    MiniPickerStorage *s = picker_storage(self);
    if (ctx == NULL || s == NULL) {
        return;
    }
    picker_sync_label(self);
    easel_rect b = g_host->views->bounds(self);
    easel_rect field = make_rect(b.origin.x + 0.5, b.origin.y + 0.5, b.size.width - 1, b.size.height - 1);
    if (field.size.width <= 0 || field.size.height <= 0) {
        return;
    }
    double radius = min_d(kFieldCornerRadius, field.size.height / 2);
    g->save_state(ctx);
    g->set_fill_color(ctx, s->fieldColor);
    g->begin_path(ctx);
    easel_add_rounded_rect(g, ctx, field, radius);
    g->fill_path(ctx, EASEL_FILL_NONZERO);

    /* the inner shadow: a soft band under the top edge, inside the field */
    g->save_state(ctx);
    g->begin_path(ctx);
    easel_add_rounded_rect(g, ctx, field, radius);
    g->clip(ctx, EASEL_FILL_NONZERO);
    easel_color shadow = {0, 0, 0, 0.07};
    g->set_fill_color(ctx, shadow);
    g->fill_rect(ctx, make_rect(field.origin.x, field.origin.y, field.size.width, 2));
    g->fill_rect(ctx, make_rect(field.origin.x, field.origin.y, field.size.width, 1));
    g->restore_state(ctx);

    g->set_stroke_color(ctx, s->borderColor);
    g->set_line_width(ctx, 1);
    g->begin_path(ctx);
    easel_add_rounded_rect(g, ctx, field, radius);
    g->stroke_path(ctx);
    g->restore_state(ctx);
}

/* One arrow: a triangle with its tip towards `direction` (-1 left, +1 right). */
static void fill_arrow(const easel_graphics_api *g, easel_context *ctx, double tipX, double midY, int direction) {
    double baseX = tipX - direction * kArrowWidth;
    g->begin_path(ctx);
    g->move_to(ctx, tipX, midY);
    g->add_line_to(ctx, baseX, midY - kArrowHeight / 2);
    g->add_line_to(ctx, baseX, midY + kArrowHeight / 2);
    g->close_path(ctx);
    g->fill_path(ctx, EASEL_FILL_NONZERO);
}

/*
 * - (void)drawArrows:(CGRect)rect — the overlay: a left and a right arrow
 * over the ends of the label in `arrowColor`, each at a quarter of its
 * alpha when there is no value in its direction.
 */
static void MiniPicker_drawArrows(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)_cmd;
    (void)rect;
    const easel_graphics_api *g = g_host->graphics;
    easel_context *ctx = g->current_context();
    MiniPickerStorage *s = picker_storage(self);
    if (ctx == NULL || s == NULL) {
        return;
    }
    easel_rect b = g_host->views->bounds(self);
    double midY = b.origin.y + b.size.height / 2;
    for (int direction = -1; direction <= 1; direction += 2) {
        easel_color color = s->arrowColor;
        if (!picker_can_step(s, direction)) {
            color.alpha *= 0.25;
        }
        double tipX = direction < 0 ? b.origin.x + kArrowInset : b.origin.x + b.size.width - kArrowInset;
        g->set_fill_color(ctx, color);
        fill_arrow(g, ctx, tipX, midY, direction);
    }
}

static double touch_x(easel_object *self, easel_object *touch) {
    return g_host->views->touch_location(touch, self).x;
}

/*
 * Moves one value for every kStepDistance points travelled since the anchor,
 * at most one round of the list one step at a time: a touch further away
 * than that only goes round a wrapping list again (the remainder of the
 * rounds is taken at once) or pushes against the end of a clamped one, and
 * the anchor starts again at the touch. So a touch a long way off (1e308, a
 * view scaled down to nothing) costs no more steps than the list has values.
 * A location that is not a finite number is ignored.
 */
static void picker_track(easel_object *self, MiniPickerStorage *s, double x) {
    if (!isfinite(x) || !isfinite(s->anchorX)) {
        return;
    }
    if (abs_d(x - s->startX) >= kTapSlop) {
        s->travelled = true;
    }
    uint64_t count = s->values.strings != NULL ? s->values.count : 0;
    for (uint64_t step = 0; step <= count && abs_d(x - s->anchorX) >= kStepDistance; step++) {
        int direction = x < s->anchorX ? +1 : -1; /* dragging left shows the next value */
        s->anchorX += direction > 0 ? -kStepDistance : kStepDistance;
        picker_step(self, direction);
        s = picker_storage(self);
        if (s == NULL) {
            return;
        }
    }
    double rest = abs_d(x - s->anchorX) / kStepDistance; /* whole rounds and more still to go */
    if (rest >= 1) {
        int direction = x < s->anchorX ? +1 : -1;
        uint64_t more = s->wraps && count > 0 && rest < 1.8e19 ? (uint64_t)rest % count : 0;
        for (uint64_t step = 0; step < more; step++) {
            picker_step(self, direction);
        }
        s = picker_storage(self);
        if (s != NULL) {
            s->anchorX = x;
        }
    }
}

/* The host's gesture table (easel.gesture.v1), or NULL on a host without it. */
static const easel_gesture_api *gesture_api(void) {
    const easel_gesture_api *g = (const easel_gesture_api *)g_host->get_extension(EASEL_GESTURE_EXTENSION_ID);
    return g != NULL && g->struct_size >= EASEL_GESTURE_API_V1_SIZE ? g : NULL;
}

/* Makes a recognizer of a class with an action sent to the picker, and attaches it; false when it cannot. */
static bool picker_add_recognizer(easel_object *self, const easel_gesture_api *g, const char *cls, easel_sel action) {
    easel_object *recognizer = g->create(cls);
    return recognizer != NULL && g->add_target(recognizer, self, action) == EASEL_OK
           && g->add_to_view(recognizer, self) == EASEL_OK;
}

/*
 * - (void)handlePan:(id)recognizer — the drag: from where the finger came
 * down (the location less the translation), one value per 20 points.
 */
static void MiniPicker_handlePan(easel_object *self, easel_sel _cmd, easel_object *recognizer) {
    (void)_cmd;
    const easel_gesture_api *g = gesture_api();
    MiniPickerStorage *s = picker_storage(self);
    if (g == NULL || s == NULL) {
        return;
    }
    easel_point translation = g->translation_in_view(recognizer, self);
    int32_t state = g->state(recognizer);
    if (state == EASEL_GESTURE_BEGAN) {
        easel_point location = g->location_in_view(recognizer, self);
        s->startX = s->anchorX = location.x - translation.x;
        s->travelled = true;
    }
    if (state == EASEL_GESTURE_BEGAN || state == EASEL_GESTURE_CHANGED || state == EASEL_GESTURE_ENDED) {
        picker_track(self, s, s->startX + translation.x);
    }
}

/* - (void)handleTap:(id)recognizer — a tap on an arrow moves one value its way. */
static void MiniPicker_handleTap(easel_object *self, easel_sel _cmd, easel_object *recognizer) {
    (void)_cmd;
    const easel_gesture_api *g = gesture_api();
    if (g == NULL || g->state(recognizer) != EASEL_GESTURE_RECOGNIZED) {
        return;
    }
    double x = g->location_in_view(recognizer, self).x;
    easel_rect b = g_host->views->bounds(self);
    if (x < b.origin.x + kArrowTapZone) {
        picker_step(self, -1);
    } else if (x > b.origin.x + b.size.width - kArrowTapZone) {
        picker_step(self, +1);
    }
}

/* - (void)touchesBegan:(id)touches withEvent:(id)event — only on a host without gesture recognizers. */
static void MiniPicker_touchesBegan(easel_object *self, easel_sel _cmd, easel_object *touch, easel_object *event) {
    (void)_cmd;
    (void)event;
    MiniPickerStorage *s = picker_storage(self);
    if (s == NULL || s->recognizers) {
        return;
    }
    s->startX = s->anchorX = touch_x(self, touch);
    s->travelled = false;
}

/* - (void)touchesMoved:(id)touches withEvent:(id)event */
static void MiniPicker_touchesMoved(easel_object *self, easel_sel _cmd, easel_object *touch, easel_object *event) {
    (void)_cmd;
    (void)event;
    MiniPickerStorage *s = picker_storage(self);
    if (s != NULL && !s->recognizers) {
        picker_track(self, s, touch_x(self, touch));
    }
}

/* - (void)touchesEnded:(id)touches withEvent:(id)event — the rest of the drag, or a tap on an arrow. */
static void MiniPicker_touchesEnded(easel_object *self, easel_sel _cmd, easel_object *touch, easel_object *event) {
    (void)_cmd;
    (void)event;
    MiniPickerStorage *s = picker_storage(self);
    if (s == NULL || s->recognizers) {
        return;
    }
    double x = touch_x(self, touch);
    picker_track(self, s, x);
    if (!s->travelled) {
        easel_rect b = g_host->views->bounds(self);
        if (x < b.origin.x + kArrowTapZone) {
            picker_step(self, -1);
        } else if (x > b.origin.x + b.size.width - kArrowTapZone) {
            picker_step(self, +1);
        }
    }
}

/*
 * - (CGSize)sizeThatFits:(CGSize)size — wide enough for the widest value
 * between the arrows, as tall as a UIKit text field (or the font's line
 * with 6 points above and below, when that is taller).
 */
static easel_size MiniPicker_sizeThatFits(easel_object *self, easel_sel _cmd, easel_size size) {
    (void)_cmd;
    (void)size;
    MiniPickerStorage *s = picker_storage(self);
    easel_size result = {0, kFieldHeight};
    if (s == NULL) {
        return result;
    }
    double widest = 0;
    for (uint64_t i = 0; s->values.strings != NULL && i < s->values.count; i++) {
        if (s->values.strings[i] != NULL) {
            widest = max_d(widest, text_size(s->values.strings[i], picker_font(s), s->fontSize).width);
        }
    }
    result.width = ceil_d(widest + 2 * kArrowTapZone + 8);
    result.height = max_d(kFieldHeight, ceil_d(kLineHeightPerEm * s->fontSize + 12));
    return result;
}

static const easel_color kPickerDefaultTextColor = {0, 0, 0, 1};
static const easel_color kPickerDefaultArrowColor = {0, 0.478, 1, 1}; /* UIKit's system blue */
static const easel_color kPickerDefaultFieldColor = {1, 1, 1, 1};
static const easel_color kPickerDefaultBorderColor = {0.72, 0.72, 0.74, 1};
static const double kPickerDefaultFontSize = 15;
static const char *const kPickerDefaultFontName = "Sans";

static const easel_property_desc kMiniPickerProperties[] = {
    EASEL_PROPERTY("values", EASEL_ENCODE_STRING_ARRAY, MiniPickerStorage, values, NULL /* empty */),
    EASEL_PROPERTY("index", "i", MiniPickerStorage, index, NULL /* 0 */),
    EASEL_PROPERTY("wraps", "B", MiniPickerStorage, wraps, NULL /* false */),
    EASEL_PROPERTY("textColor", EASEL_ENCODE_COLOR, MiniPickerStorage, textColor, &kPickerDefaultTextColor),
    EASEL_PROPERTY("arrowColor", EASEL_ENCODE_COLOR, MiniPickerStorage, arrowColor, &kPickerDefaultArrowColor),
    EASEL_PROPERTY("fieldColor", EASEL_ENCODE_COLOR, MiniPickerStorage, fieldColor, &kPickerDefaultFieldColor),
    EASEL_PROPERTY("borderColor", EASEL_ENCODE_COLOR, MiniPickerStorage, borderColor, &kPickerDefaultBorderColor),
    EASEL_PROPERTY("fontSize", "d", MiniPickerStorage, fontSize, &kPickerDefaultFontSize),
    EASEL_PROPERTY("fontName", EASEL_ENCODE_STRING, MiniPickerStorage, fontName, &kPickerDefaultFontName),
};

static const easel_method_desc kMiniPickerMethods[] = {
    EASEL_METHOD("init", "v@:", MiniPicker_init),
    EASEL_METHOD("layoutSubviews", "v@:", MiniPicker_layoutSubviews),
    EASEL_METHOD("reload", "v@:", MiniPicker_reload),
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, MiniPicker_drawRect),
    EASEL_METHOD("drawArrows:", "v@:" EASEL_ENCODE_RECT, MiniPicker_drawArrows),
    EASEL_METHOD("handlePan:", "v@:@", MiniPicker_handlePan),
    EASEL_METHOD("handleTap:", "v@:@", MiniPicker_handleTap),
    EASEL_METHOD("touchesBegan:withEvent:", "v@:@@", MiniPicker_touchesBegan),
    EASEL_METHOD("touchesMoved:withEvent:", "v@:@@", MiniPicker_touchesMoved),
    EASEL_METHOD("touchesEnded:withEvent:", "v@:@@", MiniPicker_touchesEnded),
    EASEL_METHOD("sizeThatFits:", EASEL_ENCODE_SIZE "@:" EASEL_ENCODE_SIZE, MiniPicker_sizeThatFits),
    EASEL_METHOD("prepareForInterfaceBuilder", "v@:", MiniPicker_prepareForInterfaceBuilder),
};

/* ------------------------------------------------------------------------ */
/* The plugin                                                                */
/* ------------------------------------------------------------------------ */

static const easel_class_desc kClasses[] = {
    EASEL_CLASS("Label", "View", sizeof(LabelStorage), kLabelProperties, kLabelMethods),
    EASEL_CLASS("MiniPicker", "View", sizeof(MiniPickerStorage), kMiniPickerProperties, kMiniPickerMethods),
};

EASEL_DEFINE_PLUGIN(plugin, "MiniPicker", kClasses);

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &plugin;
}
