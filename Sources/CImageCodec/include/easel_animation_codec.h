#ifndef EASEL_ANIMATION_CODEC_H
#define EASEL_ANIMATION_CODEC_H

/*
 * Animated images, encoded frame by frame as they come: an animated WebP
 * (libwebp's WebPAnimEncoder, libwebpmux) or an animated GIF (giflib's
 * encoder, with the median-cut quantiser of animation_codec.c). Host-only:
 * not part of the plugin ABI.
 *
 * Memory does not grow with the number of frames. The GIF writer keeps two
 * frames of pixels and one frame of palette indices, and writes each frame
 * to the file as soon as the next one shows how the previous must be
 * disposed of. The WebP writer keeps libwebp's encoder, which holds its
 * canvases and the compressed frames (small: each is the changed rectangle)
 * until the end, when the file is assembled and written.
 *
 * Pixels are cairo's ARGB32 (premultiplied), as in easel_image_codec.h.
 */

#include "easel_image_codec.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The animated file format. */
typedef enum {
    /** Animated WebP: frame times in milliseconds. */
    EASEL_ANIMATION_WEBP = 0,
    /** Animated GIF (GIF89a): frame times in centiseconds. */
    EASEL_ANIMATION_GIF = 1,
} easel_animation_format;

/** The largest width or height of an animated WebP (libwebp's limit). */
#define EASEL_ANIMATION_WEBP_MAX_SIDE 16383
/** The largest width or height of an animated GIF (16-bit fields). */
#define EASEL_ANIMATION_GIF_MAX_SIDE 65535
/** The most times an animation can play (a 16-bit loop count). */
#define EASEL_ANIMATION_MAX_LOOPS 65535

/** How an animation is opened. */
typedef struct {
    easel_animation_format format;
    /** The size of every frame, in pixels. */
    int32_t width;
    int32_t height;
    /**
     * How many times the animation plays: 0 forever, else 1 to
     * EASEL_ANIMATION_MAX_LOOPS. WebP stores it as is; GIF stores one less in
     * its NETSCAPE2.0 block (browsers play a GIF one time more than that
     * block says), and no block at all for 1.
     */
    int32_t loop_count;
    /** WebP only: 100 lossless, 1 to 99 lossy at that quality. */
    int32_t quality;
    /** The open file the animation is written to; never closed by the writer. */
    int file_descriptor;
} easel_animation_options;

/** An animation being written (opaque). */
typedef struct easel_animation easel_animation;

/**
 * Starts an animation: a GIF writes its header at once.
 *
 * @param error  On failure, a message (NUL-terminated, truncated to error_size),
 *               e.g. the system's reason for a failed write.
 * @return The animation, or NULL on failure.
 */
easel_animation *easel_animation_new(const easel_animation_options *options, char *error, size_t error_size);

/**
 * Adds a frame of options->width x options->height pixels, shown for `delay`
 * ticks (milliseconds for WebP, centiseconds for GIF; 0 or more).
 *
 * A frame identical to the one before it is merged into it: the earlier
 * frame is shown for the sum of their delays (both formats; libwebp does the
 * same). A GIF frame longer than 65535 cs is split into frames of at most that.
 *
 * @return 0 on success, -1 on failure (the animation then only accepts easel_animation_free).
 */
int easel_animation_add(easel_animation *animation, const easel_image_pixels *pixels, int64_t delay, char *error,
                        size_t error_size);

/**
 * Writes the rest of the file: the last GIF frame and the trailer, or the whole
 * WebP. Does not sync or close the file.
 *
 * @return 0 on success, -1 on failure.
 */
int easel_animation_finish(easel_animation *animation, char *error, size_t error_size);

/** The number of frames added so far; for a GIF, after merging identical ones and splitting long ones. */
int64_t easel_animation_frame_count(const easel_animation *animation);

/** Frees the animation; the file descriptor stays open. NULL is ignored. */
void easel_animation_free(easel_animation *animation);

/**
 * The median-cut quantiser behind the GIF writer, for tests: maps `count`
 * opaque colours (0xRRGGBB in the low 24 bits, the top byte ignored) to at
 * most `max_colors` palette entries (1 to 256).
 *
 * With at most `max_colors` distinct colours, each keeps its exact value.
 *
 * @param palette  Receives the palette, 0xRRGGBB, at least max_colors entries.
 * @param indices  Receives each colour's index into the palette, `count` entries.
 * @return The number of palette entries, or -1 when out of memory.
 */
int easel_quantize_colors(const uint32_t *colors, size_t count, int max_colors, uint32_t *palette, uint8_t *indices);

#ifdef __cplusplus
}
#endif

#endif
