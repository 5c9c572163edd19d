#ifndef EASEL_CWEBP_SHIM_H
#define EASEL_CWEBP_SHIM_H
#include <webp/encode.h>
#include <webp/decode.h>
// Animated WebP: WebPAnimEncoder (libwebpmux) and WebPAnimDecoder (libwebpdemux).
#include <webp/mux.h>
#include <webp/demux.h>
#endif
