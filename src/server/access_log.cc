#include "gust/server/access_log.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <ctime>

#include "gust/base/log.h"

namespace gust::server {
namespace {

// CLF fields may not hold a quote or a control byte: escaped as \xHH so a line stays one line.
void append_clf_field(std::string &out, std::string_view v) {
    if (v.empty()) {
        out += '-';
        return;
    }
    for (unsigned char c : v) {
        if (c == '"' || c == '\\' || c < 0x20 || c >= 0x7f) {
            char buf[8];
            snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        } else {
            out += static_cast<char>(c);
        }
    }
}

}  // namespace

bool access_format_from_name(std::string_view name, AccessFormat *out) {
    if (name == "common") *out = AccessFormat::kCommon;
    else if (name == "combined") *out = AccessFormat::kCombined;
    else if (name == "json") *out = AccessFormat::kJson;
    else return false;
    return true;
}

std::string format_access(const AccessRecord &r, AccessFormat format) {
    const time_t secs = static_cast<time_t>(r.wall_time / kNanosPerSecond);
    struct tm tm;
    gmtime_r(&secs, &tm);
    char buf[64];
    std::string out;
    if (format == AccessFormat::kJson) {
        snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%06ldZ", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                 tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<long>(r.wall_time % kNanosPerSecond / 1000));
        out += "{\"time\":\"";
        out += buf;
        out += "\",\"remote_addr\":";
        append_json_string(out, r.remote_addr);
        out += ",\"method\":";
        append_json_string(out, r.method);
        out += ",\"uri\":";
        append_json_string(out, r.target);
        snprintf(buf, sizeof buf, ",\"protocol\":\"HTTP/1.%d\",\"status\":%d", r.version_minor, r.status);
        out += buf;
        out += ",\"bytes\":" + std::to_string(r.bytes);
        snprintf(buf, sizeof buf, ",\"duration\":%.6f", static_cast<double>(r.duration) / 1e9);
        out += buf;
        out += ",\"referer\":";
        append_json_string(out, r.referer);
        out += ",\"user_agent\":";
        append_json_string(out, r.user_agent);
        out += ",\"pid\":" + std::to_string(r.pid);
        out += ",\"worker_id\":" + std::to_string(r.worker_id);
        out += "}\n";
        return out;
    }
    static const char *const kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                          "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    append_clf_field(out, r.remote_addr);
    snprintf(buf, sizeof buf, " - - [%02d/%s/%04d:%02d:%02d:%02d +0000] \"", tm.tm_mday, kMonths[tm.tm_mon],
             tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec);
    out += buf;
    append_clf_field(out, r.method);
    out += ' ';
    append_clf_field(out, r.target);
    snprintf(buf, sizeof buf, " HTTP/1.%d\" %d ", r.version_minor, r.status);
    out += buf;
    out += r.bytes ? std::to_string(r.bytes) : "-";
    if (format == AccessFormat::kCombined) {
        out += " \"";
        append_clf_field(out, r.referer);
        out += "\" \"";
        append_clf_field(out, r.user_agent);
        out += '"';
    }
    out += '\n';
    return out;
}

AccessLog::~AccessLog() {
    (void)flush();
    if (fd_ >= 0) ::close(fd_);
}

Status AccessLog::open(const std::string &path) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return Error{-errno};
    if (fd_ >= 0) ::close(fd_);
    fd_ = fd;
    return {};
}

void AccessLog::append(std::string_view line) {
    buffer_.append(line);
    if (buffer_.size() >= kFlushAt) (void)flush();
}

bool AccessLog::flush() {
    if (buffer_.empty()) return true;
    bool ok = fd_ >= 0;
    size_t done = 0;
    while (ok && done < buffer_.size()) {
        const ssize_t n = ::write(fd_, buffer_.data() + done, buffer_.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) ok = false;
        else done += static_cast<size_t>(n);
    }
    buffer_.clear();
    return ok;
}

}  // namespace gust::server
