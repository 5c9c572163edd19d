#ifndef EASEL_CSECCOMP_SHIM_H
#define EASEL_CSECCOMP_SHIM_H
#include <seccomp.h>
#endif
