#include "gust/base/log.h"

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <ctime>

#include "gust/base/clock.h"

namespace gust {

static std::atomic<int> g_level{static_cast<int>(LogLevel::kInfo)};
static std::atomic<int> g_fd{2};

void log_set_level(LogLevel level) { g_level.store(static_cast<int>(level), std::memory_order_relaxed); }
LogLevel log_level() { return static_cast<LogLevel>(g_level.load(std::memory_order_relaxed)); }
void log_set_fd(int fd) { g_fd.store(fd, std::memory_order_relaxed); }

void log_write(LogLevel level, const char *fmt, ...) {
    static const char *const names[] = {"DEBUG", "TRACE", "INFO", "NOTICE", "WARNING", "ERROR", "NONE"};
    char line[2048];
    Nanos now = wall_now();
    time_t secs = static_cast<time_t>(now / kNanosPerSecond);
    struct tm tm;
    gmtime_r(&secs, &tm);
    int n = snprintf(line, sizeof line, "[%04d-%02d-%02d %02d:%02d:%02d.%06ld] %s\t[%d] ", tm.tm_year + 1900,
                     tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
                     static_cast<long>(now % kNanosPerSecond / 1000), names[static_cast<int>(level)], getpid());
    va_list ap;
    va_start(ap, fmt);
    n += vsnprintf(line + n, sizeof line - n - 1, fmt, ap);
    va_end(ap);
    if (n > static_cast<int>(sizeof line) - 2) n = sizeof line - 2;
    line[n++] = '\n';
    // One write per line so concurrent writers do not interleave inside a line.
    ssize_t ignored = write(g_fd.load(std::memory_order_relaxed), line, n);
    (void)ignored;
}

}  // namespace gust
