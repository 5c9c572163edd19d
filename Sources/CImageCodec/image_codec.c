// Encoding cairo's pixels as PNG, JPEG and WebP; see easel_image_codec.h.

#include "easel_image_codec.h"

#include <cairo.h>
#include <dlfcn.h>
#include <gif_lib.h>
#include <limits.h>
#include <math.h>
#include <png.h>
#include <pthread.h>
#include <setjmp.h>
#include <spng.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <turbojpeg.h>
#include <unistd.h>
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
#include <zlib.h>

static void set_error(char *error, size_t size, const char *format, ...) {
    if (error == NULL || size == 0) return;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(error, size, format, arguments);
    va_end(arguments);
}

static inline uint32_t pixel_at(const easel_image_pixels *pixels, int32_t x, int32_t y) {
    const uint32_t *row = (const uint32_t *)(const void *)(pixels->data + (size_t)y * (size_t)pixels->stride);
    return row[x];
}

/**
 * `source` OVER `destination`, both premultiplied ARGB32, as pixman's
 * combine_over_u rounds it: each channel d * (255 - source alpha) / 255
 * rounded (x * a + 0x80, then (t + (t >> 8)) >> 8), plus the source's, saturated.
 */
static inline uint32_t over(uint32_t source, uint32_t destination) {
    uint32_t inverse = 255 - (source >> 24);
    if (inverse == 0) return source;
    uint32_t result = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t t = ((destination >> shift) & 0xff) * inverse + 0x80;
        uint32_t channel = ((t >> 8) + t) >> 8;
        channel += (source >> shift) & 0xff;
        result |= (channel > 255 ? 255 : channel) << shift;
    }
    return result;
}

/**
 * What the encoder reads: the pixels, and a background under them when
 * `has_background` (then a pixel is over(pixel, background)).
 */
typedef struct {
    const easel_image_pixels *pixels;
    int has_background;
    uint32_t background;
} png_source;

/**
 * Pixel x of a row of the drawing (`opaque` is 0xff000000 for RGB24, whose
 * top byte means nothing, else 0), over `background` when `has_background`.
 * The caller keeps these in locals: stores through a byte pointer would
 * otherwise make the compiler read them again for every pixel.
 */
static inline uint32_t source_pixel(const uint32_t *row, int32_t x, uint32_t opaque, int has_background,
                                    uint32_t background) {
    uint32_t pixel = row[x] | opaque;
    return has_background ? over(pixel, background) : pixel;
}

/** Whether every pixel is opaque (always, for RGB24 or over an opaque background). */
static int is_opaque(const png_source *source) {
    const easel_image_pixels *pixels = source->pixels;
    if (!pixels->has_alpha) return 1;
    const int has_background = source->has_background;
    const uint32_t background = source->background;
    if (has_background && (background >> 24) == 0xff) return 1;
    const int32_t width = pixels->width;
    for (int32_t y = 0; y < pixels->height; y++) {
        const uint32_t *row = (const uint32_t *)(const void *)(pixels->data + (size_t)y * (size_t)pixels->stride);
        for (int32_t x = 0; x < width; x++) {
            if ((source_pixel(row, x, 0, has_background, background) >> 24) != 0xff) return 0;
        }
    }
    return 1;
}

/**
 * Packs row `y` as RGB (3 bytes a pixel) or RGBA (4 bytes), un-premultiplied
 * with cairo's rounding (cairo-png.c, unpremultiply_data), each pixel first
 * composited over `background` when `has_background`. Always inlined with a
 * constant `has_background`, so that the loop without a background has no
 * trace of compositing in it.
 */
static inline __attribute__((always_inline)) void pack_row_over(const easel_image_pixels *pixels, int32_t y,
                                                                int with_alpha, const int has_background,
                                                                uint32_t background, uint8_t *out) {
    const uint32_t *row = (const uint32_t *)(const void *)(pixels->data + (size_t)y * (size_t)pixels->stride);
    const int32_t width = pixels->width;
    const uint32_t opaque = pixels->has_alpha ? 0 : 0xff000000u;
    if (!with_alpha) {
        for (int32_t x = 0; x < width; x++) {
            uint32_t pixel = source_pixel(row, x, opaque, has_background, background);
            out[0] = (uint8_t)(pixel >> 16);
            out[1] = (uint8_t)(pixel >> 8);
            out[2] = (uint8_t)pixel;
            out += 3;
        }
        return;
    }
    for (int32_t x = 0; x < width; x++) {
        uint32_t pixel = source_pixel(row, x, opaque, has_background, background);
        uint32_t alpha = pixel >> 24;
        if (alpha == 0xff) {
            out[0] = (uint8_t)(pixel >> 16);
            out[1] = (uint8_t)(pixel >> 8);
            out[2] = (uint8_t)pixel;
            out[3] = 0xff;
        } else if (alpha == 0) {
            out[0] = out[1] = out[2] = out[3] = 0;
        } else {
            out[0] = (uint8_t)((((pixel >> 16) & 0xff) * 255 + alpha / 2) / alpha);
            out[1] = (uint8_t)((((pixel >> 8) & 0xff) * 255 + alpha / 2) / alpha);
            out[2] = (uint8_t)(((pixel & 0xff) * 255 + alpha / 2) / alpha);
            out[3] = (uint8_t)alpha;
        }
        out += 4;
    }
}

/** Bytes of one row as pack_row packs it: RGB or RGBA. */
static inline size_t packed_row_size(const easel_image_pixels *pixels, int with_alpha) {
    return (size_t)pixels->width * (with_alpha ? 4 : 3);
}

/** pack_row_over with the source's background, if it has one. */
static void pack_row(const png_source *source, int32_t y, int with_alpha, uint8_t *out) {
    if (source->has_background) {
        pack_row_over(source->pixels, y, with_alpha, 1, source->background, out);
    } else {
        pack_row_over(source->pixels, y, with_alpha, 0, 0, out);
    }
}

/** All rows packed tight by pack_row, allocated with malloc; NULL when out of memory. */
static uint8_t *pack(const easel_image_pixels *pixels, int with_alpha) {
    const png_source source = {.pixels = pixels};
    size_t row_size = packed_row_size(pixels, with_alpha);
    size_t size = row_size * (size_t)pixels->height;
    uint8_t *packed = malloc(size ? size : 1);
    if (packed == NULL) return NULL;
    for (int32_t y = 0; y < pixels->height; y++) pack_row(&source, y, with_alpha, packed + (size_t)y * row_size);
    return packed;
}

/**
 * One PNG encode, row by row (each row packed into `row`, which holds one
 * packed row, just before libspng filters and compresses it): the PNG's bytes
 * (malloc'ed) or NULL with `error` set.
 */
static uint8_t *encode_png_once(const png_source *source, uint8_t *row, int with_alpha, int level,
                                int filters, size_t *length, char *error, size_t error_size) {
    const easel_image_pixels *pixels = source->pixels;
    spng_ctx *context = spng_ctx_new(SPNG_CTX_ENCODER);
    if (context == NULL) {
        set_error(error, error_size, "out of memory");
        return NULL;
    }
    struct spng_ihdr header = {
        .width = (uint32_t)pixels->width,
        .height = (uint32_t)pixels->height,
        .bit_depth = 8,
        .color_type = with_alpha ? SPNG_COLOR_TYPE_TRUECOLOR_ALPHA : SPNG_COLOR_TYPE_TRUECOLOR,
    };
    size_t row_size = packed_row_size(pixels, with_alpha);
    int status = spng_set_option(context, SPNG_ENCODE_TO_BUFFER, 1);
    if (status == 0) status = spng_set_option(context, SPNG_IMG_COMPRESSION_LEVEL, level);
    if (status == 0) status = spng_set_option(context, SPNG_FILTER_CHOICE, filters);
    if (status == 0) status = spng_set_ihdr(context, &header);
    if (status == 0) {
        status = spng_encode_image(context, NULL, 0, SPNG_FMT_PNG, SPNG_ENCODE_PROGRESSIVE | SPNG_ENCODE_FINALIZE);
    }
    for (int32_t y = 0; status == 0 && y < pixels->height; y++) {
        pack_row(source, y, with_alpha, row);
        status = spng_encode_row(context, row, row_size);
        if (status == SPNG_EOI) status = y == pixels->height - 1 ? 0 : SPNG_EOI;
    }
    uint8_t *bytes = NULL;
    if (status == 0) bytes = spng_get_png_buffer(context, length, &status);
    spng_ctx_free(context);
    if (status != 0 || bytes == NULL) {
        free(bytes);
        set_error(error, error_size, "PNG encoding failed: %s", spng_strerror(status));
        return NULL;
    }
    return bytes;
}

/*
 * Large PNGs without row filters are deflated on several cores, as pigz does:
 * the rows are cut into parts, each part is one zlib raw deflate stream whose
 * window starts with the last 32 KB of the rows before it
 * (deflateSetDictionary), ended with a sync flush (a byte boundary) except
 * the last; the parts one after the other are a single deflate stream, and
 * their Adler-32s combine (adler32_combine) into the zlib trailer. libpng
 * writes the file around it: signature and IHDR (png_write_info), the stream
 * in IDAT chunks and IEND (png_write_chunk), with their CRCs. The number of
 * parts depends only on the image (never on the machine's cores), so the
 * bytes of a PNG are the same everywhere.
 */

/** Raw bytes (rows with their filter byte) below which a PNG is deflated in one stream by libspng. */
#define PARALLEL_PNG_MIN_BYTES ((size_t)256 * 1024)
/** Raw bytes from which a PNG is deflated in four parts instead of two. */
#define PARALLEL_PNG_FOUR_PARTS ((size_t)16 * 1024 * 1024)
/** Rows are packed and handed to zlib about this many bytes at a time. */
#define PARALLEL_PNG_BATCH ((size_t)64 * 1024)
/** The deflate window: what a part's dictionary holds of the rows before it. */
#define DEFLATE_WINDOW ((size_t)32 * 1024)
/** The longest IDAT chunk written (a chunk may hold up to 2^31 - 1 bytes). */
#define IDAT_CHUNK ((size_t)1024 * 1024)

/** One part of the image's deflate stream, as one thread makes it. */
typedef struct {
    const png_source *source;
    int with_alpha;
    int level;
    /** The part's rows: [first_row, end_row). */
    int32_t first_row, end_row;
    /** Whether this is the stream's last part (ends with Z_FINISH, not Z_SYNC_FLUSH). */
    int last;
    /** The compressed bytes (malloc'ed) and their count. */
    uint8_t *out;
    size_t out_length;
    /** The Adler-32 and length of the part's raw bytes. */
    uLong adler;
    size_t raw_length;
    /** 0, or a message (a static string) when the part failed. */
    const char *failure;
} deflate_part;

/** Packs rows [first, first + count) with a filter-type byte (0, none) before each. */
static void pack_lines(const png_source *source, int with_alpha, int32_t first, int32_t count, uint8_t *out) {
    const size_t line = packed_row_size(source->pixels, with_alpha) + 1;
    for (int32_t index = 0; index < count; index++) {
        uint8_t *start = out + (size_t)index * line;
        start[0] = 0;
        pack_row(source, first + index, with_alpha, start + 1);
    }
}

/**
 * Runs deflate on what `stream` holds until the input is taken (and, with a
 * flush, until its output is complete), growing the part's output as needed.
 */
static int deflate_into(deflate_part *part, z_stream *stream, size_t *capacity, int flush) {
    for (;;) {
        if (*capacity - part->out_length < 64) {
            size_t grown = *capacity * 2;
            uint8_t *bigger = grown > *capacity ? realloc(part->out, grown) : NULL;
            if (bigger == NULL) {
                part->failure = "out of memory";
                return -1;
            }
            part->out = bigger;
            *capacity = grown;
        }
        size_t room = *capacity - part->out_length;
        stream->next_out = part->out + part->out_length;
        stream->avail_out = room > UINT_MAX ? UINT_MAX : (uInt)room;
        int status = deflate(stream, flush);
        part->out_length += (size_t)(stream->next_out - (part->out + part->out_length));
        if (status == Z_STREAM_END) return 0;
        if (status != Z_OK && status != Z_BUF_ERROR) {
            part->failure = "zlib failed to deflate";
            return -1;
        }
        if (stream->avail_in > 0 || stream->avail_out == 0) continue;
        if (flush == Z_FINISH) continue;
        return 0;
    }
}

/** Deflates one part (a thread's body). */
static void *deflate_part_run(void *argument) {
    deflate_part *part = argument;
    const size_t line = packed_row_size(part->source->pixels, part->with_alpha) + 1;
    size_t batch_rows = PARALLEL_PNG_BATCH / line;
    if (batch_rows == 0) batch_rows = 1;
    size_t window_rows = (DEFLATE_WINDOW + line - 1) / line;
    size_t buffer_rows = batch_rows > window_rows ? batch_rows : window_rows;
    uint8_t *buffer = malloc(buffer_rows * line);
    size_t capacity = part->raw_length / 8 + 1024;
    part->out = malloc(capacity);
    part->adler = adler32(0L, Z_NULL, 0);
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (buffer == NULL || part->out == NULL) {
        part->failure = "out of memory";
        free(buffer);
        return NULL;
    }
    if (deflateInit2(&stream, part->level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        part->failure = "zlib cannot start a deflate stream";
        free(buffer);
        return NULL;
    }
    if (part->first_row > 0) {
        // The window at the part's start: the last 32 KB of the rows before it.
        int32_t rows = (int32_t)(window_rows < (size_t)part->first_row ? window_rows : (size_t)part->first_row);
        pack_lines(part->source, part->with_alpha, part->first_row - rows, rows, buffer);
        size_t packed = (size_t)rows * line;
        size_t dictionary = packed < DEFLATE_WINDOW ? packed : DEFLATE_WINDOW;
        if (deflateSetDictionary(&stream, buffer + packed - dictionary, (uInt)dictionary) != Z_OK) {
            part->failure = "zlib cannot set the dictionary";
        }
    }
    for (int32_t row = part->first_row; part->failure == NULL && row < part->end_row;) {
        int32_t count = (int32_t)((size_t)(part->end_row - row) < batch_rows ? (size_t)(part->end_row - row) : batch_rows);
        pack_lines(part->source, part->with_alpha, row, count, buffer);
        size_t length = (size_t)count * line;
        part->adler = adler32_z(part->adler, buffer, length);
        stream.next_in = buffer;
        stream.avail_in = (uInt)length;
        row += count;
        int flush = row < part->end_row ? Z_NO_FLUSH : part->last ? Z_FINISH : Z_SYNC_FLUSH;
        if (deflate_into(part, &stream, &capacity, flush) != 0) break;
    }
    deflateEnd(&stream);
    free(buffer);
    return NULL;
}

/** Where libpng writes the file: a buffer of known size. */
typedef struct {
    uint8_t *bytes;
    size_t length, capacity;
    /** libpng's message when it failed. */
    char message[128];
} png_memory;

static void png_memory_write(png_structp png, png_bytep data, size_t length) {
    png_memory *memory = png_get_io_ptr(png);
    if (length > memory->capacity - memory->length) png_error(png, "the PNG is longer than planned");
    memcpy(memory->bytes + memory->length, data, length);
    memory->length += length;
}

static void png_memory_flush(png_structp png) { (void)png; }

static void png_memory_error(png_structp png, png_const_charp message) {
    png_memory *memory = png_get_error_ptr(png);
    snprintf(memory->message, sizeof memory->message, "%s", message);
    png_longjmp(png, 1);
}

static void png_memory_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

/**
 * Writes signature, IHDR, the zlib stream `stream` in IDAT chunks and IEND
 * into `memory` with libpng; 0, or -1 with `memory->message` set.
 */
static int write_png_chunks(png_memory *memory, const easel_image_pixels *pixels, int with_alpha,
                            const uint8_t *stream, size_t stream_length) {
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, memory, png_memory_error, png_memory_warning);
    png_infop info = png != NULL ? png_create_info_struct(png) : NULL;
    if (png == NULL || info == NULL) {
        png_destroy_write_struct(&png, &info);
        snprintf(memory->message, sizeof memory->message, "out of memory");
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return -1;
    }
    png_set_write_fn(png, memory, png_memory_write, png_memory_flush);
    png_set_IHDR(png, info, (png_uint_32)pixels->width, (png_uint_32)pixels->height, 8,
                 with_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (size_t offset = 0; offset < stream_length; offset += IDAT_CHUNK) {
        size_t length = stream_length - offset < IDAT_CHUNK ? stream_length - offset : IDAT_CHUNK;
        png_write_chunk(png, (png_const_bytep) "IDAT", stream + offset, length);
    }
    png_write_chunk(png, (png_const_bytep) "IEND", NULL, 0);
    png_destroy_write_struct(&png, &info);
    return 0;
}

/**
 * A PNG without row filters whose rows are deflated in parts on several
 * threads (see above): the bytes (malloc'ed) or NULL with `error` set.
 */
static uint8_t *encode_png_parallel(const png_source *source, int with_alpha, int level, size_t *length,
                                    char *error, size_t error_size) {
    const easel_image_pixels *pixels = source->pixels;
    const size_t line = packed_row_size(pixels, with_alpha) + 1;
    const size_t raw = line * (size_t)pixels->height;
    int count = raw >= PARALLEL_PNG_FOUR_PARTS ? 4 : 2;
    if (count > pixels->height) count = pixels->height;
    deflate_part parts[4];
    memset(parts, 0, sizeof parts);
    for (int index = 0; index < count; index++) {
        parts[index].source = source;
        parts[index].with_alpha = with_alpha;
        parts[index].level = level;
        parts[index].first_row = (int32_t)((int64_t)pixels->height * index / count);
        parts[index].end_row = (int32_t)((int64_t)pixels->height * (index + 1) / count);
        parts[index].last = index == count - 1;
        parts[index].raw_length = (size_t)(parts[index].end_row - parts[index].first_row) * line;
    }
    // The other parts on their own threads (or here, one after the other, on one core
    // or when a thread cannot start: the same bytes either way).
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    pthread_t threads[4];
    int started[4] = {0};
    for (int index = 1; index < count && cores > 1; index++) {
        started[index] = pthread_create(&threads[index], NULL, deflate_part_run, &parts[index]) == 0;
    }
    deflate_part_run(&parts[0]);
    for (int index = 1; index < count; index++) {
        if (started[index]) {
            pthread_join(threads[index], NULL);
        } else {
            deflate_part_run(&parts[index]);
        }
    }
    const char *failure = NULL;
    size_t stream_length = 2 + 4;
    uLong adler = parts[0].adler;
    for (int index = 0; index < count; index++) {
        if (parts[index].failure != NULL && failure == NULL) failure = parts[index].failure;
        stream_length += parts[index].out_length;
        if (index > 0) adler = adler32_combine(adler, parts[index].adler, (z_off_t)parts[index].raw_length);
    }
    uint8_t *stream = failure == NULL ? malloc(stream_length) : NULL;
    if (stream != NULL) {
        // The zlib header: deflate with a 32 KB window, the level's FLEVEL as zlib writes it, FCHECK.
        unsigned flags = level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3;
        unsigned header = (0x78u << 8) | (flags << 6);
        header += 31 - header % 31;
        stream[0] = (uint8_t)(header >> 8);
        stream[1] = (uint8_t)header;
        size_t offset = 2;
        for (int index = 0; index < count; index++) {
            memcpy(stream + offset, parts[index].out, parts[index].out_length);
            offset += parts[index].out_length;
        }
        stream[offset] = (uint8_t)(adler >> 24);
        stream[offset + 1] = (uint8_t)(adler >> 16);
        stream[offset + 2] = (uint8_t)(adler >> 8);
        stream[offset + 3] = (uint8_t)adler;
    } else if (failure == NULL) {
        failure = "out of memory";
    }
    for (int index = 0; index < count; index++) free(parts[index].out);
    if (failure != NULL) {
        free(stream);
        set_error(error, error_size, "PNG encoding failed: %s", failure);
        return NULL;
    }
    // Signature 8, IHDR 25, IEND 12, and 12 bytes around each IDAT chunk.
    size_t chunks = (stream_length + IDAT_CHUNK - 1) / IDAT_CHUNK;
    png_memory memory = {.capacity = 8 + 25 + 12 + stream_length + 12 * chunks};
    memory.bytes = malloc(memory.capacity);
    if (memory.bytes == NULL) {
        free(stream);
        set_error(error, error_size, "out of memory");
        return NULL;
    }
    int status = write_png_chunks(&memory, pixels, with_alpha, stream, stream_length);
    free(stream);
    if (status != 0) {
        free(memory.bytes);
        set_error(error, error_size, "PNG encoding failed: %s", memory.message);
        return NULL;
    }
    *length = memory.length;
    return memory.bytes;
}

static int encode_png(const png_source *source, int compression, uint8_t **out, size_t *out_length,
                      char *error, size_t error_size) {
    const easel_image_pixels *pixels = source->pixels;
    int with_alpha = !is_opaque(source);
    uint8_t *row = malloc((size_t)pixels->width * 4);
    if (row == NULL) {
        set_error(error, error_size, "out of memory");
        return -1;
    }
    // Rendered drawings (flat fills, text, thin gradients) compress well and
    // fastest without row filters; photographs are what adaptive filters help.
    int level = compression == EASEL_PNG_COMPRESSION_FAST ? 1 : compression == EASEL_PNG_COMPRESSION_BEST ? 9 : 3;
    size_t length = 0;
    size_t raw = (packed_row_size(pixels, with_alpha) + 1) * (size_t)pixels->height;
    uint8_t *bytes = raw >= PARALLEL_PNG_MIN_BYTES && pixels->height >= 2
        ? encode_png_parallel(source, with_alpha, level, &length, error, error_size)
        : encode_png_once(source, row, with_alpha, level, SPNG_FILTER_CHOICE_NONE, &length, error, error_size);
    if (bytes != NULL && compression == EASEL_PNG_COMPRESSION_BEST) {
        size_t filtered_length = 0;
        uint8_t *filtered = encode_png_once(source, row, with_alpha, level, SPNG_FILTER_CHOICE_ALL,
                                            &filtered_length, error, error_size);
        if (filtered == NULL) {
            free(bytes);
            bytes = NULL;
        } else if (filtered_length < length) {
            free(bytes);
            bytes = filtered;
            length = filtered_length;
        } else {
            free(filtered);
        }
    }
    free(row);
    if (bytes == NULL) return -1;
    *out = bytes;
    *out_length = length;
    return 0;
}

static int encode_jpeg(const easel_image_pixels *pixels, int quality, uint8_t **out, size_t *out_length,
                       char *error, size_t error_size) {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const int format = TJPF_BGRX;
#else
    const int format = TJPF_XRGB;
#endif
    const uint8_t *source = pixels->data;
    int pitch = pixels->stride;
    uint32_t *flattened = NULL;
    const png_source opacity = {.pixels = pixels};
    if (!is_opaque(&opacity)) {
        // JPEG has no alpha: composite over white (premultiplied: colour + 255 - alpha).
        size_t count = (size_t)pixels->width * (size_t)pixels->height;
        flattened = malloc(count ? count * 4 : 4);
        if (flattened == NULL) {
            set_error(error, error_size, "out of memory");
            return -1;
        }
        for (int32_t y = 0; y < pixels->height; y++) {
            for (int32_t x = 0; x < pixels->width; x++) {
                uint32_t pixel = pixel_at(pixels, x, y);
                uint32_t lift = 0xff - (pixel >> 24);
                uint32_t red = ((pixel >> 16) & 0xff) + lift;
                uint32_t green = ((pixel >> 8) & 0xff) + lift;
                uint32_t blue = (pixel & 0xff) + lift;
                flattened[(size_t)y * (size_t)pixels->width + (size_t)x] =
                    0xff000000u | (red > 0xff ? 0xff : red) << 16 | (green > 0xff ? 0xff : green) << 8
                    | (blue > 0xff ? 0xff : blue);
            }
        }
        source = (const uint8_t *)flattened;
        pitch = pixels->width * 4;
    }
    tjhandle handle = tjInitCompress();
    if (handle == NULL) {
        free(flattened);
        set_error(error, error_size, "JPEG encoding failed: %s", tjGetErrorStr2(NULL));
        return -1;
    }
    unsigned char *jpeg = NULL;
    unsigned long size = 0;
    // Full-resolution colour at high quality keeps coloured text and thin lines sharp.
    int subsampling = quality >= 90 ? TJSAMP_444 : TJSAMP_420;
    int status = tjCompress2(handle, source, pixels->width, pitch, pixels->height, format, &jpeg, &size,
                             subsampling, quality, 0);
    free(flattened);
    if (status != 0) {
        set_error(error, error_size, "JPEG encoding failed: %s", tjGetErrorStr2(handle));
        tjFree(jpeg);
        tjDestroy(handle);
        return -1;
    }
    tjDestroy(handle);
    uint8_t *bytes = malloc(size ? size : 1);
    if (bytes == NULL) {
        tjFree(jpeg);
        set_error(error, error_size, "out of memory");
        return -1;
    }
    memcpy(bytes, jpeg, size);
    tjFree(jpeg);
    *out = bytes;
    *out_length = size;
    return 0;
}

static int encode_webp(const easel_image_pixels *pixels, int quality, uint8_t **out, size_t *out_length,
                       char *error, size_t error_size) {
    if (pixels->width > WEBP_MAX_DIMENSION || pixels->height > WEBP_MAX_DIMENSION) {
        set_error(error, error_size, "WebP images are at most %d pixels a side; this one is %d x %d",
                  WEBP_MAX_DIMENSION, pixels->width, pixels->height);
        return -1;
    }
    uint8_t *packed = pack(pixels, 1);
    if (packed == NULL) {
        set_error(error, error_size, "out of memory");
        return -1;
    }
    WebPConfig config;
    WebPPicture picture;
    WebPMemoryWriter writer;
    WebPMemoryWriterInit(&writer);
    int ok = WebPConfigInit(&config) && WebPPictureInit(&picture);
    if (ok) {
        config.lossless = quality >= 100;
        // Lossless keeps every pixel, even the colour under a transparent one
        // (all zero, as un-premultiplied), so it decodes to exactly the PNG's pixels.
        config.exact = config.lossless;
        config.quality = config.lossless ? 75.0f : (float)quality;
        picture.use_argb = config.lossless;
        picture.width = pixels->width;
        picture.height = pixels->height;
        picture.writer = WebPMemoryWrite;
        picture.custom_ptr = &writer;
        ok = WebPValidateConfig(&config) && WebPPictureImportRGBA(&picture, packed, pixels->width * 4);
        if (ok) ok = WebPEncode(&config, &picture);
        if (!ok && picture.error_code != VP8_ENC_OK) {
            set_error(error, error_size, "WebP encoding failed (libwebp error %d)", (int)picture.error_code);
        } else if (!ok) {
            set_error(error, error_size, "WebP encoding failed");
        }
        WebPPictureFree(&picture);
    } else {
        set_error(error, error_size, "WebP encoding failed: libwebp version mismatch");
    }
    free(packed);
    if (!ok) {
        WebPMemoryWriterClear(&writer);
        return -1;
    }
    uint8_t *webp = writer.mem;
    size_t size = writer.size;
    uint8_t *bytes = malloc(size ? size : 1);
    if (bytes == NULL) {
        WebPMemoryWriterClear(&writer);
        set_error(error, error_size, "out of memory");
        return -1;
    }
    memcpy(bytes, webp, size);
    WebPMemoryWriterClear(&writer);
    *out = bytes;
    *out_length = size;
    return 0;
}

/** Whether `pixels` can be read: rows of at least width * 4 bytes. */
static int has_pixels(const easel_image_pixels *pixels) {
    return pixels != NULL && pixels->data != NULL && pixels->width > 0 && pixels->height > 0
        && pixels->stride >= pixels->width * 4;
}

int easel_encode_png_over(const easel_image_pixels *pixels, uint32_t background, int compression, uint8_t **out,
                          size_t *out_length, char *error, size_t error_size) {
    if (!has_pixels(pixels) || out == NULL || out_length == NULL) {
        set_error(error, error_size, "no pixels to encode");
        return -1;
    }
    const png_source source = {.pixels = pixels, .has_background = 1, .background = background};
    return encode_png(&source, compression, out, out_length, error, error_size);
}

int easel_encode_image(const easel_image_pixels *pixels, easel_image_format format, int compression, int quality,
                       uint8_t **out, size_t *out_length, char *error, size_t error_size) {
    if (!has_pixels(pixels) || out == NULL || out_length == NULL) {
        set_error(error, error_size, "no pixels to encode");
        return -1;
    }
    if (quality < 1 || quality > 100) {
        set_error(error, error_size, "quality %d is out of range 1 to 100", quality);
        return -1;
    }
    switch (format) {
    case EASEL_IMAGE_FORMAT_PNG: {
        const png_source source = {.pixels = pixels};
        return encode_png(&source, compression, out, out_length, error, error_size);
    }
    case EASEL_IMAGE_FORMAT_JPEG: return encode_jpeg(pixels, quality, out, out_length, error, error_size);
    case EASEL_IMAGE_FORMAT_WEBP: return encode_webp(pixels, quality, out, out_length, error, error_size);
    default: break;   /* GIF and SVG are decoded only */
    }
    set_error(error, error_size, "unknown image format %d", (int)format);
    return -1;
}

int easel_decode_png_rgba8(const uint8_t *png, size_t length, uint8_t **out, uint32_t *width, uint32_t *height) {
    spng_ctx *context = spng_ctx_new(0);
    if (context == NULL) return SPNG_EMEM;
    size_t size = 0;
    struct spng_ihdr header;
    int status = spng_set_png_buffer(context, png, length);
    if (status == 0) status = spng_set_image_limits(context, 32768, 32768);
    if (status == 0) status = spng_get_ihdr(context, &header);
    if (status == 0) status = spng_decoded_image_size(context, SPNG_FMT_RGBA8, &size);
    uint8_t *pixels = NULL;
    if (status == 0) {
        pixels = malloc(size ? size : 1);
        if (pixels == NULL) status = SPNG_EMEM;
    }
    if (status == 0) status = spng_decode_image(context, pixels, size, SPNG_FMT_RGBA8, 0);
    spng_ctx_free(context);
    if (status != 0) {
        free(pixels);
        return status;
    }
    *out = pixels;
    *width = header.width;
    *height = header.height;
    return 0;
}

// ---- Decoding ----

/** cairo's premultiplication (cairo-png.c, multiply_alpha). */
static inline uint32_t premultiply(uint32_t alpha, uint32_t color) {
    uint32_t temp = alpha * color + 0x80;
    return (temp + (temp >> 8)) >> 8;
}

/** Turns un-premultiplied RGBA bytes (in place, 4 a pixel) into cairo's ARGB32 words. */
static void rgba_to_argb32(uint32_t *pixels, size_t count) {
    uint8_t *bytes = (uint8_t *)pixels;
    for (size_t index = 0; index < count; index++) {
        uint8_t *pixel = bytes + index * 4;
        uint32_t alpha = pixel[3];
        uint32_t red = pixel[0], green = pixel[1], blue = pixel[2];
        if (alpha != 0xff) {
            red = premultiply(alpha, red);
            green = premultiply(alpha, green);
            blue = premultiply(alpha, blue);
        }
        pixels[index] = alpha << 24 | red << 16 | green << 8 | blue;
    }
}

static int check_size(uint32_t width, uint32_t height, const char *name, char *error, size_t error_size) {
    if (width == 0 || height == 0 || width > EASEL_DECODE_MAX_SIDE || height > EASEL_DECODE_MAX_SIDE
        || (uint64_t)width * height > EASEL_DECODE_MAX_PIXELS) {
        set_error(error, error_size, "%s image of %u x %u pixels is too large (at most %d a side and %u pixels)", name,
                  width, height, EASEL_DECODE_MAX_SIDE, EASEL_DECODE_MAX_PIXELS);
        return -1;
    }
    return 0;
}

static int decode_png(const uint8_t *bytes, size_t length, easel_decoded_image *out, char *error, size_t error_size) {
    spng_ctx *context = spng_ctx_new(0);
    if (context == NULL) {
        set_error(error, error_size, "out of memory");
        return -1;
    }
    struct spng_ihdr header;
    size_t size = 0;
    int status = spng_set_png_buffer(context, bytes, length);
    if (status == 0) status = spng_set_image_limits(context, EASEL_DECODE_MAX_SIDE, EASEL_DECODE_MAX_SIDE);
    if (status == 0) status = spng_set_chunk_limits(context, 64u * 1024u * 1024u, 64u * 1024u * 1024u);
    if (status == 0) status = spng_get_ihdr(context, &header);
    if (status != 0) {
        spng_ctx_free(context);
        set_error(error, error_size, "corrupt PNG image: %s", spng_strerror(status));
        return -1;
    }
    if (check_size(header.width, header.height, "PNG", error, error_size) != 0) {
        spng_ctx_free(context);
        return -1;
    }
    status = spng_decoded_image_size(context, SPNG_FMT_RGBA8, &size);
    uint32_t *pixels = NULL;
    if (status == 0 && size != (size_t)header.width * header.height * 4) status = SPNG_EINTERNAL;
    if (status == 0) {
        pixels = malloc(size);
        if (pixels == NULL) status = SPNG_EMEM;
    }
    if (status == 0) status = spng_decode_image(context, pixels, size, SPNG_FMT_RGBA8, SPNG_DECODE_TRNS);
    spng_ctx_free(context);
    if (status != 0) {
        free(pixels);
        set_error(error, error_size, "corrupt PNG image: %s", spng_strerror(status));
        return -1;
    }
    rgba_to_argb32(pixels, (size_t)header.width * header.height);
    out->pixels = pixels;
    out->width = (int32_t)header.width;
    out->height = (int32_t)header.height;
    out->format = EASEL_IMAGE_FORMAT_PNG;
    return 0;
}

static int decode_jpeg(const uint8_t *bytes, size_t length, easel_decoded_image *out, char *error, size_t error_size) {
    tjhandle handle = tjInitDecompress();
    if (handle == NULL) {
        set_error(error, error_size, "out of memory");
        return -1;
    }
    int width = 0, height = 0, subsampling = 0, colorspace = 0;
    if (tjDecompressHeader3(handle, bytes, (unsigned long)length, &width, &height, &subsampling, &colorspace) != 0) {
        set_error(error, error_size, "corrupt JPEG image: %s", tjGetErrorStr2(handle));
        tjDestroy(handle);
        return -1;
    }
    if (width <= 0 || height <= 0 || check_size((uint32_t)width, (uint32_t)height, "JPEG", error, error_size) != 0) {
        if (width <= 0 || height <= 0) set_error(error, error_size, "corrupt JPEG image: no pixels");
        tjDestroy(handle);
        return -1;
    }
    uint32_t *pixels = malloc((size_t)width * (size_t)height * 4);
    if (pixels == NULL) {
        set_error(error, error_size, "out of memory");
        tjDestroy(handle);
        return -1;
    }
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const int format = TJPF_BGRA;
#else
    const int format = TJPF_ARGB;
#endif
    // A truncated file is an error, not a picture with grey at the bottom.
    if (tjDecompress2(handle, bytes, (unsigned long)length, (unsigned char *)pixels, width, 0, height, format,
                      TJFLAG_STOPONWARNING) != 0) {
        set_error(error, error_size, "corrupt JPEG image: %s", tjGetErrorStr2(handle));
        free(pixels);
        tjDestroy(handle);
        return -1;
    }
    tjDestroy(handle);
    out->pixels = pixels;
    out->width = width;
    out->height = height;
    out->format = EASEL_IMAGE_FORMAT_JPEG;
    return 0;
}

/* The first frame of an animated WebP, composited on its canvas as a player shows it (libwebpdemux). */
static int decode_animated_webp(const uint8_t *bytes, size_t length, easel_decoded_image *out, char *error,
                                size_t error_size) {
    WebPAnimDecoderOptions options;
    if (!WebPAnimDecoderOptionsInit(&options)) {
        set_error(error, error_size, "WebP decoding failed: libwebp version mismatch");
        return -1;
    }
    options.color_mode = MODE_RGBA;
    options.use_threads = 0;
    WebPData data = { bytes, length };
    WebPAnimDecoder *decoder = WebPAnimDecoderNew(&data, &options);
    if (decoder == NULL) {
        set_error(error, error_size, "corrupt animated WebP image: its frames cannot be read");
        return -1;
    }
    WebPAnimInfo info;
    if (!WebPAnimDecoderGetInfo(decoder, &info)) {
        set_error(error, error_size, "corrupt animated WebP image: the header cannot be read");
        WebPAnimDecoderDelete(decoder);
        return -1;
    }
    if (check_size(info.canvas_width, info.canvas_height, "WebP", error, error_size) != 0) {
        WebPAnimDecoderDelete(decoder);
        return -1;
    }
    uint8_t *frame = NULL;
    int timestamp = 0;
    if (info.frame_count < 1 || !WebPAnimDecoderGetNext(decoder, &frame, &timestamp) || frame == NULL) {
        set_error(error, error_size, "corrupt animated WebP image: the first frame cannot be decoded");
        WebPAnimDecoderDelete(decoder);
        return -1;
    }
    size_t count = (size_t)info.canvas_width * (size_t)info.canvas_height;
    uint32_t *pixels = malloc(count * 4);
    if (pixels == NULL) {
        set_error(error, error_size, "out of memory");
        WebPAnimDecoderDelete(decoder);
        return -1;
    }
    memcpy(pixels, frame, count * 4);
    WebPAnimDecoderDelete(decoder);
    rgba_to_argb32(pixels, count);
    out->pixels = pixels;
    out->width = (int)info.canvas_width;
    out->height = (int)info.canvas_height;
    out->format = EASEL_IMAGE_FORMAT_WEBP;
    return 0;
}

static int decode_webp(const uint8_t *bytes, size_t length, easel_decoded_image *out, char *error, size_t error_size) {
    WebPBitstreamFeatures features;
    if (WebPGetFeatures(bytes, length, &features) == VP8_STATUS_OK && features.has_animation) {
        return decode_animated_webp(bytes, length, out, error, error_size);
    }
    int width = 0, height = 0;
    if (!WebPGetInfo(bytes, length, &width, &height)) {
        set_error(error, error_size, "corrupt WebP image: the header cannot be read");
        return -1;
    }
    if (check_size((uint32_t)width, (uint32_t)height, "WebP", error, error_size) != 0) return -1;
    size_t size = (size_t)width * (size_t)height * 4;
    uint32_t *pixels = malloc(size);
    if (pixels == NULL) {
        set_error(error, error_size, "out of memory");
        return -1;
    }
    if (WebPDecodeRGBAInto(bytes, length, (uint8_t *)pixels, size, width * 4) == NULL) {
        set_error(error, error_size, "corrupt WebP image: the pixels cannot be decoded");
        free(pixels);
        return -1;
    }
    rgba_to_argb32(pixels, (size_t)width * (size_t)height);
    out->pixels = pixels;
    out->width = width;
    out->height = height;
    out->format = EASEL_IMAGE_FORMAT_WEBP;
    return 0;
}

typedef struct {
    const uint8_t *bytes;
    size_t length;
    size_t offset;
} gif_source;

static int gif_read(GifFileType *gif, GifByteType *buffer, int wanted) {
    gif_source *source = gif->UserData;
    if (wanted <= 0) return 0;
    size_t left = source->length - source->offset;
    size_t count = (size_t)wanted < left ? (size_t)wanted : left;
    memcpy(buffer, source->bytes + source->offset, count);
    source->offset += count;
    return (int)count;
}

static int gif_failure(GifFileType *gif, const char *reason, char *error, size_t error_size) {
    set_error(error, error_size, "corrupt GIF image: %s", reason != NULL ? reason : GifErrorString(gif->Error));
    int status = 0;
    DGifCloseFile(gif, &status);
    return -1;
}

/**
 * Decodes a GIF's first frame. giflib is driven record by record, so that the
 * frame's size is checked before any of its pixels are decoded (a small file
 * can declare a huge frame).
 */
static int decode_gif(const uint8_t *bytes, size_t length, easel_decoded_image *out, char *error, size_t error_size) {
    gif_source source = {bytes, length, 0};
    int status = 0;
    GifFileType *gif = DGifOpen(&source, gif_read, &status);
    if (gif == NULL) {
        set_error(error, error_size, "corrupt GIF image: %s", GifErrorString(status));
        return -1;
    }
    if (check_size((uint32_t)(gif->SWidth > 0 ? gif->SWidth : 0), (uint32_t)(gif->SHeight > 0 ? gif->SHeight : 0),
                   "GIF", error, error_size) != 0) {
        DGifCloseFile(gif, &status);
        return -1;
    }
    int transparent = NO_TRANSPARENT_COLOR;
    GifRecordType record = UNDEFINED_RECORD_TYPE;
    int found = 0;
    // Every record consumes input, so this ends with the file.
    while (!found) {
        if (DGifGetRecordType(gif, &record) == GIF_ERROR) return gif_failure(gif, NULL, error, error_size);
        if (record == TERMINATE_RECORD_TYPE) return gif_failure(gif, "no frame", error, error_size);
        if (record == EXTENSION_RECORD_TYPE) {
            int code = 0;
            GifByteType *block = NULL;
            if (DGifGetExtension(gif, &code, &block) == GIF_ERROR) return gif_failure(gif, NULL, error, error_size);
            GraphicsControlBlock control;
            if (code == GRAPHICS_EXT_FUNC_CODE && block != NULL && block[0] >= 4
                && DGifExtensionToGCB(block[0], block + 1, &control) == GIF_OK) {
                transparent = control.TransparentColor;
            }
            while (block != NULL) {
                if (DGifGetExtensionNext(gif, &block) == GIF_ERROR) return gif_failure(gif, NULL, error, error_size);
            }
        } else if (record == IMAGE_DESC_RECORD_TYPE) {
            if (DGifGetImageDesc(gif) == GIF_ERROR) return gif_failure(gif, NULL, error, error_size);
            found = 1;
        }
    }
    const GifImageDesc *frame = &gif->Image;
    int32_t frame_width = frame->Width, frame_height = frame->Height;
    if (frame_width <= 0 || frame_height <= 0) return gif_failure(gif, "an empty frame", error, error_size);
    if (check_size((uint32_t)frame_width, (uint32_t)frame_height, "GIF frame", error, error_size) != 0) {
        DGifCloseFile(gif, &status);
        return -1;
    }
    const ColorMapObject *map = frame->ColorMap != NULL ? frame->ColorMap : gif->SColorMap;
    if (map == NULL) return gif_failure(gif, "no colour map", error, error_size);
    int32_t width = gif->SWidth, height = gif->SHeight;
    // Outside the first frame's rect the image is transparent, as browsers show it.
    uint32_t *pixels = calloc((size_t)width * (size_t)height, 4);
    GifPixelType *line = malloc((size_t)frame_width);
    if (pixels == NULL || line == NULL) {
        free(pixels);
        free(line);
        set_error(error, error_size, "out of memory");
        DGifCloseFile(gif, &status);
        return -1;
    }
    // Interlaced rows come in four passes: every 8th from 0, every 8th from 4, every 4th from 2, every 2nd from 1.
    static const int32_t starts[4] = {0, 4, 2, 1}, steps[4] = {8, 8, 4, 2};
    int passes = frame->Interlace ? 4 : 1;
    for (int pass = 0; pass < passes; pass++) {
        int32_t first = frame->Interlace ? starts[pass] : 0, step = frame->Interlace ? steps[pass] : 1;
        for (int32_t y = first; y < frame_height; y += step) {
            if (DGifGetLine(gif, line, frame_width) == GIF_ERROR) {
                free(pixels);
                free(line);
                return gif_failure(gif, NULL, error, error_size);
            }
            int32_t row = frame->Top + y;
            if (row < 0 || row >= height) continue;
            for (int32_t x = 0; x < frame_width; x++) {
                int32_t column = frame->Left + x;
                int index = line[x];
                if (column < 0 || column >= width || index == transparent || index >= map->ColorCount) continue;
                GifColorType color = map->Colors[index];
                pixels[(size_t)row * (size_t)width + (size_t)column] =
                    0xff000000u | (uint32_t)color.Red << 16 | (uint32_t)color.Green << 8 | color.Blue;
            }
        }
    }
    free(line);
    DGifCloseFile(gif, &status);
    out->pixels = pixels;
    out->width = width;
    out->height = height;
    out->format = EASEL_IMAGE_FORMAT_GIF;
    return 0;
}

/*
 * librsvg, loaded the first time an SVG image is decoded. Linked, it costs
 * every easel process about 10 M instructions of start-up (librsvg's own
 * relocations, gio and gdk-pixbuf) that only SVG decoding needs. These are
 * the few declarations used, as librsvg (2.52 and later) and GLib declare
 * them: RsvgHandle and GObject are opaque, gsize is size_t, gboolean is int,
 * GError starts with a 32-bit GQuark, an int code and the message.
 */
typedef struct easel_gerror { uint32_t domain; int code; char *message; } easel_gerror;
typedef struct easel_rsvg_rectangle { double x, y, width, height; } easel_rsvg_rectangle;

static struct {
    void *(*new_from_data)(const uint8_t *data, size_t length, easel_gerror **error);
    int (*intrinsic_size_in_pixels)(void *handle, double *width, double *height);
    int (*render_document)(void *handle, cairo_t *context, const easel_rsvg_rectangle *viewport, easel_gerror **error);
    void (*object_unref)(void *object);
    void (*error_free)(easel_gerror *error);
    char failure[256];
} rsvg;
static pthread_once_t rsvg_once = PTHREAD_ONCE_INIT;

static void load_rsvg(void) {
    void *library = dlopen("librsvg-2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(rsvg.failure, sizeof rsvg.failure, "SVG images need librsvg (librsvg-2.so.2), which cannot be loaded: %s",
                 reason != NULL ? reason : "unknown reason");
        return;
    }
    // dlsym through the library's handle also finds its dependencies' symbols (GObject's, GLib's).
    *(void **)&rsvg.new_from_data = dlsym(library, "rsvg_handle_new_from_data");
    *(void **)&rsvg.intrinsic_size_in_pixels = dlsym(library, "rsvg_handle_get_intrinsic_size_in_pixels");
    *(void **)&rsvg.render_document = dlsym(library, "rsvg_handle_render_document");
    *(void **)&rsvg.object_unref = dlsym(library, "g_object_unref");
    *(void **)&rsvg.error_free = dlsym(library, "g_error_free");
    if (rsvg.new_from_data == NULL || rsvg.intrinsic_size_in_pixels == NULL || rsvg.render_document == NULL
        || rsvg.object_unref == NULL || rsvg.error_free == NULL) {
        snprintf(rsvg.failure, sizeof rsvg.failure,
                 "SVG images need librsvg 2.52 or later; the librsvg-2.so.2 found lacks its functions");
        rsvg.new_from_data = NULL;
    }
}

static int decode_svg(const uint8_t *bytes, size_t length, double scale, easel_decoded_image *out, char *error,
                      size_t error_size) {
    pthread_once(&rsvg_once, load_rsvg);
    if (rsvg.new_from_data == NULL) {
        set_error(error, error_size, "%s", rsvg.failure);
        return -1;
    }
    easel_gerror *failure = NULL;
    void *handle = rsvg.new_from_data(bytes, length, &failure);
    if (handle == NULL) {
        set_error(error, error_size, "corrupt SVG image: %s", failure != NULL ? failure->message : "cannot be parsed");
        if (failure != NULL) rsvg.error_free(failure);
        return -1;
    }
    double css_width = 0, css_height = 0;
    if (!rsvg.intrinsic_size_in_pixels(handle, &css_width, &css_height)) {
        set_error(error, error_size, "SVG image without an absolute width and height");
        rsvg.object_unref(handle);
        return -1;
    }
    double pixel_width = ceil(css_width * scale), pixel_height = ceil(css_height * scale);
    if (!(pixel_width >= 1 && pixel_height >= 1 && pixel_width <= EASEL_DECODE_MAX_SIDE
          && pixel_height <= EASEL_DECODE_MAX_SIDE && pixel_width * pixel_height <= EASEL_DECODE_MAX_PIXELS)) {
        set_error(error, error_size, "SVG image of %g x %g pixels at scale %g is empty or too large", css_width,
                  css_height, scale);
        rsvg.object_unref(handle);
        return -1;
    }
    int32_t width = (int32_t)pixel_width, height = (int32_t)pixel_height;
    uint32_t *pixels = calloc((size_t)width * (size_t)height, 4);
    if (pixels == NULL) {
        set_error(error, error_size, "out of memory");
        rsvg.object_unref(handle);
        return -1;
    }
    cairo_surface_t *surface = cairo_image_surface_create_for_data((unsigned char *)pixels, CAIRO_FORMAT_ARGB32, width,
                                                                   height, width * 4);
    cairo_t *context = cairo_create(surface);
    easel_rsvg_rectangle viewport = {0, 0, css_width, css_height};
    cairo_scale(context, scale, scale);
    int drawn = rsvg.render_document(handle, context, &viewport, &failure);
    cairo_status_t cairo_status_value = cairo_status(context);
    cairo_destroy(context);
    cairo_surface_flush(surface);
    cairo_surface_destroy(surface);
    rsvg.object_unref(handle);
    if (!drawn || cairo_status_value != CAIRO_STATUS_SUCCESS) {
        set_error(error, error_size, "corrupt SVG image: %s",
                  failure != NULL ? failure->message : cairo_status_to_string(cairo_status_value));
        if (failure != NULL) rsvg.error_free(failure);
        free(pixels);
        return -1;
    }
    out->pixels = pixels;
    out->width = width;
    out->height = height;
    out->format = EASEL_IMAGE_FORMAT_SVG;
    return 0;
}

/** Whether the bytes look like an SVG document: `<svg` within the first 4 KB. */
static int looks_like_svg(const uint8_t *bytes, size_t length) {
    size_t limit = length < 4096 ? length : 4096;
    for (size_t index = 0; index + 4 <= limit; index++) {
        if (memcmp(bytes + index, "<svg", 4) == 0) return 1;
    }
    return 0;
}

int easel_decode_image(const uint8_t *bytes, size_t length, double svg_scale, easel_decoded_image *out, char *error,
                       size_t error_size) {
    static const uint8_t png_signature[8] = {0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a};
    if (out == NULL || (bytes == NULL && length > 0)) {
        set_error(error, error_size, "no image");
        return -1;
    }
    if (length >= 8 && memcmp(bytes, png_signature, 8) == 0) return decode_png(bytes, length, out, error, error_size);
    if (length >= 3 && bytes[0] == 0xff && bytes[1] == 0xd8 && bytes[2] == 0xff) {
        return decode_jpeg(bytes, length, out, error, error_size);
    }
    if (length >= 12 && memcmp(bytes, "RIFF", 4) == 0 && memcmp(bytes + 8, "WEBP", 4) == 0) {
        return decode_webp(bytes, length, out, error, error_size);
    }
    if (length >= 6 && (memcmp(bytes, "GIF87a", 6) == 0 || memcmp(bytes, "GIF89a", 6) == 0)) {
        return decode_gif(bytes, length, out, error, error_size);
    }
    if (looks_like_svg(bytes, length)) {
        if (!(svg_scale > 0 && svg_scale <= 16)) {
            set_error(error, error_size, "invalid SVG scale %g", svg_scale);
            return -1;
        }
        return decode_svg(bytes, length, svg_scale, out, error, error_size);
    }
    set_error(error, error_size, "not a PNG, JPEG, WebP, GIF or SVG image");
    return -1;
}
