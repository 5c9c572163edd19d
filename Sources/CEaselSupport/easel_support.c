#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "easel_support.h"

__thread void *easel_support_active_registry EASEL_SUPPORT_TLS = 0;
__thread void *easel_support_current_context EASEL_SUPPORT_TLS = 0;
__thread void *easel_support_animation_context EASEL_SUPPORT_TLS = 0;

int easel_support_pipe(int fds[2], int capacity) {
    if (pipe2(fds, O_CLOEXEC) != 0) return -1;
    /* The largest buffer the system grants, from `capacity` down to the default. */
    for (int size = capacity; size > 65536; size /= 2) {
        if (fcntl(fds[0], F_SETPIPE_SZ, size) >= 0) break;
    }
    return 0;
}

int easel_support_sealable_memfd(const char *name) {
    return memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
}

int easel_support_seal(int fd) {
    return fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL);
}

#include <link.h>
#include <string.h>

static int easel_support_match_name(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    const char *name = data;
    return info->dlpi_name != NULL && strcmp(info->dlpi_name, name) == 0;
}

int easel_support_loader_knows(const char *name) {
    return dl_iterate_phdr(easel_support_match_name, (void *)name) != 0;
}

#include <dlfcn.h>

const char *easel_support_file_defining(const char *symbol) {
    void *address = dlsym(RTLD_DEFAULT, symbol);
    Dl_info info;
    if (address == NULL || dladdr(address, &info) == 0) return NULL;
    return info.dli_fname;
}
