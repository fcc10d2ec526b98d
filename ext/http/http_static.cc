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

#include "gust/proto/http_path.h"
#include "common/mime.h"
#include "gust/proto/mime.h"
#include "http/http.h"
#include "server/send.h"

namespace gust::php::http {
namespace {

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

std::string head_for(int status, const char *reason, std::string_view type, size_t length, bool keep_alive,
                     time_t modified) {
    std::string h = "HTTP/1.1 " + std::to_string(status) + " " + reason + "\r\nServer: swoole-http-server\r\nDate: ";
    h.append(http_date()).append("\r\n");
    h += keep_alive ? "Connection: keep-alive\r\n" : "Connection: close\r\n";
    if (modified > 0) h += "Last-Modified: " + imf_date(modified) + "\r\n";
    if (status != 304) {
        h.append("Content-Type: ").append(type).append("\r\n");
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

bool serve_file(srv::Server *s, server::SessionId fd, const proto::http1::RequestHead &head, const std::string &file) {
    const int file_fd = open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    struct stat st;
    if (file_fd < 0 || fstat(file_fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        if (file_fd >= 0) close(file_fd);
        return false;
    }
    const time_t since = parse_imf_date(head.header("if-modified-since"));
    const bool not_modified = since >= 0 && st.st_mtime <= since;
    const std::string_view type = mime_type_of(file);
    const std::string h =
        not_modified ? head_for(304, "Not Modified", type, 0, head.keep_alive, st.st_mtime)
                     : head_for(200, "OK", type, static_cast<size_t>(st.st_size), head.keep_alive, st.st_mtime);
    bool ok = srv::send_bytes_to_session(s, fd, h);
    if (ok && !not_modified && head.method != "HEAD") {
        ok = srv::send_file_range(s, fd, file.c_str(), file_fd, 0, st.st_size);
    }
    close(file_fd);
    if (!ok || !head.keep_alive) (void)srv::close_session(s, fd, false);
    return true;
}

}  // namespace

int serve_static(srv::Server *s, server::SessionId fd, const proto::http1::RequestHead &head) {
    const HttpSettings &h = settings_of(s);
    if (!h.static_handler || h.document_root.empty()) return 0;
    if (head.method != "GET" && head.method != "HEAD") return 0;
    const std::string_view url_path = head.target.substr(0, head.target.find('?'));
    if (!h.static_locations.empty()) {
        bool matched = false;
        for (const std::string &loc : h.static_locations) matched |= proto::http::location_matches(url_path, loc);
        if (!matched) return 0;
    }
    auto rel = proto::http::static_file_path(head.target);
    if (!rel.ok()) return -400;  // a path that leaves the root, NUL, bad escapes: never served, never passed on
    const std::string candidate = rel.value().empty() ? h.document_root : h.document_root + "/" + rel.value();
    struct stat st;
    if (lstat(candidate.c_str(), &st) != 0) return 0;  // not a file: the application decides
    const std::string real = resolve_inside(h.document_root, candidate);
    if (real.empty()) return -403;  // a symlink that points outside document_root
    if (stat(real.c_str(), &st) != 0) return 0;
    if (S_ISREG(st.st_mode)) return serve_file(s, fd, head, real) ? 1 : 0;
    if (!S_ISDIR(st.st_mode)) return 0;
    for (const std::string &index : h.index_files) {
        const std::string file = resolve_inside(h.document_root, real + "/" + index);
        struct stat ist;
        if (!file.empty() && stat(file.c_str(), &ist) == 0 && S_ISREG(ist.st_mode)) {
            return serve_file(s, fd, head, file) ? 1 : 0;
        }
    }
    if (!h.autoindex) return 0;
    const std::string body = listing(real, url_path);
    std::string out = head_for(200, "OK", "text/html", body.size(), head.keep_alive, 0);
    if (head.method != "HEAD") out += body;
    if (!srv::send_bytes_to_session(s, fd, out) || !head.keep_alive) (void)srv::close_session(s, fd, false);
    return 1;
}

}  // namespace gust::php::http
