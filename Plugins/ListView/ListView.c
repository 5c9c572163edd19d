/*
 * ListView — a sample Easel widget plugin written in C (libListView.so): a
 * list of rows inside a scroll view, drawn only where it shows, the way
 * UITableView reuses its cells.
 *
 * Classes
 *   ListView : ScrollView  `rowCount` rows (or, when it is 0, one per string
 *                          of `items`) of `rowHeight` points (44), as wide as
 *                          the list. Its layoutSubviews (which the scroll
 *                          view runs after every scroll) sets `contentSize`
 *                          to the rows' height and keeps one ListRow subview
 *                          for each row that shows: a row scrolled out of
 *                          sight is hidden and reused for the next row that
 *                          comes in, which alone is drawn (set_needs_display);
 *                          the rows that stay keep their backing stores, so
 *                          scrolling by one row draws one row. A tap
 *                          recognizer (easel.gesture.v1) selects the tapped
 *                          row (`selectedRow`, -1 for none) and, when the
 *                          scroll view's delegate implements
 *                          listView:didSelectRow: (v@:@q), tells it.
 *                          Scrolling is the scroll view's: pan, flick,
 *                          bounce, indicators.
 *   ListRow : View         one row: its title (`items[index]`, or "Row n"
 *                          past the end of `items`) 16 points from the left,
 *                          vertically centred, cut short with "…" when too
 *                          long, on `rowColor` (`selectionColor` when
 *                          selected), over a hairline separator inset by 16
 *                          points, as UITableView draws its plain style.
 *
 * Properties of ListView: `items` (strings), `rowCount` (0...1000000),
 * `rowHeight` (1...10000 points), `selectedRow`, `fontSize` (17), `textColor`,
 * `rowColor`, `selectionColor`, `separatorColor`. Method `reloadData` (v@:)
 * redraws the rows that show after code changed the items.
 *
 * Memory: `items` points to memory owned by whoever stored it (the host for a
 * scene's values), which must stay valid while the property holds it; a row
 * builds "Row n" on the stack while it draws. Rows are subviews, owned by
 * the list. Everything here is read from easel.h.
 */
#include "easel.h"
#include "easel_util.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static const easel_host_api *g_host;

/* The most rows shown at once (a bound on every loop over the visible rows). */
enum { kMaxVisibleRows = 1024 };
static const int32_t kMaxRowCount = 1000000;
static const double kTextInset = 16;

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

static easel_rect make_rect(double x, double y, double w, double h) {
    easel_rect r = {{x, y}, {w, h}};
    return r;
}

static bool same_rect(easel_rect a, easel_rect b) {
    return a.origin.x == b.origin.x && a.origin.y == b.origin.y && a.size.width == b.size.width
           && a.size.height == b.size.height;
}

/* The largest whole number not above a, for 0 <= a < 2^53 (row indexes); 0 for NaN or a negative a. */
static int64_t floor_index(double a) {
    if (!(a > 0)) {
        return 0;
    }
    if (a > 9007199254740992.0) {
        return INT64_MAX / 2;
    }
    return (int64_t)a; /* truncation is the floor of a non-negative number */
}

static const easel_gesture_api *gestures(void) {
    const easel_gesture_api *api = (const easel_gesture_api *)g_host->get_extension(EASEL_GESTURE_EXTENSION_ID);
    return api != NULL && api->struct_size >= EASEL_GESTURE_API_V1_SIZE ? api : NULL;
}

static const easel_text_api *text_api(void) {
    const easel_text_api *t = (const easel_text_api *)g_host->get_extension(EASEL_TEXT_EXTENSION_ID);
    return t != NULL && t->struct_size >= sizeof(easel_text_api) ? t : NULL;
}

/* ------------------------------------------------------------------------ */
/* ListView : ScrollView                                                     */
/* ------------------------------------------------------------------------ */

typedef struct ListStorage {
    easel_string_array items;
    int32_t rowCount;
    int32_t selectedRow;
    double rowHeight;
    double fontSize;
    easel_color textColor;
    easel_color rowColor;
    easel_color selectionColor;
    easel_color separatorColor;
} ListStorage;

typedef struct RowStorage {
    int32_t index;
} RowStorage;

static ListStorage *list_storage(easel_object *self) {
    static easel_class *cls;
    easel_class *list = cached_class(&cls, "ListView");
    return list != NULL && self != NULL ? (ListStorage *)g_host->object_storage(self, list) : NULL;
}

static easel_class *row_class(void) {
    static easel_class *cls;
    return cached_class(&cls, "ListRow");
}

static RowStorage *row_storage(easel_object *row) {
    easel_class *cls = row_class();
    return cls != NULL ? (RowStorage *)g_host->object_storage(row, cls) : NULL;
}

/* The number of rows: `rowCount`, or the number of items when it is 0; within 0...kMaxRowCount. */
static int64_t list_count(const ListStorage *s) {
    int64_t count = s->rowCount > 0 ? s->rowCount : (s->items.strings != NULL ? (int64_t)s->items.count : 0);
    return count > kMaxRowCount ? kMaxRowCount : count;
}

static double list_row_height(const ListStorage *s) {
    double h = s->rowHeight;
    if (!(h >= 1)) return 1; /* also NaN */
    return h > 10000 ? 10000 : h;
}

static bool row_hidden(easel_object *row) {
    bool hidden = false;
    g_host->property_get(row, "hidden", &hidden);
    return hidden;
}

static void row_set_hidden(easel_object *row, bool hidden) { g_host->property_set(row, "hidden", &hidden); }

/* Marks the shown row of an index for display (nothing when it does not show). */
static void list_redraw_row(easel_object *self, int64_t index) {
    easel_class *cls = row_class();
    uint32_t count = g_host->views->subview_count(self);
    for (uint32_t i = 0; i < count; i++) {
        easel_object *row = g_host->views->subview_at(self, i);
        RowStorage *r = g_host->object_class(row) == cls ? row_storage(row) : NULL;
        if (r != NULL && r->index == index && !row_hidden(row)) {
            g_host->views->set_needs_display(row);
        }
    }
}

/*
 * - (void)layoutSubviews — the content size, then one shown row per visible
 * index: rows out of sight are hidden first, then each index without a row
 * takes a hidden one (or a new one) and only that one is marked for display.
 */
static void ListView_layoutSubviews(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    const easel_view_api *v = g_host->views;
    ListStorage *s = list_storage(self);
    easel_class *cls = row_class();
    if (s == NULL || cls == NULL) {
        return;
    }
    easel_rect b = v->bounds(self);
    int64_t count = list_count(s);
    double h = list_row_height(s);
    easel_size content = {b.size.width, (double)count * h};
    easel_size current = {0, 0};
    g_host->property_get(self, "contentSize", &current);
    if (current.width != content.width || current.height != content.height) {
        g_host->property_set(self, "contentSize", &content);
    }

    /* The rows that show, first ... last (none when last < first). */
    int64_t first = floor_index(b.origin.y / h);
    int64_t last = b.origin.y + b.size.height > 0 ? floor_index((b.origin.y + b.size.height) / h) : -1;
    if ((double)last * h >= b.origin.y + b.size.height) last -= 1; /* a row starting at the bottom edge does not show */
    if (last > count - 1) last = count - 1;
    if (last - first + 1 > kMaxVisibleRows) last = first + kMaxVisibleRows - 1;

    bool shown[kMaxVisibleRows];
    memset(shown, 0, sizeof shown);
    uint32_t subviews = v->subview_count(self);
    for (uint32_t i = 0; i < subviews; i++) {
        easel_object *row = v->subview_at(self, i);
        RowStorage *r = g_host->object_class(row) == cls ? row_storage(row) : NULL;
        if (r == NULL || row_hidden(row)) {
            continue;
        }
        if (r->index < first || r->index > last || shown[r->index - first]) {
            row_set_hidden(row, true); /* scrolled out of sight: free for reuse */
            continue;
        }
        shown[r->index - first] = true;
        easel_rect frame = make_rect(0, (double)r->index * h, b.size.width, h);
        if (!same_rect(v->frame(row), frame)) {
            v->set_frame(row, frame); /* the width followed the list's */
        }
    }

    uint32_t cursor = 0; /* where to look for the next hidden row */
    for (int64_t index = first; index <= last; index++) {
        if (shown[index - first]) {
            continue;
        }
        easel_object *row = NULL;
        for (; cursor < v->subview_count(self) && row == NULL; cursor++) {
            easel_object *candidate = v->subview_at(self, cursor);
            if (g_host->object_class(candidate) == cls && row_hidden(candidate)) {
                row = candidate;
            }
        }
        easel_rect frame = make_rect(0, (double)index * h, b.size.width, h);
        if (row == NULL) {
            row = v->create("ListRow", frame);
            if (row == NULL) {
                return;
            }
            v->add_subview(self, row);
        } else {
            v->set_frame(row, frame);
            row_set_hidden(row, false);
        }
        RowStorage *r = row_storage(row);
        if (r != NULL) {
            r->index = (int32_t)index;
        }
        v->set_needs_display(row); /* the one row that comes into view is drawn */
    }
}

/* - (void)handleTap:(id)recognizer — selects the tapped row and tells the delegate. */
static void ListView_handleTap(easel_object *self, easel_sel _cmd, easel_object *recognizer) {
    (void)_cmd;
    static easel_sel didSelect;
    const easel_gesture_api *g = gestures();
    ListStorage *s = list_storage(self);
    if (g == NULL || s == NULL || g->state(recognizer) != EASEL_GESTURE_RECOGNIZED) {
        return;
    }
    easel_point p = g->location_in_view(recognizer, self); /* the bounds origin is the scroll offset: content coordinates */
    int64_t row = p.y >= 0 ? floor_index(p.y / list_row_height(s)) : -1;
    if (row < 0 || row >= list_count(s)) {
        return;
    }
    int64_t old = s->selectedRow;
    s->selectedRow = (int32_t)row;
    if (old != row) {
        list_redraw_row(self, old);
        list_redraw_row(self, row);
    }
    easel_object *delegate = NULL;
    easel_sel sel = cached_sel(&didSelect, "listView:didSelectRow:");
    if (g_host->property_get(self, "delegate", &delegate) == EASEL_OK && delegate != NULL
        && g_host->class_responds_to(g_host->object_class(delegate), sel)) {
        int64_t index = row;
        void *args[] = {&self, &index};
        g_host->msg_send(delegate, sel, NULL, args);
    }
}

/* - (void)init — a tap recognizer that selects rows (the scroll view has its pan already). */
static void ListView_init(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    static easel_sel handleTap;
    const easel_gesture_api *g = gestures();
    if (g == NULL) {
        return;
    }
    easel_object *tap = g->create("TapGestureRecognizer");
    if (tap != NULL) {
        bool no = false;
        g_host->property_set(tap, "cancelsTouchesInView", &no); /* the rows see their touches, as table cells do */
        g->add_target(tap, self, cached_sel(&handleTap, "handleTap:"));
        g->add_to_view(tap, self);
    }
}

/* - (void)prepareForInterfaceBuilder — sent by `easel gallery` after init: a preview shows some rows. */
static void ListView_prepareForInterfaceBuilder(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    int32_t rows = 100;
    int32_t selected = 1;
    g_host->property_set(self, "rowCount", &rows);
    g_host->property_set(self, "selectedRow", &selected);
}

/* - (void)reloadData — the rows that show draw again (after code changed `items`), and the layout follows `rowCount`. */
static void ListView_reloadData(easel_object *self, easel_sel _cmd) {
    (void)_cmd;
    easel_class *cls = row_class();
    uint32_t count = g_host->views->subview_count(self);
    for (uint32_t i = 0; i < count; i++) {
        easel_object *row = g_host->views->subview_at(self, i);
        if (g_host->object_class(row) == cls && !row_hidden(row)) {
            g_host->views->set_needs_display(row);
        }
    }
    g_host->views->set_needs_layout(self);
}

/* ------------------------------------------------------------------------ */
/* ListRow : View                                                            */
/* ------------------------------------------------------------------------ */

static const easel_color kDefaultTextColor = {0, 0, 0, 1};
static const easel_color kDefaultRowColor = {1, 1, 1, 1};
static const easel_color kDefaultSelectionColor = {0.82, 0.82, 0.84, 1}; /* UITableView's grey selection */
static const easel_color kDefaultSeparatorColor = {0.78, 0.78, 0.8, 1};
static const double kDefaultRowHeight = 44;
static const double kDefaultFontSize = 17;
static const int32_t kNoSelection = -1;

/*
 * - (void)drawRect: — the row's background, its title and the separator. The
 * list's properties come from its superview (the ListView); a row elsewhere
 * draws with the defaults and "Row n".
 */
static void ListRow_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)_cmd;
    (void)rect;
    const easel_graphics_api *g = g_host->graphics;
    easel_context *ctx = g->current_context();
    RowStorage *r = row_storage(self);
    if (ctx == NULL || r == NULL) {
        return;
    }
    ListStorage defaults;
    memset(&defaults, 0, sizeof defaults);
    defaults.selectedRow = kNoSelection;
    defaults.fontSize = kDefaultFontSize;
    defaults.textColor = kDefaultTextColor;
    defaults.rowColor = kDefaultRowColor;
    defaults.selectionColor = kDefaultSelectionColor;
    defaults.separatorColor = kDefaultSeparatorColor;
    const ListStorage *s = list_storage(g_host->views->superview(self));
    if (s == NULL) {
        s = &defaults;
    }
    easel_rect b = g_host->views->bounds(self);
    g->set_fill_color(ctx, r->index == s->selectedRow ? s->selectionColor : s->rowColor);
    g->fill_rect(ctx, b);

    char number[32];
    const char *title = NULL;
    if (s->items.strings != NULL && r->index >= 0 && (uint64_t)r->index < s->items.count) {
        title = s->items.strings[r->index];
    }
    if (title == NULL) {
        snprintf(number, sizeof number, "Row %ld", (long)r->index + 1);
        title = number;
    }
    double fontSize = s->fontSize > 0 && s->fontSize < 1000 ? s->fontSize : kDefaultFontSize;
    const easel_text_api *t = text_api();
    g->set_fill_color(ctx, s->textColor);
    if (t != NULL) {
        easel_font_desc desc;
        memset(&desc, 0, sizeof desc);
        desc.abi_version = EASEL_ABI_VERSION;
        desc.struct_size = sizeof desc;
        desc.description = "Sans";
        desc.size = fontSize;
        easel_text_style style;
        memset(&style, 0, sizeof style);
        style.abi_version = EASEL_ABI_VERSION;
        style.struct_size = sizeof style;
        style.font = &desc;
        style.truncation = EASEL_TRUNCATE_TAIL;
        style.max_lines = 1;
        double lineHeight = t->font_metrics(NULL, &desc).line_height;
        easel_rect line = make_rect(b.origin.x + kTextInset, b.origin.y + (b.size.height - lineHeight) / 2,
                                    b.size.width - 2 * kTextInset, lineHeight);
        if (line.size.width > 0) {
            t->draw_text_in_rect(ctx, title, -1, line, &style, NULL, 0);
        }
    } else {
        g->set_font(ctx, "Sans", fontSize);
        g->show_text(ctx, title, b.origin.x + kTextInset, b.origin.y + b.size.height / 2 + 0.36 * fontSize);
    }
    g->set_fill_color(ctx, s->separatorColor);
    g->fill_rect(ctx, make_rect(b.origin.x + kTextInset, b.origin.y + b.size.height - 0.5, b.size.width - kTextInset, 0.5));
}

/* ------------------------------------------------------------------------ */
/* The plugin                                                                */
/* ------------------------------------------------------------------------ */

static const easel_property_desc kListProperties[] = {
    EASEL_PROPERTY("items", EASEL_ENCODE_STRING_ARRAY, ListStorage, items, NULL /* empty */),
    EASEL_PROPERTY("rowCount", "i", ListStorage, rowCount, NULL /* 0: one per item */),
    EASEL_PROPERTY("selectedRow", "i", ListStorage, selectedRow, &kNoSelection),
    EASEL_PROPERTY("rowHeight", "d", ListStorage, rowHeight, &kDefaultRowHeight),
    EASEL_PROPERTY("fontSize", "d", ListStorage, fontSize, &kDefaultFontSize),
    EASEL_PROPERTY("textColor", EASEL_ENCODE_COLOR, ListStorage, textColor, &kDefaultTextColor),
    EASEL_PROPERTY("rowColor", EASEL_ENCODE_COLOR, ListStorage, rowColor, &kDefaultRowColor),
    EASEL_PROPERTY("selectionColor", EASEL_ENCODE_COLOR, ListStorage, selectionColor, &kDefaultSelectionColor),
    EASEL_PROPERTY("separatorColor", EASEL_ENCODE_COLOR, ListStorage, separatorColor, &kDefaultSeparatorColor),
};

static const easel_method_desc kListMethods[] = {
    EASEL_METHOD("init", "v@:", ListView_init),
    EASEL_METHOD("layoutSubviews", "v@:", ListView_layoutSubviews),
    EASEL_METHOD("handleTap:", "v@:@", ListView_handleTap),
    EASEL_METHOD("reloadData", "v@:", ListView_reloadData),
    EASEL_METHOD("prepareForInterfaceBuilder", "v@:", ListView_prepareForInterfaceBuilder),
};

static const easel_property_desc kRowProperties[] = {
    EASEL_PROPERTY("index", "i", RowStorage, index, NULL),
};

static const easel_method_desc kRowMethods[] = {
    EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, ListRow_drawRect),
};

static const easel_class_desc kClasses[] = {
    EASEL_CLASS("ListView", "ScrollView", sizeof(ListStorage), kListProperties, kListMethods),
    EASEL_CLASS("ListRow", "View", sizeof(RowStorage), kRowProperties, kRowMethods),
};

EASEL_DEFINE_PLUGIN(plugin, "ListView", kClasses);

static const easel_class_metadata kClassMetadata[] = {
    EASEL_CLASS_METADATA("ListView", "A list of rows in a scroll view that draws only the rows that show", NULL),
    EASEL_CLASS_METADATA("ListRow", "One row of a ListView: its title over a separator", NULL),
};

EASEL_DEFINE_METADATA(kMetadata, "A sample list widget in C: rows reused as they scroll, as UITableView's cells", "1.0.0",
                      "The Easel authors", "MIT", NULL, kClassMetadata)

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &plugin;
}
