#ifndef EASEL_CPANGO_SHIM_H
#define EASEL_CPANGO_SHIM_H
#include <pango/pangocairo.h>
/* Font files registered with fontconfig (TextEngine.registerFonts). */
#include <fontconfig/fontconfig.h>
#include <pango/pangofc-fontmap.h>
#endif
