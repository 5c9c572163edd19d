#ifndef EASEL_CPANGO_SHIM_H
#define EASEL_CPANGO_SHIM_H
#include <pango/pangocairo.h>
#endif
