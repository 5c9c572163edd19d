#ifndef EASEL_CSPNG_SHIM_H
#define EASEL_CSPNG_SHIM_H
#include <spng.h>
#endif
