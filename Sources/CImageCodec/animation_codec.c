// Animated WebP and GIF, frame by frame; see easel_animation_codec.h.
//
// GIF: every frame is reduced to the rectangle of pixels that changed since
// the frame before (frame differencing); inside it, a pixel that did not
// change is palette index 0, the transparent index, which leaves the pixel
// shown before it in place. GIF has one bit of alpha: a pixel with alpha
// below 128 (50%) is transparent, any other is drawn opaque with its
// un-premultiplied colour. A pixel that turns transparent where the frame
// before showed colour cannot be drawn as "transparent" (that keeps the old
// colour), so the frame before is disposed of to the background (cleared):
// that is why a frame is written only when the next one arrives (or at the
// end), when its disposal is known. Its rectangle then grows to cover every
// pixel to clear, and the next frame redraws whatever is visible inside it.
//
// Each frame has its own palette of at most 255 colours (index 0 is
// transparent), made from the pixels the frame draws: exact when they have
// at most 255 distinct colours (flat drawings usually do), else by median cut
// without dithering (dithering would make unchanged pixels change).
// giflib's own GifQuantizeBuffer works on 5 bits a channel, so it changes
// even colours that would fit, and it knows no transparency.

#include "easel_animation_codec.h"

#include <errno.h>
#include <gif_lib.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <webp/encode.h>
#include <webp/mux.h>

static void set_error(char *error, size_t size, const char *format, ...) {
    if (error == NULL || size == 0) return;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(error, size, format, arguments);
    va_end(arguments);
}

// MARK: - Writing the file

/** A buffered writer to a file descriptor that keeps the first failure's errno. */
typedef struct {
    int descriptor;
    /** The first errno of a failed write; 0 while all is well. */
    int failure;
    size_t used;
    uint8_t buffer[64 * 1024];
} file_sink;

static int write_all(file_sink *sink, const uint8_t *bytes, size_t length) {
    while (length > 0 && sink->failure == 0) {
        ssize_t written = write(sink->descriptor, bytes, length);
        if (written < 0) {
            if (errno != EINTR) sink->failure = errno;
        } else if (written == 0) {
            sink->failure = EIO;
        } else {
            bytes += written;
            length -= (size_t)written;
        }
    }
    return sink->failure == 0 ? 0 : -1;
}

static int sink_flush(file_sink *sink) {
    int status = write_all(sink, sink->buffer, sink->used);
    sink->used = 0;
    return status;
}

static int sink_write(file_sink *sink, const uint8_t *bytes, size_t length) {
    if (sink->failure != 0) return -1;
    if (sink->used + length > sizeof sink->buffer) {
        if (sink_flush(sink) != 0) return -1;
        if (length > sizeof sink->buffer) return write_all(sink, bytes, length);
    }
    memcpy(sink->buffer + sink->used, bytes, length);
    sink->used += length;
    return 0;
}

// MARK: - The quantiser

typedef struct {
    uint32_t color;
    uint32_t count;
    /** The colour's slot in the hash table. */
    uint32_t slot;
} color_entry;

/**
 * A histogram of 24-bit colours (an open-addressing hash table) and the
 * palette index each one maps to. Reused frame after frame: it grows to the
 * most distinct colours a frame had, at most one per pixel.
 */
typedef struct {
    /** 0 for an empty slot, else 0x01000000 | colour. */
    uint32_t *keys;
    uint32_t *counts;
    uint8_t *mapped;
    size_t capacity;
    color_entry *entries;
    size_t distinct;
    size_t entries_capacity;
} quantizer;

static void quantizer_free(quantizer *q) {
    free(q->keys);
    free(q->counts);
    free(q->mapped);
    free(q->entries);
    memset(q, 0, sizeof *q);
}

/** Makes room for `count` distinct colours and empties the histogram. */
static int quantizer_reset(quantizer *q, size_t count) {
    size_t capacity = 1024;
    while (capacity < count * 2) capacity *= 2;
    if (capacity > q->capacity) {
        free(q->keys);
        free(q->counts);
        free(q->mapped);
        q->keys = calloc(capacity, sizeof *q->keys);
        q->counts = malloc(capacity * sizeof *q->counts);
        q->mapped = malloc(capacity);
        if (q->keys == NULL || q->counts == NULL || q->mapped == NULL) {
            quantizer_free(q);
            return -1;
        }
        q->capacity = capacity;
    } else {
        for (size_t index = 0; index < q->distinct; index++) q->keys[q->entries[index].slot] = 0;
    }
    if (count > q->entries_capacity) {
        free(q->entries);
        q->entries = malloc((count ? count : 1) * sizeof *q->entries);
        if (q->entries == NULL) {
            quantizer_free(q);
            return -1;
        }
        q->entries_capacity = count;
    }
    q->distinct = 0;
    return 0;
}

static inline size_t quantizer_slot(const quantizer *q, uint32_t color) {
    uint32_t key = 0x01000000u | (color & 0xffffffu);
    size_t mask = q->capacity - 1;
    size_t slot = (size_t)((key * 2654435761u) >> 7) & mask;
    // The table is at most half full, so an empty slot or the key is always reached.
    while (q->keys[slot] != 0 && q->keys[slot] != key) slot = (slot + 1) & mask;
    return slot;
}

/** Counts one pixel of `color`; the histogram has room (quantizer_reset). */
static inline void quantizer_add(quantizer *q, uint32_t color) {
    size_t slot = quantizer_slot(q, color);
    if (q->keys[slot] == 0) {
        q->keys[slot] = 0x01000000u | (color & 0xffffffu);
        q->counts[slot] = 0;
        q->entries[q->distinct++] = (color_entry){color & 0xffffffu, 0, (uint32_t)slot};
    }
    q->counts[slot]++;
}

static inline uint8_t quantizer_index(const quantizer *q, uint32_t color) {
    return q->mapped[quantizer_slot(q, color)];
}

static inline int channel(uint32_t color, int which) { return (int)(color >> (16 - 8 * which)) & 0xff; }

// qsort comparators along one channel, ties broken by the whole colour so the order is total (deterministic).
#define COMPARE_ALONG(name, which)                                                                                  \
    static int name(const void *left, const void *right) {                                                         \
        uint32_t a = ((const color_entry *)left)->color, b = ((const color_entry *)right)->color;                   \
        int difference = channel(a, which) - channel(b, which);                                                     \
        if (difference != 0) return difference;                                                                     \
        return a < b ? -1 : a > b;                                                                                  \
    }
COMPARE_ALONG(compare_red, 0)
COMPARE_ALONG(compare_green, 1)
COMPARE_ALONG(compare_blue, 2)

typedef struct {
    size_t start, end;
    /** The channel with the widest range, and that range. */
    int widest, range;
} color_box;

static void measure_box(const color_entry *entries, color_box *box) {
    int low[3] = {255, 255, 255}, high[3] = {0, 0, 0};
    for (size_t index = box->start; index < box->end; index++) {
        for (int which = 0; which < 3; which++) {
            int value = channel(entries[index].color, which);
            if (value < low[which]) low[which] = value;
            if (value > high[which]) high[which] = value;
        }
    }
    box->widest = 0;
    box->range = -1;
    for (int which = 0; which < 3; which++) {
        if (high[which] - low[which] > box->range) {
            box->range = high[which] - low[which];
            box->widest = which;
        }
    }
}

/**
 * Builds the palette for the counted colours and maps each to its entry
 * (q->mapped, offset by `first_index`): the colours themselves when there are
 * at most `max_colors`, else median cut: the box with the widest range in
 * one channel is sorted along it and split where half its pixels lie on
 * each side, until there are `max_colors` boxes or no box has two colours;
 * each box's colour is the pixel-weighted mean of its colours.
 *
 * @return The number of palette entries.
 */
static int quantizer_build(quantizer *q, int max_colors, int first_index, uint32_t *palette) {
    for (size_t index = 0; index < q->distinct; index++) q->entries[index].count = q->counts[q->entries[index].slot];
    if (q->distinct <= (size_t)max_colors) {
        for (size_t index = 0; index < q->distinct; index++) {
            palette[index] = q->entries[index].color;
            q->mapped[q->entries[index].slot] = (uint8_t)(index + (size_t)first_index);
        }
        return (int)q->distinct;
    }
    color_box boxes[256];
    int count = 1;
    boxes[0] = (color_box){0, q->distinct, 0, 0};
    measure_box(q->entries, &boxes[0]);
    static int (*const comparators[3])(const void *, const void *) = {compare_red, compare_green, compare_blue};
    // At most max_colors - 1 splits.
    while (count < max_colors) {
        int chosen = -1;
        for (int index = 0; index < count; index++) {
            if (boxes[index].end - boxes[index].start < 2) continue;
            if (chosen < 0 || boxes[index].range > boxes[chosen].range) chosen = index;
        }
        if (chosen < 0 || boxes[chosen].range <= 0) break;
        color_box *box = &boxes[chosen];
        color_entry *first = q->entries + box->start;
        size_t length = box->end - box->start;
        qsort(first, length, sizeof *first, comparators[box->widest]);
        uint64_t total = 0, running = 0;
        for (size_t index = 0; index < length; index++) total += first[index].count;
        size_t split = 1;
        for (size_t index = 0; index + 1 < length; index++) {
            running += first[index].count;
            split = index + 1;
            if (running * 2 >= total) break;
        }
        boxes[count] = (color_box){box->start + split, box->end, 0, 0};
        box->end = box->start + split;
        measure_box(q->entries, box);
        measure_box(q->entries, &boxes[count]);
        count++;
    }
    for (int index = 0; index < count; index++) {
        uint64_t sums[3] = {0, 0, 0}, pixels = 0;
        for (size_t entry = boxes[index].start; entry < boxes[index].end; entry++) {
            const color_entry *color = &q->entries[entry];
            for (int which = 0; which < 3; which++) sums[which] += (uint64_t)channel(color->color, which) * color->count;
            pixels += color->count;
            q->mapped[color->slot] = (uint8_t)(index + first_index);
        }
        uint32_t mean = 0;
        for (int which = 0; which < 3; which++) {
            mean |= (uint32_t)((sums[which] + pixels / 2) / (pixels ? pixels : 1)) << (16 - 8 * which);
        }
        palette[index] = mean;
    }
    return count;
}

int easel_quantize_colors(const uint32_t *colors, size_t count, int max_colors, uint32_t *palette, uint8_t *indices) {
    if (max_colors < 1 || max_colors > 256 || (count > 0 && (colors == NULL || indices == NULL)) || palette == NULL) {
        return -1;
    }
    quantizer q = {0};
    if (quantizer_reset(&q, count) != 0) return -1;
    for (size_t index = 0; index < count; index++) quantizer_add(&q, colors[index]);
    int entries = quantizer_build(&q, max_colors, 0, palette);
    for (size_t index = 0; index < count; index++) indices[index] = quantizer_index(&q, colors[index]);
    quantizer_free(&q);
    return entries;
}

// MARK: - GIF

/** The most centiseconds one GIF frame can be shown (a 16-bit field). */
#define GIF_MAX_DELAY 65535

typedef struct {
    int32_t x, y, width, height;
} pixel_rect;

static pixel_rect rect_union(pixel_rect a, pixel_rect b) {
    if (a.width <= 0 || a.height <= 0) return b;
    if (b.width <= 0 || b.height <= 0) return a;
    int32_t left = a.x < b.x ? a.x : b.x, top = a.y < b.y ? a.y : b.y;
    int32_t right = a.x + a.width > b.x + b.width ? a.x + a.width : b.x + b.width;
    int32_t bottom = a.y + a.height > b.y + b.height ? a.y + a.height : b.y + b.height;
    return (pixel_rect){left, top, right - left, bottom - top};
}

/** Grows the bounds (as left, top, right, bottom: inclusive) to hold (x, y). */
static inline void extend(int32_t bounds[4], int32_t x, int32_t y) {
    if (x < bounds[0]) bounds[0] = x;
    if (y < bounds[1]) bounds[1] = y;
    if (x > bounds[2]) bounds[2] = x;
    if (y > bounds[3]) bounds[3] = y;
}

static pixel_rect bounds_rect(const int32_t bounds[4]) {
    if (bounds[2] < bounds[0]) return (pixel_rect){0, 0, 0, 0};
    return (pixel_rect){bounds[0], bounds[1], bounds[2] - bounds[0] + 1, bounds[3] - bounds[1] + 1};
}

/** The frame made but not yet written (its disposal depends on the next frame). */
typedef struct {
    int present;
    pixel_rect rect;
    int64_t delay;
    int dispose;
    int colors;
    uint32_t palette[256];
} gif_frame;

typedef struct {
    GifFileType *gif;
    /** The frame before (index 0) and this one: 0 for transparent, else 0xff000000 | RGB. */
    uint32_t *previous, *current;
    /** The pending frame's palette indices, a whole canvas of them (0 outside its rect). */
    uint8_t *indices;
    /** Pixels drawn by the frame being made (1) or not (0). */
    uint8_t *drawn;
    quantizer quantizer;
    gif_frame pending;
} gif_state;

struct easel_animation {
    easel_animation_options options;
    file_sink *sink;
    int failed;
    int64_t frames;
    /** WebP: the encoder, its picture and configuration, the time so far in ms. */
    WebPAnimEncoder *encoder;
    WebPPicture picture;
    WebPConfig config;
    int64_t timestamp;
    gif_state gif;
};

static int gif_output(GifFileType *gif, const GifByteType *bytes, int length) {
    file_sink *sink = gif->UserData;
    if (length <= 0) return 0;
    return sink_write(sink, bytes, (size_t)length) == 0 ? length : 0;
}

/** The message for a giflib failure: the system's reason when a write failed. */
static void gif_error(easel_animation *animation, int code, char *error, size_t error_size) {
    if (animation->sink->failure != 0) {
        set_error(error, error_size, "%s", strerror(animation->sink->failure));
    } else {
        const char *reason = GifErrorString(code);
        set_error(error, error_size, "GIF encoding failed: %s", reason != NULL ? reason : "unknown error");
    }
}

/** Writes the pending frame: its graphics control block, image descriptor, palette and rows. */
static int gif_write_pending(easel_animation *animation, char *error, size_t error_size) {
    gif_state *state = &animation->gif;
    gif_frame *frame = &state->pending;
    GifFileType *gif = state->gif;
    GraphicsControlBlock control = {
        .DisposalMode = frame->dispose,
        .UserInputFlag = false,
        .DelayTime = (int)frame->delay,
        .TransparentColor = 0,
    };
    GifByteType extension[4];
    EGifGCBToExtension(&control, extension);
    // Index 0 is transparent; the colours follow; the table has a power of 2 entries.
    int size = 2;
    while (size < frame->colors + 1) size *= 2;
    GifColorType colors[256];
    memset(colors, 0, sizeof colors);
    for (int index = 0; index < frame->colors; index++) {
        colors[index + 1] = (GifColorType){(GifByteType)(frame->palette[index] >> 16),
                                           (GifByteType)(frame->palette[index] >> 8), (GifByteType)frame->palette[index]};
    }
    ColorMapObject *map = GifMakeMapObject(size, colors);
    if (map == NULL) {
        set_error(error, error_size, "out of memory");
        return -1;
    }
    int status = EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, extension);
    if (status == GIF_OK) {
        status = EGifPutImageDesc(gif, frame->rect.x, frame->rect.y, frame->rect.width, frame->rect.height, false, map);
    }
    GifFreeMapObject(map);
    int32_t width = animation->options.width;
    for (int32_t row = 0; status == GIF_OK && row < frame->rect.height; row++) {
        GifPixelType *line = state->indices + (size_t)(frame->rect.y + row) * (size_t)width + (size_t)frame->rect.x;
        status = EGifPutLine(gif, line, frame->rect.width);
    }
    if (status != GIF_OK) {
        gif_error(animation, gif->Error, error, error_size);
        return -1;
    }
    frame->present = 0;
    return 0;
}

/** Makes the pending frame one that changes nothing: a transparent pixel at the top left. */
static void gif_pend_nothing(gif_state *state, size_t pixel_count, int64_t delay) {
    memset(state->indices, 0, pixel_count);
    state->pending = (gif_frame){.present = 1, .rect = {0, 0, 1, 1}, .delay = delay, .dispose = DISPOSE_DO_NOT};
}

/**
 * Adds `delay` to the pending frame; past 65535 cs the frame is written and
 * frames that change nothing carry the rest.
 */
static int gif_add_delay(easel_animation *animation, int64_t delay, char *error, size_t error_size) {
    gif_state *state = &animation->gif;
    size_t pixel_count = (size_t)animation->options.width * (size_t)animation->options.height;
    // Bounded: each pass takes up to 65535 cs off the delay.
    while (state->pending.delay + delay > GIF_MAX_DELAY) {
        delay -= GIF_MAX_DELAY - state->pending.delay;
        state->pending.delay = GIF_MAX_DELAY;
        state->pending.dispose = DISPOSE_DO_NOT;
        if (gif_write_pending(animation, error, error_size) != 0) return -1;
        gif_pend_nothing(state, pixel_count, 0);
        animation->frames++;
    }
    state->pending.delay += delay;
    return 0;
}

static int gif_start(easel_animation *animation, char *error, size_t error_size) {
    gif_state *state = &animation->gif;
    size_t count = (size_t)animation->options.width * (size_t)animation->options.height;
    state->previous = calloc(count, sizeof *state->previous);
    state->current = malloc(count * sizeof *state->current);
    state->indices = calloc(count, 1);
    state->drawn = calloc(count, 1);
    if (state->previous == NULL || state->current == NULL || state->indices == NULL || state->drawn == NULL) {
        set_error(error, error_size, "out of memory");
        return -1;
    }
    int code = 0;
    state->gif = EGifOpen(animation->sink, gif_output, &code);
    if (state->gif == NULL) {
        set_error(error, error_size, "GIF encoding failed: %s", GifErrorString(code));
        return -1;
    }
    EGifSetGifVersion(state->gif, true);
    int status = EGifPutScreenDesc(state->gif, animation->options.width, animation->options.height, 8, 0, NULL);
    int loops = animation->options.loop_count;
    if (status == GIF_OK && loops != 1) {
        // Browsers play a GIF once more than its NETSCAPE2.0 count: 0 is forever.
        int repeats = loops == 0 ? 0 : loops - 1;
        GifByteType data[3] = {1, (GifByteType)(repeats & 0xff), (GifByteType)(repeats >> 8)};
        status = EGifPutExtensionLeader(state->gif, APPLICATION_EXT_FUNC_CODE);
        if (status == GIF_OK) status = EGifPutExtensionBlock(state->gif, 11, "NETSCAPE2.0");
        if (status == GIF_OK) status = EGifPutExtensionBlock(state->gif, 3, data);
        if (status == GIF_OK) status = EGifPutExtensionTrailer(state->gif);
    }
    if (status != GIF_OK) {
        gif_error(animation, state->gif->Error, error, error_size);
        return -1;
    }
    return 0;
}

static int gif_add(easel_animation *animation, const easel_image_pixels *pixels, int64_t delay, char *error,
                   size_t error_size) {
    gif_state *state = &animation->gif;
    const int32_t width = pixels->width, height = pixels->height;
    const size_t count = (size_t)width * (size_t)height;
    const int first = animation->frames == 0;
    // One bit of alpha, colours un-premultiplied; what changed, and what must be cleared.
    int32_t changed[4] = {INT32_MAX, INT32_MAX, -1, -1}, cleared[4] = {INT32_MAX, INT32_MAX, -1, -1};
    for (int32_t y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(const void *)(pixels->data + (size_t)y * (size_t)pixels->stride);
        uint32_t *current = state->current + (size_t)y * (size_t)width;
        const uint32_t *previous = state->previous + (size_t)y * (size_t)width;
        for (int32_t x = 0; x < width; x++) {
            uint32_t pixel = row[x], alpha = pixels->has_alpha ? pixel >> 24 : 0xff, value;
            if (alpha < 128) {
                value = 0;
            } else if (alpha == 0xff) {
                value = 0xff000000u | (pixel & 0xffffffu);
            } else {
                uint32_t red = (((pixel >> 16) & 0xff) * 255 + alpha / 2) / alpha;
                uint32_t green = (((pixel >> 8) & 0xff) * 255 + alpha / 2) / alpha;
                uint32_t blue = ((pixel & 0xff) * 255 + alpha / 2) / alpha;
                value = 0xff000000u | (red > 255 ? 255 : red) << 16 | (green > 255 ? 255 : green) << 8
                        | (blue > 255 ? 255 : blue);
            }
            current[x] = value;
            if (value != previous[x]) {
                extend(changed, x, y);
                if (value == 0) extend(cleared, x, y);
            }
        }
    }
    if (!first && changed[2] < 0) {
        // The same picture again: the frame before stays up longer.
        return gif_add_delay(animation, delay, error, error_size);
    }
    // The area where the new frame cannot keep what is shown.
    pixel_rect redraw = {0, 0, width, height};
    if (!first) {
        pixel_rect clear = bounds_rect(cleared);
        state->pending.dispose = DISPOSE_DO_NOT;
        redraw = (pixel_rect){0, 0, 0, 0};
        if (clear.width > 0) {
            state->pending.rect = rect_union(state->pending.rect, clear);
            state->pending.dispose = DISPOSE_BACKGROUND;
            redraw = state->pending.rect;
        }
        if (gif_write_pending(animation, error, error_size) != 0) return -1;
    }
    // The new frame draws every visible pixel that changed or lies in the cleared area.
    pixel_rect area = first ? redraw : rect_union(bounds_rect(changed), redraw);
    memset(state->indices, 0, count);
    size_t drawn_count = 0;
    int32_t drawn_bounds[4] = {INT32_MAX, INT32_MAX, -1, -1};
    for (int32_t y = area.y; y < area.y + area.height; y++) {
        const uint32_t *current = state->current + (size_t)y * (size_t)width;
        const uint32_t *previous = state->previous + (size_t)y * (size_t)width;
        uint8_t *drawn = state->drawn + (size_t)y * (size_t)width;
        int row_in_redraw = y >= redraw.y && y < redraw.y + redraw.height;
        for (int32_t x = area.x; x < area.x + area.width; x++) {
            int in_redraw = row_in_redraw && x >= redraw.x && x < redraw.x + redraw.width;
            int draw = current[x] != 0 && (in_redraw || current[x] != previous[x]);
            drawn[x] = (uint8_t)draw;
            if (draw) {
                drawn_count++;
                extend(drawn_bounds, x, y);
            }
        }
    }
    if (quantizer_reset(&state->quantizer, drawn_count) != 0) {
        set_error(error, error_size, "out of memory");
        return -1;
    }
    for (int32_t y = area.y; y < area.y + area.height; y++) {
        const uint32_t *current = state->current + (size_t)y * (size_t)width;
        const uint8_t *drawn = state->drawn + (size_t)y * (size_t)width;
        for (int32_t x = area.x; x < area.x + area.width; x++) {
            if (drawn[x]) quantizer_add(&state->quantizer, current[x]);
        }
    }
    gif_frame *frame = &state->pending;
    *frame = (gif_frame){.present = 1, .dispose = DISPOSE_DO_NOT};
    frame->colors = quantizer_build(&state->quantizer, 255, 1, frame->palette);
    for (int32_t y = area.y; y < area.y + area.height; y++) {
        const uint32_t *current = state->current + (size_t)y * (size_t)width;
        const uint8_t *drawn = state->drawn + (size_t)y * (size_t)width;
        uint8_t *indices = state->indices + (size_t)y * (size_t)width;
        for (int32_t x = area.x; x < area.x + area.width; x++) {
            if (drawn[x]) indices[x] = quantizer_index(&state->quantizer, current[x]);
        }
    }
    // The first frame covers the canvas; a frame that only clears is one transparent pixel.
    pixel_rect drawn_rect = bounds_rect(drawn_bounds);
    frame->rect = first ? (pixel_rect){0, 0, width, height} : drawn_rect.width > 0 ? drawn_rect : (pixel_rect){0, 0, 1, 1};
    uint32_t *swap = state->previous;
    state->previous = state->current;
    state->current = swap;
    animation->frames++;
    return gif_add_delay(animation, delay, error, error_size);
}

static int gif_finish(easel_animation *animation, char *error, size_t error_size) {
    gif_state *state = &animation->gif;
    if (state->pending.present) {
        state->pending.dispose = DISPOSE_DO_NOT;
        if (gif_write_pending(animation, error, error_size) != 0) return -1;
    }
    int code = 0;
    int status = EGifCloseFile(state->gif, &code);
    state->gif = NULL;
    if (status != GIF_OK || animation->sink->failure != 0) {
        gif_error(animation, code, error, error_size);
        return -1;
    }
    return 0;
}

// MARK: - WebP

static int webp_start(easel_animation *animation, char *error, size_t error_size) {
    const easel_animation_options *options = &animation->options;
    WebPAnimEncoderOptions encoder_options;
    if (!WebPAnimEncoderOptionsInit(&encoder_options) || !WebPConfigInit(&animation->config)
        || !WebPPictureInit(&animation->picture)) {
        set_error(error, error_size, "WebP encoding failed: libwebp version mismatch");
        return -1;
    }
    encoder_options.anim_params.loop_count = options->loop_count;
    encoder_options.anim_params.bgcolor = 0x00000000u;
    // Every frame after the first is the rectangle that changed, never a key frame: the
    // quickest to encode, and a file is played from its start.
    encoder_options.kmin = 0;
    encoder_options.kmax = 0;
    encoder_options.allow_mixed = 0;
    WebPConfig *config = &animation->config;
    config->lossless = options->quality >= 100;
    if (config->lossless) {
        // Lossless at a quick effort: drawings compress well at any effort; a pixel keeps its colour.
        config->method = 1;
        config->quality = 25.0f;
        config->exact = 1;
    } else {
        config->quality = (float)options->quality;
        config->method = 2;
    }
    if (!WebPValidateConfig(config)) {
        set_error(error, error_size, "WebP encoding failed: invalid configuration");
        return -1;
    }
    animation->picture.use_argb = 1;
    animation->picture.width = options->width;
    animation->picture.height = options->height;
    if (!WebPPictureAlloc(&animation->picture)) {
        set_error(error, error_size, "out of memory");
        return -1;
    }
    animation->encoder = WebPAnimEncoderNew(options->width, options->height, &encoder_options);
    if (animation->encoder == NULL) {
        set_error(error, error_size, "out of memory");
        return -1;
    }
    return 0;
}

static int webp_add(easel_animation *animation, const easel_image_pixels *pixels, int64_t delay, char *error,
                    size_t error_size) {
    if (animation->timestamp + delay > INT_MAX) {
        set_error(error, error_size, "the animation is longer than %d ms", INT_MAX);
        return -1;
    }
    WebPPicture *picture = &animation->picture;
    for (int32_t y = 0; y < pixels->height; y++) {
        const uint32_t *row = (const uint32_t *)(const void *)(pixels->data + (size_t)y * (size_t)pixels->stride);
        uint32_t *out = picture->argb + (size_t)y * (size_t)picture->argb_stride;
        for (int32_t x = 0; x < pixels->width; x++) {
            uint32_t pixel = row[x], alpha = pixels->has_alpha ? pixel >> 24 : 0xff;
            if (alpha == 0xff) {
                out[x] = 0xff000000u | (pixel & 0xffffffu);
            } else if (alpha == 0) {
                out[x] = 0;
            } else {
                // cairo's rounding, as the PNG and still WebP encoders un-premultiply.
                uint32_t red = (((pixel >> 16) & 0xff) * 255 + alpha / 2) / alpha;
                uint32_t green = (((pixel >> 8) & 0xff) * 255 + alpha / 2) / alpha;
                uint32_t blue = ((pixel & 0xff) * 255 + alpha / 2) / alpha;
                out[x] = alpha << 24 | red << 16 | green << 8 | blue;
            }
        }
    }
    if (!WebPAnimEncoderAdd(animation->encoder, picture, (int)animation->timestamp, &animation->config)) {
        set_error(error, error_size, "WebP encoding failed: %s", WebPAnimEncoderGetError(animation->encoder));
        return -1;
    }
    animation->timestamp += delay;
    animation->frames++;
    return 0;
}

static int webp_finish(easel_animation *animation, char *error, size_t error_size) {
    WebPData data;
    WebPDataInit(&data);
    if (!WebPAnimEncoderAdd(animation->encoder, NULL, (int)animation->timestamp, NULL)
        || !WebPAnimEncoderAssemble(animation->encoder, &data)) {
        set_error(error, error_size, "WebP encoding failed: %s", WebPAnimEncoderGetError(animation->encoder));
        WebPDataClear(&data);
        return -1;
    }
    int status = write_all(animation->sink, data.bytes, data.size);
    WebPDataClear(&data);
    if (status != 0) {
        set_error(error, error_size, "%s", strerror(animation->sink->failure));
        return -1;
    }
    return 0;
}

// MARK: - The public functions

easel_animation *easel_animation_new(const easel_animation_options *options, char *error, size_t error_size) {
    if (options == NULL) {
        set_error(error, error_size, "no options");
        return NULL;
    }
    int webp = options->format == EASEL_ANIMATION_WEBP;
    if (!webp && options->format != EASEL_ANIMATION_GIF) {
        set_error(error, error_size, "unknown animation format %d", (int)options->format);
        return NULL;
    }
    int32_t limit = webp ? EASEL_ANIMATION_WEBP_MAX_SIDE : EASEL_ANIMATION_GIF_MAX_SIDE;
    if (options->width < 1 || options->height < 1 || options->width > limit || options->height > limit) {
        set_error(error, error_size, "%s animations are 1 to %d pixels a side; this one is %d x %d",
                  webp ? "WebP" : "GIF", limit, options->width, options->height);
        return NULL;
    }
    if (options->loop_count < 0 || options->loop_count > EASEL_ANIMATION_MAX_LOOPS) {
        set_error(error, error_size, "loop count %d is out of range; it must be 0 (forever) to %d",
                  options->loop_count, EASEL_ANIMATION_MAX_LOOPS);
        return NULL;
    }
    if (webp && (options->quality < 1 || options->quality > 100)) {
        set_error(error, error_size, "quality %d is out of range; it must be between 1 and 100", options->quality);
        return NULL;
    }
    easel_animation *animation = calloc(1, sizeof *animation);
    file_sink *sink = malloc(sizeof *sink);
    if (animation == NULL || sink == NULL) {
        free(animation);
        free(sink);
        set_error(error, error_size, "out of memory");
        return NULL;
    }
    sink->descriptor = options->file_descriptor;
    sink->failure = 0;
    sink->used = 0;
    animation->options = *options;
    animation->sink = sink;
    int status = webp ? webp_start(animation, error, error_size) : gif_start(animation, error, error_size);
    if (status != 0) {
        easel_animation_free(animation);
        return NULL;
    }
    return animation;
}

int easel_animation_add(easel_animation *animation, const easel_image_pixels *pixels, int64_t delay, char *error,
                        size_t error_size) {
    if (animation == NULL || pixels == NULL || pixels->data == NULL) {
        set_error(error, error_size, "no animation or no pixels");
        return -1;
    }
    if (animation->failed) {
        set_error(error, error_size, "an earlier frame failed");
        return -1;
    }
    if (pixels->width != animation->options.width || pixels->height != animation->options.height
        || pixels->stride < pixels->width * 4) {
        set_error(error, error_size, "the frame is %d x %d pixels; the animation is %d x %d", pixels->width,
                  pixels->height, animation->options.width, animation->options.height);
        return -1;
    }
    if (delay < 0 || delay > INT_MAX) {
        set_error(error, error_size, "invalid frame delay %lld", (long long)delay);
        return -1;
    }
    int status = animation->options.format == EASEL_ANIMATION_WEBP
        ? webp_add(animation, pixels, delay, error, error_size)
        : gif_add(animation, pixels, delay, error, error_size);
    if (status != 0) animation->failed = 1;
    return status;
}

int easel_animation_finish(easel_animation *animation, char *error, size_t error_size) {
    if (animation == NULL) {
        set_error(error, error_size, "no animation");
        return -1;
    }
    if (animation->failed) {
        set_error(error, error_size, "an earlier frame failed");
        return -1;
    }
    if (animation->frames == 0) {
        set_error(error, error_size, "no frames");
        return -1;
    }
    int status = animation->options.format == EASEL_ANIMATION_WEBP ? webp_finish(animation, error, error_size)
                                                                    : gif_finish(animation, error, error_size);
    if (status == 0 && sink_flush(animation->sink) != 0) {
        set_error(error, error_size, "%s", strerror(animation->sink->failure));
        status = -1;
    }
    animation->failed = 1;   // finished: nothing more to add
    return status;
}

int64_t easel_animation_frame_count(const easel_animation *animation) {
    return animation != NULL ? animation->frames : 0;
}

void easel_animation_free(easel_animation *animation) {
    if (animation == NULL) return;
    if (animation->encoder != NULL) WebPAnimEncoderDelete(animation->encoder);
    WebPPictureFree(&animation->picture);
    gif_state *state = &animation->gif;
    if (state->gif != NULL) {
        // Abandoned: nothing more reaches the file (not even the trailer).
        animation->sink->failure = ECANCELED;
        int code = 0;
        EGifCloseFile(state->gif, &code);
    }
    free(state->previous);
    free(state->current);
    free(state->indices);
    free(state->drawn);
    quantizer_free(&state->quantizer);
    free(animation->sink);
    free(animation);
}
