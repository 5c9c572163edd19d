#ifndef EASEL_CGLIB_SHIM_H
#define EASEL_CGLIB_SHIM_H
/* GLib's GChecksum, for the SHA-256 digests of plugin allow-lists (GLib is
 * loaded under Pango in every Easel process anyway).
 *
 * The four functions are declared here, under names of Easel's own bound to
 * GLib's symbols by asm labels, rather than by including <glib.h>: this
 * header then compiles alone (glib.h needs pkg-config's include folders) and
 * cannot clash with the glib.h that Pango's and cairo's headers bring into the
 * same module graph. They are GLib's declarations since 2.16
 * (glib/gchecksum.h), ABI-stable: G_CHECKSUM_SHA256 is 2, and gssize has the
 * size of ptrdiff_t on every ABI GLib builds for. The module map links
 * glib-2.0; TrustTests check the digests against the standard vectors. */
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A running checksum (GLib's GChecksum). */
struct easel_g_checksum;

/** GLib's G_CHECKSUM_SHA256. */
enum { EASEL_G_CHECKSUM_SHA256 = 2 };

/** g_checksum_new: a new checksum of `type`; NULL only for an unknown type. */
struct easel_g_checksum *easel_g_checksum_new(int type) __asm__("g_checksum_new");
/** g_checksum_update: feeds `length` bytes (-1: a NUL-terminated string). */
void easel_g_checksum_update(struct easel_g_checksum *checksum, const unsigned char *data,
                             ptrdiff_t length) __asm__("g_checksum_update");
/** g_checksum_get_string: the digest as lowercase hexadecimal, owned by the checksum. */
const char *easel_g_checksum_get_string(struct easel_g_checksum *checksum) __asm__("g_checksum_get_string");
/** g_checksum_free. */
void easel_g_checksum_free(struct easel_g_checksum *checksum) __asm__("g_checksum_free");

#ifdef __cplusplus
}
#endif

#endif
