#include "gust/base/log.h"

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <ctime>

#include "gust/base/clock.h"

namespace gust {

static std::atomic<int> g_level{static_cast<int>(LogLevel::kInfo)};
static std::atomic<int> g_fd{2};
static std::atomic<int> g_format{static_cast<int>(LogFormat::kText)};
// Per thread: a THREAD server's worker threads log their own id; a forked worker keeps its thread's.
static thread_local int g_worker_id = -1;

void log_set_level(LogLevel level) { g_level.store(static_cast<int>(level), std::memory_order_relaxed); }
LogLevel log_level() { return static_cast<LogLevel>(g_level.load(std::memory_order_relaxed)); }
void log_set_fd(int fd) { g_fd.store(fd, std::memory_order_relaxed); }
void log_set_format(LogFormat format) { g_format.store(static_cast<int>(format), std::memory_order_relaxed); }
void log_set_worker_id(int id) { g_worker_id = id; }

namespace {

const char *const kNames[] = {"DEBUG", "TRACE", "INFO", "NOTICE", "WARNING", "ERROR", "NONE"};

// Length of the valid UTF-8 sequence at s[0] (0: not one).
size_t utf8_length(const unsigned char *s, size_t left) {
    const unsigned char c = s[0];
    size_t n;
    uint32_t cp;
    if (c < 0x80) return 1;
    if ((c & 0xe0) == 0xc0) n = 2, cp = c & 0x1f;
    else if ((c & 0xf0) == 0xe0) n = 3, cp = c & 0x0f;
    else if ((c & 0xf8) == 0xf0) n = 4, cp = c & 0x07;
    else return 0;
    if (left < n) return 0;
    for (size_t i = 1; i < n; ++i) {
        if ((s[i] & 0xc0) != 0x80) return 0;
        cp = (cp << 6) | (s[i] & 0x3f);
    }
    // Overlong forms, surrogates and values past U+10FFFF are not UTF-8.
    if ((n == 2 && cp < 0x80) || (n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) || cp > 0x10ffff ||
        (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return n;
}

}  // namespace

void append_json_string(std::string &out, std::string_view s) {
    out += '"';
    const auto *p = reinterpret_cast<const unsigned char *>(s.data());
    size_t i = 0;
    while (i < s.size()) {
        const unsigned char c = p[i];
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
            ++i;
        } else if (c == '\n') {
            out += "\\n", ++i;
        } else if (c == '\r') {
            out += "\\r", ++i;
        } else if (c == '\t') {
            out += "\\t", ++i;
        } else if (c < 0x20 || c == 0x7f) {
            char buf[8];
            snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
            ++i;
        } else {
            const size_t n = utf8_length(p + i, s.size() - i);
            if (n == 0) {
                out += "\\ufffd";
                ++i;
            } else {
                out.append(s.data() + i, n);
                i += n;
            }
        }
    }
    out += '"';
}

std::string log_format_line(LogLevel level, long long now_ns, int pid, std::string_view message) {
    const time_t secs = static_cast<time_t>(now_ns / kNanosPerSecond);
    struct tm tm;
    gmtime_r(&secs, &tm);
    const long micros = static_cast<long>(now_ns % kNanosPerSecond / 1000);
    char head[96];
    std::string line;
    if (static_cast<LogFormat>(g_format.load(std::memory_order_relaxed)) == LogFormat::kJson) {
        snprintf(head, sizeof head, "{\"time\":\"%04d-%02d-%02dT%02d:%02d:%02d.%06ldZ\",\"level\":\"%s\",\"pid\":%d",
                 tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, micros,
                 kNames[static_cast<int>(level)], pid);
        line = head;
        const int worker = g_worker_id;
        if (worker >= 0) line.append(",\"worker_id\":").append(std::to_string(worker));
        line.append(",\"message\":");
        append_json_string(line, message);
        line.append("}\n");
        return line;
    }
    // Swoole's layout ("[time process]\tLEVEL\tmessage"), which log readers and its tests match.
    snprintf(head, sizeof head, "[%04d-%02d-%02d %02d:%02d:%02d.%06ld pid=%d]\t%s\t", tm.tm_year + 1900, tm.tm_mon + 1,
             tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, micros, pid, kNames[static_cast<int>(level)]);
    line = head;
    line.append(message).append("\n");
    return line;
}

void log_write(LogLevel level, const char *fmt, ...) {
    char message[2048];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    if (n < 0) n = 0;
    if (n > static_cast<int>(sizeof message) - 1) n = sizeof message - 1;
    const std::string line = log_format_line(level, wall_now(), getpid(), std::string_view(message, n));
    // One write per line so concurrent writers do not interleave inside a line.
    ssize_t ignored = write(g_fd.load(std::memory_order_relaxed), line.data(), line.size());
    (void)ignored;
}

}  // namespace gust
