#ifndef EASEL_CRSVG_SHIM_H
#define EASEL_CRSVG_SHIM_H
#include <librsvg/rsvg.h>
#endif
