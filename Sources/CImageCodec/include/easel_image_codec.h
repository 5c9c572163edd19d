#ifndef EASEL_IMAGE_CODEC_H
#define EASEL_IMAGE_CODEC_H

/*
 * Encoding cairo image surfaces' pixels as PNG (libspng; a large PNG without
 * row filters is deflated by zlib in parts on several cores and framed by
 * libpng), JPEG (libjpeg-turbo) and WebP (libwebp), in memory. Host-only: not
 * part of the plugin ABI.
 *
 * Pixels are cairo's: CAIRO_FORMAT_ARGB32 (premultiplied alpha) or RGB24, one
 * native-endian 32-bit word per pixel, rows `stride` bytes apart.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The file format to encode. */
typedef enum {
    EASEL_IMAGE_FORMAT_PNG = 0,
    EASEL_IMAGE_FORMAT_JPEG = 1,
    EASEL_IMAGE_FORMAT_WEBP = 2,
    /** Decoding only: the first frame. */
    EASEL_IMAGE_FORMAT_GIF = 3,
    /** Decoding only, through librsvg. */
    EASEL_IMAGE_FORMAT_SVG = 4,
} easel_image_format;

/** How hard a PNG encoder tries (zlib level and row filters). */
typedef enum {
    /** zlib level 1, no row filter: the quickest. */
    EASEL_PNG_COMPRESSION_FAST = 0,
    /** zlib level 3, no row filter: about a fifth of the time cairo takes, files about a third larger. */
    EASEL_PNG_COMPRESSION_DEFAULT = 1,
    /** zlib level 9, the smaller of no row filter and libspng's adaptive filters: the slowest. */
    EASEL_PNG_COMPRESSION_BEST = 2,
} easel_png_compression;

/** The pixels to encode. */
typedef struct {
    /** The first row. */
    const uint8_t *data;
    int32_t width;
    int32_t height;
    /** Bytes from one row to the next, at least 4 * width. */
    int32_t stride;
    /** 1 for ARGB32 (premultiplied alpha), 0 for RGB24 (the top byte is ignored). */
    int32_t has_alpha;
} easel_image_pixels;

/**
 * Encodes pixels.
 *
 * A PNG decodes to exactly the pixels `cairo_surface_write_to_png` would
 * write: colours un-premultiplied with cairo's rounding, RGB when every pixel
 * is opaque, else RGBA. A JPEG has no alpha: a pixel that is not opaque is
 * composited over white. A WebP keeps alpha; `quality` 100 makes it lossless.
 *
 * @param pixels       The image.
 * @param format       The file format.
 * @param compression  For PNG: an easel_png_compression.
 * @param quality      For JPEG and WebP: 1 to 100.
 * @param out          On success, the file's bytes, allocated with malloc: the caller frees them.
 * @param out_length   On success, the number of bytes.
 * @param error        On failure, a message (NUL-terminated, truncated to error_size).
 * @return 0 on success, -1 on failure.
 */
int easel_encode_image(const easel_image_pixels *pixels, easel_image_format format, int compression, int quality,
                       uint8_t **out, size_t *out_length, char *error, size_t error_size);

/**
 * Encodes pixels as a PNG over a background colour: the file holds exactly
 * what `cairo_surface_write_to_png` would write for a surface painted with
 * `background` and then, with CAIRO_OPERATOR_OVER, with `pixels` (pixman's
 * rounding), without making that surface. RGB when the result is opaque.
 *
 * @param pixels       The drawing (ARGB32, premultiplied; RGB24 is opaque and hides the background).
 * @param background   The background as one premultiplied ARGB32 pixel.
 * @param compression  An easel_png_compression.
 * @param out          On success, the file's bytes, allocated with malloc: the caller frees them.
 * @param out_length   On success, the number of bytes.
 * @param error        On failure, a message (NUL-terminated, truncated to error_size).
 * @return 0 on success, -1 on failure.
 */
int easel_encode_png_over(const easel_image_pixels *pixels, uint32_t background, int compression, uint8_t **out,
                          size_t *out_length, char *error, size_t error_size);

/**
 * Decodes a PNG to 8-bit RGBA, un-premultiplied, row after row (for tests).
 *
 * @param out  On success, width * height * 4 bytes allocated with malloc: the caller frees them.
 * @return 0 on success, else libspng's error code.
 */
int easel_decode_png_rgba8(const uint8_t *png, size_t length, uint8_t **out, uint32_t *width, uint32_t *height);

/** Pixels decoded from a file: cairo's ARGB32 (premultiplied, native-endian), rows of width * 4 bytes. */
typedef struct {
    /** width * height 32-bit pixels, allocated with malloc: free them with free(). */
    uint32_t *pixels;
    int32_t width;
    int32_t height;
    /** The file's format (its first bytes, not its name). */
    easel_image_format format;
} easel_decoded_image;

/** The largest width or height easel_decode_image accepts (cairo's limit). */
#define EASEL_DECODE_MAX_SIDE 32767
/** The most pixels easel_decode_image accepts: 64 Mpx, 256 MB decoded. */
#define EASEL_DECODE_MAX_PIXELS (64u * 1024u * 1024u)

/**
 * Decodes a PNG (libspng), JPEG (libjpeg-turbo), WebP (libwebp; an animated
 * one's first frame with libwebpdemux), GIF (giflib, the first frame) or SVG
 * (librsvg) file in memory, told apart by their first
 * bytes (an SVG: `<svg` within its first 4 KB), into premultiplied ARGB32 with
 * cairo's rounding.
 *
 * @param bytes        The file's contents.
 * @param svg_scale    Pixels per point (CSS pixel) an SVG is rendered at, greater than 0.
 * @param out          On success, the pixels, size and format.
 * @param error        On failure, a message without the file's name ("corrupt PNG image: ...",
 *                     "not a PNG, JPEG, WebP, GIF or SVG image").
 * @return 0 on success, -1 on failure.
 */
int easel_decode_image(const uint8_t *bytes, size_t length, double svg_scale, easel_decoded_image *out, char *error,
                       size_t error_size);

#ifdef __cplusplus
}
#endif

#endif
