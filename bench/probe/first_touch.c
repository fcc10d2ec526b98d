// First touch of fresh anonymous memory, per 4 KiB page: the floor under creating N parked
// coroutines, each of which needs at least one fresh stack page. Printed as key=value.
#include <stdio.h>
#include <sys/mman.h>
#include <time.h>

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

int main(void) {
    const size_t pages = 50000;
    char *p = mmap(NULL, pages * 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) return 1;
    double t = now_ns();
    for (size_t i = 0; i < pages; i++) p[i * 4096] = 1;
    printf("first_touch_ns_per_page=%.0f\n", (now_ns() - t) / pages);
    return 0;
}
