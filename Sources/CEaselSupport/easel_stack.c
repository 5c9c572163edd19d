#define _GNU_SOURCE
#include "easel_stack.h"

#include <dlfcn.h>
#include <execinfo.h>
#include <unwind.h>

int easel_support_backtrace(void **frames, int capacity) {
    return backtrace(frames, capacity);
}

void *easel_support_enclosing_function(void *address) {
    return _Unwind_FindEnclosingFunction(address);
}

const char *easel_support_object_path(void *address) {
    Dl_info info;
    if (dladdr(address, &info) == 0) return 0;
    return info.dli_fname;
}
