/*
 * CalendarPicker — a sample Easel widget plugin written in C
 * (libCalendarPicker.so), after the calendar picker of the seed article
 * "UIOverlayView – painting on top of your subviews" (KPCalendarPicker).
 *
 * Class
 *   CalendarPicker : View   a month as a grid of day numbers: seven columns
 *                           under a row of weekday names, six rows, the days
 *                           of the neighbouring months faded in the cells
 *                           before the 1st and after the last day. The header
 *                           is two MiniPickers (class of libMiniPicker.so),
 *                           one with the month names (wrapping: January
 *                           follows December) and one with the years 1 to
 *                           9999, both in bold; the selected day is bold
 *                           on a filled circle in `accentColor`. All text
 *                           goes through Pango (easel.text.v1: "Sans" with
 *                           a weight), or the graphics table's text on an
 *                           older host.
 *
 * Properties: `year` (1...9999), `month` (1...12), `selectedDay` (0 for none),
 * `firstWeekday` (0 Sunday ... 6 Saturday: the first column), `accentColor`,
 * `textColor`, `cardColor`. Out-of-range values are clamped when the calendar
 * next lays out or draws (a selected day past the end of the month becomes
 * its last day). The calendar uses the proleptic Gregorian calendar, computed
 * with integer arithmetic (no locale; English month and weekday names).
 *
 * Behaviour
 *   - A swipe left shows the next month, a swipe right the previous one
 *     (two SwipeGestureRecognizers, through the host's easel.gesture.v1
 *     table), moving the year across December and January as the month
 *     picker does. A drag that starts on a header picker is the picker's (its
 *     pan begins first and the swipes fail).
 *   - A touch that begins and ends on the same day of the shown month
 *     selects that day (touch up inside, as UIKit controls do); the faded
 *     days of the neighbouring months do not react.
 *   - The calendar implements pickerDidChange: (v@:@), which its MiniPickers
 *     send after a drag: it takes `month` or `year` from the picker's index
 *     (moving the year when the month wraps from December to January or
 *     back), clamps `selectedDay` to the new month and redraws.
 *   - After every change (a day selected, the month or year changed) it sends
 *     pickerDidChange: with itself to its superview, when the superview's
 *     class responds to it.
 *   - Without libMiniPicker.so loaded, the header shows "Month Year" as a bold title.
 *
 * Memory: the month names are static strings, and the year strings are
 * built once into static storage: the pickers' `values` point to them for
 * the life of the process.
 *
 * Everything here is read from easel.h, with the description macros and the
 * rounded-rectangle path of easel_util.h.
 */
#include "easel.h"
#include "easel_util.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static const easel_host_api *g_host;

/* ------------------------------------------------------------------------ */
/* Helpers                                                                   */
/* ------------------------------------------------------------------------ */

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

/* a rounded towards zero (without libm); a double of 2^52 or more in size, NaN or an infinity is returned as it is. */
static double trunc_d(double a) {
    return a > -4503599627370496.0 && a < 4503599627370496.0 ? (double)(int64_t)a : a;
}

static easel_rect make_rect(double x, double y, double w, double h) {
    easel_rect r = {{x, y}, {w, h}};
    return r;
}

/* The host's text table (easel.text.v1: Pango), or NULL on a host without it. */
static const easel_text_api *text_api(void) {
    const easel_text_api *text = (const easel_text_api *)g_host->get_extension(EASEL_TEXT_EXTENSION_ID);
    return text != NULL && text->struct_size >= sizeof(easel_text_api) ? text : NULL;
}

/*
 * Draws one line of text in the fill colour, centred horizontally in a column
 * `width` wide around x and vertically on y: "Sans" at `size` points with a
 * weight (EASEL_FONT_WEIGHT_REGULAR, _SEMIBOLD, _BOLD, ...), laid out by
 * Pango in a rect one line tall. On a host without easel.text.v1, the
 * graphics table's text (regular weight).
 */
static void draw_centred(const easel_graphics_api *g, easel_context *ctx, const char *text, double x, double y,
                         double width, double size, int32_t weight) {
    const easel_text_api *t = text_api();
    if (t == NULL) {
        g->set_font(ctx, "Sans", size);
        double textWidth = g->measure_text(ctx, text).width;
        g->show_text(ctx, text, x - textWidth / 2, y + 0.36 * size); /* capitals and digits are 0.73 em tall */
        return;
    }
    easel_font_desc font = {EASEL_ABI_VERSION, sizeof font, NULL, "Sans", size, weight, 0, 0, 0};
    easel_text_style style = {EASEL_ABI_VERSION, sizeof style, &font, EASEL_TEXT_ALIGN_CENTER, 0, 0, 1, 0};
    double lineHeight = t->font_metrics(NULL, &font).line_height;
    t->draw_text_in_rect(ctx, text, -1, make_rect(x - width / 2, y - lineHeight / 2, width, lineHeight), &style,
                         NULL, 0);
}

/* ------------------------------------------------------------------------ */
/* The calendar arithmetic (proleptic Gregorian)                             */
/* ------------------------------------------------------------------------ */

enum { kMinYear = 1, kMaxYear = 9999 };

static bool is_leap_year(int32_t year) {
    return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
}

static int32_t days_in_month(int32_t year, int32_t month) {
    static const int32_t days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return month == 2 && is_leap_year(year) ? 29 : days[month - 1];
}

/* The weekday of a date, 0 Sunday ... 6 Saturday (Sakamoto's method). */
static int32_t weekday(int32_t year, int32_t month, int32_t day) {
    static const int32_t offsets[12] = {0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4};
    if (month < 3) {
        year -= 1;
    }
    return (year + year / 4 - year / 100 + year / 400 + offsets[month - 1] + day) % 7;
}

static const char *const kMonthNames[12] = {
    "January", "February", "March",     "April",   "May",      "June",
    "July",    "August",   "September", "October", "November", "December",
};
static const char *const kWeekdayNames[7] = {"Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"};

/* "1" ... "9999", built once: the year picker's values. */
static char g_yearText[kMaxYear][5];
static const char *g_yearStrings[kMaxYear];

static easel_string_array year_values(void) {
    if (g_yearStrings[0] == NULL) {
        for (int32_t year = kMinYear; year <= kMaxYear; year++) {
            snprintf(g_yearText[year - 1], sizeof g_yearText[0], "%d", (int)year);
            g_yearStrings[year - 1] = g_yearText[year - 1];
        }
    }
    easel_string_array values = {g_yearStrings, kMaxYear};
    return values;
}

static easel_string_array month_values(void) {
    easel_string_array values = {kMonthNames, 12};
    return values;
}

/* ------------------------------------------------------------------------ */
/* CalendarPicker : View                                                     */
/* ------------------------------------------------------------------------ */

enum { kMonthPickerTag = 1, kYearPickerTag = 2 };

typedef struct CalendarStorage {
    /* declared properties */
    int32_t year;
    int32_t month;
    int32_t selectedDay;
    int32_t firstWeekday;
    easel_color accentColor;
    easel_color textColor;
    easel_color cardColor;
    /* private: the day under the touch when it began (0: none) */
    int32_t touchDay;
} CalendarStorage;

static CalendarStorage *calendar_storage(easel_object *self) {
    static easel_class *cls;
    return (CalendarStorage *)g_host->object_storage(self, cached_class(&cls, "CalendarPicker"));
}

/* Where everything goes, from the bounds. */
typedef struct CalendarLayout {
    easel_rect header;      /* both pickers */
    easel_rect monthPicker;
    easel_rect yearPicker;
    easel_rect weekdays;    /* the row of weekday names */
    easel_rect grid;        /* 7 x 6 day cells */
    double cellWidth;
    double cellHeight;
} CalendarLayout;

static const double kMargin = 10;
static const double kHeaderHeight = 31;
static const double kGap = 8;
static const double kWeekdayRowHeight = 22;
static const double kCornerRadius = 10;

static CalendarLayout calendar_layout(easel_rect b) {
    CalendarLayout l;
    double x = b.origin.x + kMargin, width = max_d(0, b.size.width - 2 * kMargin);
    double y = b.origin.y + kMargin;
    double monthWidth = trunc_d((width - kGap) * 0.6);
    l.header = make_rect(x, y, width, kHeaderHeight);
    l.monthPicker = make_rect(x, y, max_d(0, monthWidth), kHeaderHeight);
    l.yearPicker = make_rect(x + monthWidth + kGap, y, max_d(0, width - monthWidth - kGap), kHeaderHeight);
    y += kHeaderHeight + kGap;
    l.weekdays = make_rect(x, y, width, kWeekdayRowHeight);
    y += kWeekdayRowHeight + 2;
    l.grid = make_rect(x, y, width, max_d(0, b.origin.y + b.size.height - kMargin - y));
    l.cellWidth = l.grid.size.width / 7;
    l.cellHeight = l.grid.size.height / 6;
    return l;
}

/* Clamps the properties into their ranges, in place. */
static void calendar_normalise(CalendarStorage *s) {
    if (s->year < kMinYear) s->year = kMinYear;
    if (s->year > kMaxYear) s->year = kMaxYear;
    if (s->month < 1) s->month = 1;
    if (s->month > 12) s->month = 12;
    int32_t length = days_in_month(s->year, s->month);
    if (s->selectedDay < 0) s->selectedDay = 0;
    if (s->selectedDay > length) s->selectedDay = length;
    s->firstWeekday = ((s->firstWeekday % 7) + 7) % 7;
}

/* The column of the 1st of the month (0...6). */
static int32_t calendar_first_column(const CalendarStorage *s) {
    return (weekday(s->year, s->month, 1) - s->firstWeekday + 7) % 7;
}

/* The header picker with a tag (a direct MiniPicker subview), or NULL. */
static easel_object *calendar_picker(easel_object *self, int64_t tag) {
    static easel_class *pickerClass;
    easel_class *cls = cached_class(&pickerClass, "MiniPicker");
    if (cls == NULL) {
        return NULL;
    }
    uint32_t count = g_host->views->subview_count(self);
    for (uint32_t i = 0; i < count; i++) {
        easel_object *subview = g_host->views->subview_at(self, i);
        int64_t subviewTag = 0;
        if (g_host->object_class(subview) == cls && g_host->property_get(subview, "tag", &subviewTag) == EASEL_OK
            && subviewTag == tag) {
            return subview;
        }
    }
    return NULL;
}

/* Points a header picker at an index; `reload` makes it update its label at once. */
static void calendar_set_picker_index(easel_object *picker, int32_t index, bool reload) {
    static easel_sel reloadSel;
    if (picker == NULL) {
        return;
    }
    g_host->property_set(picker, "index", &index);
    if (reload) {
        g_host->msg_send(picker, cached_sel(&reloadSel, "reload"), NULL, NULL);
    }
}

/* Clamps the properties and shows the month and year in the header pickers. */
static void calendar_sync(easel_object *self, bool reload) {
    CalendarStorage *s = calendar_storage(self);
    if (s == NULL) {
        return;
    }
    calendar_normalise(s);
    calendar_set_picker_index(calendar_picker(self, kMonthPickerTag), s->month - 1, reload);
    calendar_set_picker_index(calendar_picker(self, kYearPickerTag), s->year - kMinYear, reload);
}

/* Tells the superview that the calendar changed, when its class wants to know. */
static void calendar_notify_superview(easel_object *self) {
    static easel_sel didChange;
    easel_sel sel = cached_sel(&didChange, "pickerDidChange:");
    easel_object *superview = g_host->views->superview(self);
    if (superview != NULL && g_host->class_responds_to(g_host->object_class(superview), sel)) {
        void *args[] = {&self};
        g_host->msg_send(superview, sel, NULL, args);
    }
}

/* The header's font: the month and the year in bold (a MiniPicker's fontName is in Pango's string form). */
static const char *const kHeaderFont = "Sans Bold";

/* Creates a header picker (NULL when libMiniPicker.so is not loaded). */
static easel_object *make_picker(easel_object *self, easel_rect frame, int64_t tag, easel_string_array values,
                                 bool wraps) {
    /* Not cached: each registry (host) may have a different set of plugins loaded. */
    if (g_host->class_named("MiniPicker") == NULL) {
        return NULL; /* views->create would report an unknown class */
    }
    easel_object *picker = g_host->views->create("MiniPicker", frame);
    if (picker == NULL) {
        return NULL;
    }
    g_host->property_set(picker, "tag", &tag);
    g_host->property_set(picker, "values", &values);
    g_host->property_set(picker, "wraps", &wraps);
    g_host->property_set(picker, "fontName", &kHeaderFont);
    g_host->views->add_subview(self, picker);
    return picker;
}

/* The host's gesture table (easel.gesture.v1), or NULL on a host without it. */
static const easel_gesture_api *gesture_api(void) {
    const easel_gesture_api *g = (const easel_gesture_api *)g_host->get_extension(EASEL_GESTURE_EXTENSION_ID);
    return g != NULL && g->struct_size >= EASEL_GESTURE_API_V1_SIZE ? g : NULL;
}

/* Shows the month `delta` (+1 or -1) months away, across the year's end, within years 1...9999. */
static void calendar_page(easel_object *self, int32_t delta) {
    CalendarStorage *s = calendar_storage(self);
    if (s == NULL) {
        return;
    }
    calendar_normalise(s);
    int32_t month = s->month + delta, year = s->year;
    if (month > 12) {
        month = 1;
        year += 1;
    } else if (month < 1) {
        month = 12;
        year -= 1;
    }
    if (year < kMinYear || year > kMaxYear) {
        return;
    }
    s->month = month;
    s->year = year;
    calendar_sync(self, true);
    g_host->views->set_needs_display(self);
    calendar_notify_superview(self);
}

/* - (void)handleSwipe:(id)recognizer — left: the next month; right: the previous one. */
static void CalendarPicker_handleSwipe(easel_object *self, easel_sel _cmd, easel_object *recognizer) {
    (void)_cmd;
    const easel_gesture_api *g = gesture_api();
    uint64_t direction = 0;
    if (g == NULL || g->state(recognizer) != EASEL_GESTURE_RECOGNIZED
        || g_host->property_get(recognizer, "direction", &direction) != EASEL_OK) {
        return;
    }
    calendar_page(self, direction == EASEL_SWIPE_LEFT ? +1 : -1);
}

/* Attaches a swipe recognizer for one direction, sending handleSwipe:. */
static void calendar_add_swipe(easel_object *self, const easel_gesture_api *g, uint64_t direction) {
    static easel_sel handleSwipe;
    easel_object *swipe = g->create("SwipeGestureRecognizer");
    if (swipe == NULL) {
        return;
    }
    g_host->property_set(swipe, "direction", &direction);
    g->add_target(swipe, self, cached_sel(&handleSwipe, "handleSwipe:"));
    g->add_to_view(swipe, self);
}

/* - (void)init — not opaque (rounded corners); the two header pickers. */
static void CalendarPicker_init(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    bool no = false;
    g_host->property_set(self, "opaque", &no);
    CalendarLayout l = calendar_layout(g_host->views->bounds(self));
    make_picker(self, l.monthPicker, kMonthPickerTag, month_values(), true);
    make_picker(self, l.yearPicker, kYearPickerTag, year_values(), false);
    calendar_sync(self, true);
    const easel_gesture_api *g = gesture_api();
    if (g != NULL) {
        calendar_add_swipe(self, g, EASEL_SWIPE_LEFT);
        calendar_add_swipe(self, g, EASEL_SWIPE_RIGHT);
    }
}

/* - (void)layoutSubviews — the pickers side by side in the header, the month's the wider. */
static void CalendarPicker_layoutSubviews(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    CalendarLayout l = calendar_layout(g_host->views->bounds(self));
    easel_object *monthPicker = calendar_picker(self, kMonthPickerTag);
    easel_object *yearPicker = calendar_picker(self, kYearPickerTag);
    if (monthPicker != NULL) {
        g_host->views->set_frame(monthPicker, l.monthPicker);
    }
    if (yearPicker != NULL) {
        g_host->views->set_frame(yearPicker, l.yearPicker);
    }
    calendar_sync(self, true);
}

/* - (void)pickerDidChange:(id)picker — a header picker moved: take the month or year from it. */
static void CalendarPicker_pickerDidChange(easel_object *self, easel_sel _cmd, easel_object *picker) {
    (void)_cmd;
    CalendarStorage *s = calendar_storage(self);
    int64_t tag = 0;
    int32_t index = 0;
    if (s == NULL || picker == NULL || g_host->property_get(picker, "tag", &tag) != EASEL_OK
        || g_host->property_get(picker, "index", &index) != EASEL_OK) {
        return;
    }
    calendar_normalise(s);
    if (tag == kMonthPickerTag) {
        int32_t month = index + 1;
        if (s->month == 12 && month == 1 && s->year < kMaxYear) {
            s->year += 1; /* wrapped forwards */
        } else if (s->month == 1 && month == 12 && s->year > kMinYear) {
            s->year -= 1; /* wrapped backwards */
        }
        s->month = month;
    } else if (tag == kYearPickerTag) {
        s->year = kMinYear + index;
    } else {
        return;
    }
    calendar_sync(self, true);
    g_host->views->set_needs_display(self);
    calendar_notify_superview(self);
}

/* The day of the shown month under a point (own coordinates), or 0. */
static int32_t calendar_day_at(easel_object *self, CalendarStorage *s, easel_point p) {
    CalendarLayout l = calendar_layout(g_host->views->bounds(self));
    easel_rect grid = l.grid;
    /* Written so that NaN is outside: then the divisions below are in 0 ..< 7 and 0 ..< 6 (or a little over). */
    if (!(l.cellWidth > 0 && l.cellHeight > 0 && p.x >= grid.origin.x && p.y >= grid.origin.y
          && p.x < grid.origin.x + grid.size.width && p.y < grid.origin.y + grid.size.height)) {
        return 0;
    }
    calendar_normalise(s);
    int32_t column = (int32_t)((p.x - grid.origin.x) / l.cellWidth);
    int32_t row = (int32_t)((p.y - grid.origin.y) / l.cellHeight);
    if (column > 6) column = 6;
    if (row > 5) row = 5;
    int32_t day = row * 7 + column - calendar_first_column(s) + 1;
    return day >= 1 && day <= days_in_month(s->year, s->month) ? day : 0;
}

/* - (void)touchesBegan:(id)touches withEvent:(id)event */
static void CalendarPicker_touchesBegan(easel_object *self, easel_sel _cmd, easel_object *touch,
                                        easel_object *event) {
    (void)_cmd;
    (void)event;
    CalendarStorage *s = calendar_storage(self);
    if (s != NULL) {
        s->touchDay = calendar_day_at(self, s, g_host->views->touch_location(touch, self));
    }
}

/* - (void)touchesEnded:(id)touches withEvent:(id)event — selects the day when the touch ends where it began. */
static void CalendarPicker_touchesEnded(easel_object *self, easel_sel _cmd, easel_object *touch,
                                        easel_object *event) {
    (void)_cmd;
    (void)event;
    CalendarStorage *s = calendar_storage(self);
    if (s == NULL) {
        return;
    }
    int32_t day = calendar_day_at(self, s, g_host->views->touch_location(touch, self));
    int32_t began = s->touchDay;
    s->touchDay = 0;
    if (day == 0 || day != began) {
        return;
    }
    if (day != s->selectedDay) {
        s->selectedDay = day;
        g_host->views->set_needs_display(self);
    }
    calendar_notify_superview(self);
}

/* - (void)touchesCancelled:(id)touches withEvent:(id)event */
static void CalendarPicker_touchesCancelled(easel_object *self, easel_sel _cmd, easel_object *touch,
                                            easel_object *event) {
    (void)_cmd;
    (void)touch;
    (void)event;
    CalendarStorage *s = calendar_storage(self);
    if (s != NULL) {
        s->touchDay = 0;
    }
}

/*
 * - (void)drawRect: — a rounded card, the weekday names, a hairline, and the
 * day numbers; the selected day on a filled circle.
 */
static void CalendarPicker_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)_cmd;
    (void)rect;
    const easel_graphics_api *g = g_host->graphics;
    easel_context *ctx = g->current_context();
    CalendarStorage *s = calendar_storage(self);
    if (ctx == NULL || s == NULL) {
        return;
    }
    calendar_sync(self, false); /* the pickers draw after the calendar, with these indexes */
    easel_rect b = g_host->views->bounds(self);
    CalendarLayout l = calendar_layout(b);
    g->save_state(ctx);

    /* the card */
    easel_rect card = make_rect(b.origin.x + 0.5, b.origin.y + 0.5, b.size.width - 1, b.size.height - 1);
    if (card.size.width > 0 && card.size.height > 0) {
        g->set_fill_color(ctx, s->cardColor);
        g->begin_path(ctx);
        easel_add_rounded_rect(g, ctx, card, kCornerRadius);
        g->fill_path(ctx, EASEL_FILL_NONZERO);
        easel_color edge = {0.80, 0.80, 0.82, 1};
        g->set_stroke_color(ctx, edge);
        g->set_line_width(ctx, 1);
        g->begin_path(ctx);
        easel_add_rounded_rect(g, ctx, card, kCornerRadius);
        g->stroke_path(ctx);
    }

    /* the header as a bold title when there are no pickers */
    if (calendar_picker(self, kMonthPickerTag) == NULL) {
        char title[32];
        snprintf(title, sizeof title, "%s %d", kMonthNames[s->month - 1], (int)s->year);
        g->set_fill_color(ctx, s->textColor);
        draw_centred(g, ctx, title, l.header.origin.x + l.header.size.width / 2,
                     l.header.origin.y + l.header.size.height / 2, l.header.size.width, 17,
                     EASEL_FONT_WEIGHT_BOLD);
    }

    /* the weekday names (semibold, small, grey) and a hairline under them */
    double midY = l.weekdays.origin.y + l.weekdays.size.height / 2;
    easel_color secondary = {0.50, 0.50, 0.53, 1};
    g->set_fill_color(ctx, secondary);
    for (int32_t column = 0; column < 7; column++) {
        double x = l.grid.origin.x + (column + 0.5) * l.cellWidth;
        draw_centred(g, ctx, kWeekdayNames[(column + s->firstWeekday) % 7], x, midY, l.cellWidth, 11,
                     EASEL_FONT_WEIGHT_SEMIBOLD);
    }
    easel_color hairline = {0.86, 0.86, 0.88, 1};
    g->set_fill_color(ctx, hairline);
    g->fill_rect(ctx, make_rect(l.weekdays.origin.x, l.weekdays.origin.y + l.weekdays.size.height,
                                l.weekdays.size.width, 1));

    /* the days: the neighbouring months' faded, the selected one in bold on a circle */
    if (l.cellWidth > 0 && l.cellHeight > 0) {
        double fontSize = max_d(9, min_d(15, l.cellHeight * 0.42));
        int32_t first = calendar_first_column(s);
        int32_t length = days_in_month(s->year, s->month);
        int32_t previousLength = s->month == 1 ? 31 : days_in_month(s->year, s->month - 1);
        for (int32_t cell = 0; cell < 42; cell++) {
            int32_t day = cell - first + 1;
            int32_t shown = day < 1 ? previousLength + day : day > length ? day - length : day;
            bool inMonth = day >= 1 && day <= length;
            double cx = l.grid.origin.x + (cell % 7 + 0.5) * l.cellWidth;
            double cy = l.grid.origin.y + (cell / 7 + 0.5) * l.cellHeight;
            char text[4];
            snprintf(text, sizeof text, "%d", (int)shown);
            easel_color color = s->textColor;
            int32_t weight = EASEL_FONT_WEIGHT_REGULAR;
            if (inMonth && day == s->selectedDay) {
                double diameter = min_d(36, min_d(l.cellWidth, l.cellHeight) - 4);
                g->set_fill_color(ctx, s->accentColor);
                g->begin_path(ctx);
                g->add_ellipse_in_rect(ctx, make_rect(cx - diameter / 2, cy - diameter / 2, diameter, diameter));
                g->fill_path(ctx, EASEL_FILL_NONZERO);
                color = s->cardColor;
                weight = EASEL_FONT_WEIGHT_BOLD;
            } else if (!inMonth) {
                color.alpha *= 0.3;
            }
            g->set_fill_color(ctx, color);
            draw_centred(g, ctx, text, cx, cy, l.cellWidth, fontSize, weight);
        }
    }
    g->restore_state(ctx);
}

/* - (CGSize)sizeThatFits:(CGSize)size — 40 x 34 point day cells under the header. */
static easel_size CalendarPicker_sizeThatFits(easel_object *self, easel_sel _cmd, easel_size size) {
    (void)self;
    (void)_cmd;
    (void)size;
    easel_size result = {7 * 40 + 2 * kMargin, kMargin + kHeaderHeight + kGap + kWeekdayRowHeight + 2 + 6 * 34 + kMargin};
    return result;
}

static const int32_t kDefaultYear = 2024;
static const int32_t kDefaultMonth = 1;
static const easel_color kDefaultAccentColor = {0, 0.478, 1, 1}; /* UIKit's system blue */
static const easel_color kDefaultTextColor = {0.11, 0.11, 0.12, 1};
static const easel_color kDefaultCardColor = {1, 1, 1, 1};

static const easel_property_desc kCalendarProperties[] = {
    EASEL_PROPERTY("year", "i", CalendarStorage, year, &kDefaultYear),
    EASEL_PROPERTY("month", "i", CalendarStorage, month, &kDefaultMonth),
    EASEL_PROPERTY("selectedDay", "i", CalendarStorage, selectedDay, NULL /* 0: none */),
    EASEL_PROPERTY("firstWeekday", "i", CalendarStorage, firstWeekday, NULL /* 0: Sunday */),
    EASEL_PROPERTY("accentColor", EASEL_ENCODE_COLOR, CalendarStorage, accentColor, &kDefaultAccentColor),
    EASEL_PROPERTY("textColor", EASEL_ENCODE_COLOR, CalendarStorage, textColor, &kDefaultTextColor),
    EASEL_PROPERTY("cardColor", EASEL_ENCODE_COLOR, CalendarStorage, cardColor, &kDefaultCardColor),
};

static const easel_method_desc kCalendarMethods[] = {
    EASEL_METHOD("init", "v@:", CalendarPicker_init),
    EASEL_METHOD("layoutSubviews", "v@:", CalendarPicker_layoutSubviews),
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, CalendarPicker_drawRect),
    EASEL_METHOD("pickerDidChange:", "v@:@", CalendarPicker_pickerDidChange),
    EASEL_METHOD("handleSwipe:", "v@:@", CalendarPicker_handleSwipe),
    EASEL_METHOD("touchesBegan:withEvent:", "v@:@@", CalendarPicker_touchesBegan),
    EASEL_METHOD("touchesEnded:withEvent:", "v@:@@", CalendarPicker_touchesEnded),
    EASEL_METHOD("touchesCancelled:withEvent:", "v@:@@", CalendarPicker_touchesCancelled),
    EASEL_METHOD("sizeThatFits:", EASEL_ENCODE_SIZE "@:" EASEL_ENCODE_SIZE, CalendarPicker_sizeThatFits),
};

static const easel_class_desc kClasses[] = {
    EASEL_CLASS("CalendarPicker", "View", sizeof(CalendarStorage), kCalendarProperties, kCalendarMethods),
};

EASEL_DEFINE_PLUGIN(plugin, "CalendarPicker", kClasses);

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &plugin;
}
