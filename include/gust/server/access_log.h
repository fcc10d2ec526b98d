// HTTP access log lines (access_log, access_log_format): Common Log Format, Combined, or one JSON
// object a line, and the buffer a worker writes them through. Never calls PHP.
//
// The buffer is the worker's own: lines gather in memory and go to the file in one write when
// 64 KiB collected, on the embedder's timer (flush()), and when the worker ends — so a request
// never waits for the disk, and a line is never split between two writes (O_APPEND keeps the
// workers' lines whole when they share the file).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "gust/base/clock.h"
#include "gust/base/result.h"

namespace gust::server {

enum class AccessFormat : int { kCommon, kCombined, kJson };
// "common", "combined", "json"; false for another name.
bool access_format_from_name(std::string_view name, AccessFormat *out);

struct AccessRecord {
    std::string_view remote_addr;
    Nanos wall_time = 0;  // when the response ended (CLOCK_REALTIME)
    std::string_view method;
    std::string_view target;  // as the request line gave it
    int version_minor = 1;
    int status = 200;
    uint64_t bytes = 0;  // response bytes sent
    Nanos duration = 0;
    std::string_view referer;
    std::string_view user_agent;
    int pid = 0;
    int worker_id = -1;
};

// One line, newline included.
std::string format_access(const AccessRecord &r, AccessFormat format);

class AccessLog {
public:
    static constexpr size_t kFlushAt = 64 * 1024;
    AccessLog() = default;
    ~AccessLog();  // flushes and closes
    AccessLog(const AccessLog &) = delete;
    AccessLog &operator=(const AccessLog &) = delete;

    // Opens (creates) `path` for appending. The error is an errno.
    Status open(const std::string &path);
    bool is_open() const { return fd_ >= 0; }
    void append(std::string_view line);
    // Writes what is buffered; false when the write failed (the lines are dropped).
    bool flush();
    size_t buffered() const { return buffer_.size(); }

private:
    int fd_ = -1;
    std::string buffer_;
};

}  // namespace gust::server
