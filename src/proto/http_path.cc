// Request-target → relative file path: one percent-decoding pass, then RFC 3986
// dot-segment removal that refuses to climb above the root instead of clamping.
#include "gust/proto/http_path.h"

#include "proto/http1_chars.h"

namespace gust::proto::http {
namespace {

Error refuse(const char **reason, const char *why) {
    if (reason) *reason = why;
    return Error{-kErrProtocol};
}

std::string_view without_slashes(std::string_view s) {
    while (!s.empty() && s.front() == '/') s.remove_prefix(1);
    return s;
}

}  // namespace

Result<std::string> normalize_path(std::string_view decoded, const char **reason) {
    if (decoded.find('\0') != std::string_view::npos) return refuse(reason, "NUL in the request path");
    if (decoded.find('\\') != std::string_view::npos) return refuse(reason, "backslash in the request path");
    std::string out;
    out.reserve(decoded.size());
    size_t pos = 0;
    while (pos <= decoded.size()) {
        size_t slash = decoded.find('/', pos);
        if (slash == std::string_view::npos) slash = decoded.size();
        const std::string_view segment = decoded.substr(pos, slash - pos);
        pos = slash + 1;
        if (segment.empty() || segment == ".") continue;
        if (segment == "..") {
            if (out.empty()) return refuse(reason, "request path climbs above the document root");
            const size_t cut = out.rfind('/');
            out.resize(cut == std::string::npos ? 0 : cut);
            continue;
        }
        if (!out.empty()) out.push_back('/');
        out.append(segment);
    }
    return out;
}

Result<std::string> static_file_path(std::string_view target, const char **reason) {
    const std::string_view path = target.substr(0, target.find_first_of("?#"));
    if (path.empty() || path.front() != '/') return refuse(reason, "request target is not an absolute path");
    std::string decoded;
    decoded.reserve(path.size());
    for (size_t i = 0; i < path.size(); ++i) {
        char c = path[i];
        if (c == '%') {
            const int hi = i + 2 < path.size() ? http1::hex_value(path[i + 1]) : -1;
            const int lo = hi >= 0 ? http1::hex_value(path[i + 2]) : -1;
            if (lo < 0) return refuse(reason, "bad percent escape in the request path");
            c = static_cast<char>(hi * 16 + lo);
            i += 2;
        }
        decoded.push_back(c);
    }
    return normalize_path(decoded, reason);
}

bool location_matches(std::string_view path, std::string_view prefix) {
    path = without_slashes(path);
    prefix = without_slashes(prefix);
    while (!prefix.empty() && prefix.back() == '/') prefix.remove_suffix(1);
    if (prefix.empty()) return true;
    if (path.substr(0, prefix.size()) != prefix) return false;
    return path.size() == prefix.size() || path[prefix.size()] == '/';
}

}  // namespace gust::proto::http
