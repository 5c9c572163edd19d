#ifndef EASEL_CGIF_SHIM_H
#define EASEL_CGIF_SHIM_H
#include <gif_lib.h>
#endif
