/* NOT A PLUGIN: preloaded into easel (LD_PRELOAD) so that libseccomp's seccomp_load fails with EPERM,
 * as where the kernel refuses seccomp filters: the isolated worker must then run no plugin code. */
#include <errno.h>

int seccomp_load(const void *ctx) {
    (void)ctx;
    return -EPERM;
}
