// Minimal levelled logging to a file descriptor (stderr by default).
// Levels follow Swoole's log_level numbering: 0 debug .. 5 none.
#pragma once

#include <cstdarg>

namespace gust {

enum class LogLevel : int { kDebug = 0, kTrace = 1, kInfo = 2, kNotice = 3, kWarning = 4, kError = 5, kNone = 6 };

void log_set_level(LogLevel level);
LogLevel log_level();
// Where log lines go; the fd is not owned.
void log_set_fd(int fd);
void log_write(LogLevel level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

}  // namespace gust

#define GUST_LOG(level, ...)                                                                                         \
    do {                                                                                                             \
        if (static_cast<int>(level) >= static_cast<int>(::gust::log_level())) ::gust::log_write(level, __VA_ARGS__); \
    } while (0)
#define GUST_LOG_WARN(...) GUST_LOG(::gust::LogLevel::kWarning, __VA_ARGS__)
#define GUST_LOG_ERROR(...) GUST_LOG(::gust::LogLevel::kError, __VA_ARGS__)
#define GUST_LOG_INFO(...) GUST_LOG(::gust::LogLevel::kInfo, __VA_ARGS__)
