#ifndef EASEL_CTURBOJPEG_SHIM_H
#define EASEL_CTURBOJPEG_SHIM_H
#include <turbojpeg.h>
#endif
