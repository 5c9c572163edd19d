#ifndef EASEL_CWEBP_SHIM_H
#define EASEL_CWEBP_SHIM_H
#include <webp/encode.h>
#include <webp/decode.h>
#endif
