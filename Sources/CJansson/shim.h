#ifndef EASEL_CJANSSON_SHIM_H
#define EASEL_CJANSSON_SHIM_H
/* Jansson, the JSON reader behind EaselEncoding's JSONReader. */
#include <jansson.h>
#endif
