/* Preloaded with the ASan runtime when PHP loads the debug gust.so: PHP opens
 * extensions with RTLD_DEEPBIND, which the sanitizer runtime refuses, so this
 * shim drops that one flag and forwards to the next dlopen. Test-only. */
#define _GNU_SOURCE
#include <dlfcn.h>

void *dlopen(const char *file, int mode) {
    static void *(*next_dlopen)(const char *, int);
    if (!next_dlopen) next_dlopen = (void *(*)(const char *, int))dlsym(RTLD_NEXT, "dlopen");
    return next_dlopen(file, mode & ~RTLD_DEEPBIND);
}
