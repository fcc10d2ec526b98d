// Minimal levelled logging to a file descriptor (stderr by default).
// Levels follow Swoole's log_level numbering: 0 debug .. 5 none.
#pragma once

#include <cstdarg>
#include <string>
#include <string_view>

namespace gust {

enum class LogLevel : int { kDebug = 0, kTrace = 1, kInfo = 2, kNotice = 3, kWarning = 4, kError = 5, kNone = 6 };

void log_set_level(LogLevel level);
LogLevel log_level();
// Where log lines go; the fd is not owned.
void log_set_fd(int fd);
void log_write(LogLevel level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

// Text lines ("[time pid=N]\tLEVEL\tmessage", Swoole's layout) or one JSON object a line
// ({"time":...,"level":...,"pid":...,"worker_id":...,"message":...}), for log collectors.
enum class LogFormat : int { kText, kJson };
void log_set_format(LogFormat format);
// The worker id JSON lines carry (-1: the master or manager, left out).
void log_set_worker_id(int id);
// Formats one line (with its newline) as log_write would at wall time `now` (for tests).
std::string log_format_line(LogLevel level, long long now_ns, int pid, std::string_view message);

// Appends `s` as a JSON string (quoted, escaped; bytes that are not UTF-8 become U+FFFD).
void append_json_string(std::string &out, std::string_view s);

}  // namespace gust

#define GUST_LOG(level, ...)                                                                                         \
    do {                                                                                                             \
        if (static_cast<int>(level) >= static_cast<int>(::gust::log_level())) ::gust::log_write(level, __VA_ARGS__); \
    } while (0)
#define GUST_LOG_WARN(...) GUST_LOG(::gust::LogLevel::kWarning, __VA_ARGS__)
#define GUST_LOG_ERROR(...) GUST_LOG(::gust::LogLevel::kError, __VA_ARGS__)
#define GUST_LOG_INFO(...) GUST_LOG(::gust::LogLevel::kInfo, __VA_ARGS__)
