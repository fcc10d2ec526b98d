#include "gust/base/version.h"

// tools/flags.sh defines exactly one GUST_MODE_* per build mode.
#if defined(GUST_MODE_DEBUG)
#define GUST_BUILD_MODE "debug"
#elif defined(GUST_MODE_RELEASE)
#define GUST_BUILD_MODE "release"
#elif defined(GUST_MODE_TSAN)
#define GUST_BUILD_MODE "tsan"
#elif defined(GUST_MODE_FUZZ)
#define GUST_BUILD_MODE "fuzz"
#else
// A plain `phpize && ./configure && make` (PECL, PIE): PHP's own flags, none of tools/flags.sh.
#define GUST_BUILD_MODE "phpize"
#endif

namespace gust {

const char *version() { return "0.1.0"; }
const char *build_mode() { return GUST_BUILD_MODE; }

const char *features() {
    return "epoll poll signalfd eventfd dns-thread-pool"
#if defined(__x86_64__)
           " asm-context-x86_64"
#endif
#if defined(__SANITIZE_ADDRESS__)
           " asan"
#endif
        ;
}

}  // namespace gust
