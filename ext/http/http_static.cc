// The static file handler (enable_static_handler, document_root, static_handler_locations,
// http_index_files, http_autoindex). A path is decoded once and normalised by
// proto/http_path.h, which refuses anything climbing above the root; the file found is then
// resolved with realpath() and must still lie inside document_root, so a symlink cannot lead out.
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <ctime>
#include <random>

#include "gust/proto/http_path.h"
#include "gust/proto/http_range.h"
#include "common/mime.h"
#include "gust/proto/mime.h"
#include "http/http.h"
#include "server/send.h"

namespace gust::php::http {
namespace {

using proto::http::ByteRange;
using proto::http::parse_byte_ranges;

// realpath() of `path` when it lies inside `root` (or is root itself); empty otherwise.
std::string resolve_inside(const std::string &root, const std::string &path) {
    char buf[PATH_MAX];
    if (!realpath(path.c_str(), buf)) return {};
    std::string real(buf);
    if (real == root ||
        (real.size() > root.size() && real.compare(0, root.size(), root) == 0 && real[root.size()] == '/')) {
        return real;
    }
    return {};
}

std::string imf_date(time_t t) {
    char buf[64];
    tm g;
    gmtime_r(&t, &g);
    return std::string(buf, strftime(buf, sizeof buf, "%a, %d %b %Y %H:%M:%S GMT", &g));
}

time_t parse_imf_date(std::string_view v) {
    tm t{};
    std::string s(v);
    const char *end = strptime(s.c_str(), "%a, %d %b %Y %H:%M:%S GMT", &t);
    return end && *end == '\0' ? timegm(&t) : -1;
}

// `extra`: further header lines, each ending with CRLF (Content-Range, Accept-Ranges).
std::string head_for(int status, const char *reason, std::string_view type, size_t length, bool keep_alive,
                     time_t modified, std::string_view extra = {}) {
    std::string h = "HTTP/1.1 " + std::to_string(status) + " " + reason + "\r\nServer: swoole-http-server\r\nDate: ";
    h.append(http_date()).append("\r\n");
    h += keep_alive ? "Connection: keep-alive\r\n" : "Connection: close\r\n";
    if (modified > 0) h += "Last-Modified: " + imf_date(modified) + "\r\n";
    h += extra;
    if (status != 304) {
        if (!type.empty()) h.append("Content-Type: ").append(type).append("\r\n");
        h += "Content-Length: " + std::to_string(length) + "\r\n";
    }
    h += "\r\n";
    return h;
}

std::string html_escape(std::string_view in) {
    std::string out;
    for (char c : in) {
        switch (c) {
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '&': out += "&amp;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&#39;"; break;
            default: out += c;
        }
    }
    return out;
}

std::string url_escape(std::string_view in) {
    static const char hex[] = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : in) {
        if (isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

// An HTML list of the directory's entries (http_autoindex).
std::string listing(const std::string &dir, std::string_view url_path) {
    std::vector<std::string> names;
    if (DIR *d = opendir(dir.c_str())) {
        while (dirent *e = readdir(d)) {
            if (strcmp(e->d_name, ".") != 0) names.emplace_back(e->d_name);
        }
        closedir(d);
    }
    std::sort(names.begin(), names.end());
    std::string base(url_path);
    if (base.empty() || base.back() != '/') base += '/';
    std::string html = "<html><head><title>Index of " + html_escape(url_path) + "</title></head><body><h1>Index of " +
                       html_escape(url_path) + "</h1><ul>\n";
    for (const std::string &n : names) {
        html += "<li><a href=\"" + html_escape(base) + url_escape(n) + "\">" + html_escape(n) + "</a></li>\n";
    }
    html += "</ul></body></html>\n";
    return html;
}

// Where the answer goes: the HTTP/1.1 session itself, or (t) an HTTP/2 stream, whose Transport
// turns the same HTTP/1.1 head into HEADERS and the body into DATA frames.
struct Sink {
    srv::Server *s;
    server::SessionId fd;
    Transport *t;
    bool send(std::string_view bytes) { return t ? t->send(bytes) : srv::send_bytes_to_session(s, fd, bytes); }
    bool file(const char *path, int file_fd, off_t offset, size_t length) {
        return t ? t->send_file(path, file_fd, offset, length)
                 : srv::send_file_range(s, fd, path, file_fd, offset, static_cast<zend_long>(length));
    }
    void done(bool ok, bool keep_alive) {
        if (t) {
            t->response_done(false);
        } else if (!ok || !keep_alive) {
            (void)srv::close_session(s, fd, false);
        }
    }
};

std::string content_range(const ByteRange &r, off_t size) {
    return "bytes " + std::to_string(r.first) + "-" + std::to_string(r.last) + "/" + std::to_string(size);
}

// RFC 9110 §13.1.5: a date must equal Last-Modified exactly; an entity-tag never matches (no ETag
// is sent). Anything else is not a validator and is ignored, as Swoole does.
bool if_range_allows(std::string_view v, time_t mtime) {
    if (v.empty()) return true;
    if (v.front() == '"' || v.substr(0, 2) == "W/") return false;
    const time_t when = parse_imf_date(v);
    return when < 0 || when == mtime;
}

std::string boundary() {
    static const char hex[] = "0123456789abcdef";
    std::random_device rd;
    std::string b;
    for (int i = 0; i < 24; ++i) b += hex[rd() & 15];
    return b;
}

// 206 with one range (Content-Range) or several (multipart/byteranges, RFC 9110 §14.6).
bool send_ranges(Sink &out, const proto::http1::RequestHead &head, const char *file, int file_fd, const struct stat &st,
                 std::string_view type, const std::vector<ByteRange> &ranges) {
    const bool body = head.method != "HEAD";
    if (ranges.size() == 1) {
        const ByteRange &r = ranges[0];
        const size_t len = static_cast<size_t>(r.last - r.first + 1);
        const std::string extra = "Content-Range: " + content_range(r, st.st_size) + "\r\n";
        bool ok = out.send(head_for(206, "Partial Content", type, len, head.keep_alive, st.st_mtime, extra));
        return ok && (!body || out.file(file, file_fd, r.first, len));
    }
    const std::string b = boundary();
    std::vector<std::string> part_heads;
    size_t total = b.size() + 6;  // "--B--\r\n"
    for (const ByteRange &r : ranges) {
        part_heads.push_back("--" + b + "\r\nContent-Type: " + std::string(type) +
                             "\r\nContent-Range: " + content_range(r, st.st_size) + "\r\n\r\n");
        total += part_heads.back().size() + static_cast<size_t>(r.last - r.first + 1) + 2;
    }
    const std::string mtype = "multipart/byteranges; boundary=" + b;
    bool ok = out.send(head_for(206, "Partial Content", mtype, total, head.keep_alive, st.st_mtime));
    for (size_t i = 0; ok && body && i < ranges.size(); ++i) {
        const ByteRange &r = ranges[i];
        ok = out.send(part_heads[i]) && out.file(file, file_fd, r.first, static_cast<size_t>(r.last - r.first + 1)) &&
             out.send("\r\n");
    }
    return ok && (!body || out.send("--" + b + "--\r\n"));
}

bool serve_file(Sink &out, const proto::http1::RequestHead &head, const std::string &file) {
    const int file_fd = open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    struct stat st;
    if (file_fd < 0 || fstat(file_fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        if (file_fd >= 0) close(file_fd);
        return false;
    }
    const time_t since = parse_imf_date(head.header("if-modified-since"));
    const bool not_modified = since >= 0 && st.st_mtime <= since;
    const std::string_view type = mime_type_of(file);
    std::vector<ByteRange> ranges;
    bool has_range = false;
    const std::string_view range = head.header("range", &has_range);
    int parsed = 0;
    if (has_range && !not_modified && if_range_allows(head.header("if-range"), st.st_mtime)) {
        parsed = parse_byte_ranges(range, st.st_size, &ranges);
    }
    bool ok;
    if (not_modified) {
        ok = out.send(head_for(304, "Not Modified", type, 0, head.keep_alive, st.st_mtime));
    } else if (parsed < 0) {
        const std::string extra = "Content-Range: bytes */" + std::to_string(st.st_size) + "\r\n";
        ok = out.send(head_for(416, "Range Not Satisfiable", {}, 0, head.keep_alive, st.st_mtime, extra));
    } else if (parsed > 0) {
        ok = send_ranges(out, head, file.c_str(), file_fd, st, type, ranges);
    } else {
        const size_t size = static_cast<size_t>(st.st_size);
        ok = out.send(head_for(200, "OK", type, size, head.keep_alive, st.st_mtime, "Accept-Ranges: bytes\r\n"));
        if (ok && head.method != "HEAD") ok = out.file(file.c_str(), file_fd, 0, size);
    }
    close(file_fd);
    out.done(ok, head.keep_alive);
    return true;
}

}  // namespace

int serve_static(srv::Server *s, server::SessionId fd, const proto::http1::RequestHead &head, Transport *t) {
    const HttpSettings &h = settings_of(s);
    if (!h.static_handler || h.document_root.empty()) return 0;
    if (head.method != "GET" && head.method != "HEAD") return 0;
    const std::string_view url_path = head.target.substr(0, head.target.find('?'));
    bool located = false;
    for (const std::string &loc : h.static_locations) located |= proto::http::location_matches(url_path, loc);
    if (!h.static_locations.empty() && !located) return 0;
    auto rel = proto::http::static_file_path(head.target);
    if (!rel.ok()) return -400;  // a path that leaves the root, NUL, bad escapes: never served, never passed on
    const std::string candidate = rel.value().empty() ? h.document_root : h.document_root + "/" + rel.value();
    Sink out{s, fd, t};
    struct stat st;
    if (lstat(candidate.c_str(), &st) != 0) {
        // Under a static_handler_locations prefix the files are the handler's alone (Swoole's rule):
        // a missing one is a 404. Without locations, the application decides.
        if (!located) return 0;
        static constexpr std::string_view kBody = "<h1>404 Not Found</h1>";
        std::string answer = head_for(404, "Not Found", "text/html", kBody.size(), head.keep_alive, 0);
        if (head.method != "HEAD") answer += kBody;
        out.done(out.send(answer), head.keep_alive);
        return 1;
    }
    const std::string real = resolve_inside(h.document_root, candidate);
    if (real.empty()) return -403;  // a symlink that points outside document_root
    if (stat(real.c_str(), &st) != 0) return 0;
    if (S_ISREG(st.st_mode)) return serve_file(out, head, real) ? 1 : 0;
    if (!S_ISDIR(st.st_mode)) return 0;
    for (const std::string &index : h.index_files) {
        const std::string file = resolve_inside(h.document_root, real + "/" + index);
        struct stat ist;
        if (!file.empty() && stat(file.c_str(), &ist) == 0 && S_ISREG(ist.st_mode)) {
            return serve_file(out, head, file) ? 1 : 0;
        }
    }
    if (!h.autoindex) return 0;
    const std::string body = listing(real, url_path);
    std::string answer = head_for(200, "OK", "text/html", body.size(), head.keep_alive, 0);
    if (head.method != "HEAD") answer += body;
    out.done(out.send(answer), head.keep_alive);
    return 1;
}

}  // namespace gust::php::http
