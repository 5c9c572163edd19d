#ifndef EASEL_CGLIB_SHIM_H
#define EASEL_CGLIB_SHIM_H
/* GLib (already in every Easel process under Pango and cairo): GChecksum's
 * SHA-256 for plugin allow-lists. */
#include <glib.h>
#endif
