#include "gust/net/address.h"

#include <arpa/inet.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sys/un.h>

#include <cstddef>
#include <cstring>

namespace gust::net {
namespace {

bool parse_port(std::string_view text, uint16_t *port) {
    if (text.empty() || text.size() > 5) return false;
    uint32_t n = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return false;
        n = n * 10 + static_cast<uint32_t>(c - '0');
    }
    if (n > 65535) return false;
    *port = static_cast<uint16_t>(n);
    return true;
}

}  // namespace

Result<std::pair<std::string, uint16_t>> split_host_port(std::string_view text) {
    std::string_view host, port_text;
    if (!text.empty() && text.front() == '[') {
        size_t close = text.find(']');
        if (close == std::string_view::npos || close + 1 >= text.size() || text[close + 1] != ':') {
            return Error{kErrInvalid};
        }
        host = text.substr(1, close - 1);
        port_text = text.substr(close + 2);
    } else {
        size_t colon = text.rfind(':');
        if (colon == std::string_view::npos) return Error{kErrInvalid};
        host = text.substr(0, colon);
        port_text = text.substr(colon + 1);
        if (host.find(':') != std::string_view::npos) return Error{kErrInvalid};  // bare IPv6 needs brackets
    }
    uint16_t port;
    if (host.empty() || !parse_port(port_text, &port)) return Error{kErrInvalid};
    return std::make_pair(std::string(host), port);
}

Result<Address> Address::from_ip(std::string_view ip, uint16_t port) {
    if (ip.empty() || ip.size() >= INET6_ADDRSTRLEN + IF_NAMESIZE) return Error{kErrInvalid};
    if (ip.find('\0') != std::string_view::npos) return Error{kErrInvalid};
    std::string text(ip);
    Address a;
    auto *v4 = reinterpret_cast<sockaddr_in *>(&a.storage_);
    if (inet_pton(AF_INET, text.c_str(), &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons(port);
        a.len_ = sizeof(sockaddr_in);
        return a;
    }
    auto *v6 = reinterpret_cast<sockaddr_in6 *>(&a.storage_);
    std::string scope;
    if (size_t pct = text.find('%'); pct != std::string::npos) {
        scope = text.substr(pct + 1);
        text.resize(pct);
        if (scope.empty()) return Error{kErrInvalid};
    }
    if (inet_pton(AF_INET6, text.c_str(), &v6->sin6_addr) != 1) return Error{kErrInvalid};
    v6->sin6_family = AF_INET6;
    v6->sin6_port = htons(port);
    if (!scope.empty()) {
        uint16_t numeric;
        unsigned index = 0;
        if (parse_port(scope, &numeric)) {
            index = numeric;
        } else {
            index = if_nametoindex(scope.c_str());
        }
        if (index == 0) return Error{kErrInvalid};
        v6->sin6_scope_id = index;
    }
    a.len_ = sizeof(sockaddr_in6);
    return a;
}

Result<Address> Address::from_unix(std::string_view path) {
    Address a;
    auto *un = reinterpret_cast<sockaddr_un *>(&a.storage_);
    un->sun_family = AF_UNIX;
    const bool abstract = !path.empty() && path.front() == '@';
    // Paths are NUL-terminated in sun_path; abstract names are length-delimited and may not hold one either.
    if (path.empty() || path.find('\0') != std::string_view::npos) return Error{kErrInvalid};
    if (path.size() >= sizeof(un->sun_path) || (abstract && path.size() < 2)) return Error{kErrInvalid};
    memcpy(un->sun_path, path.data(), path.size());
    if (abstract) un->sun_path[0] = '\0';
    a.len_ = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + path.size() + (abstract ? 0 : 1));
    return a;
}

Address Address::from_sockaddr(const sockaddr *sa, socklen_t len) {
    Address a;
    if (sa && len > 0 && len <= static_cast<socklen_t>(sizeof a.storage_)) {
        memcpy(&a.storage_, sa, len);
        a.len_ = len;
    }
    return a;
}

Result<Address> Address::parse(std::string_view text) {
    if (text.substr(0, 5) == "unix:") return from_unix(text.substr(5));
    if (!text.empty() && (text.front() == '/' || text.front() == '@')) return from_unix(text);
    auto hp = split_host_port(text);
    if (!hp.ok()) return hp.error();
    return from_ip(hp.value().first, hp.value().second);
}

uint16_t Address::port() const {
    if (family() == AF_INET) return ntohs(reinterpret_cast<const sockaddr_in *>(&storage_)->sin_port);
    if (family() == AF_INET6) return ntohs(reinterpret_cast<const sockaddr_in6 *>(&storage_)->sin6_port);
    return 0;
}

void Address::set_port(uint16_t port) {
    if (family() == AF_INET) reinterpret_cast<sockaddr_in *>(&storage_)->sin_port = htons(port);
    if (family() == AF_INET6) reinterpret_cast<sockaddr_in6 *>(&storage_)->sin6_port = htons(port);
}

std::string Address::host() const {
    char buf[INET6_ADDRSTRLEN + IF_NAMESIZE + 2] = {0};
    if (family() == AF_INET) {
        // Dotted quad by hand: inet_ntop formats with sprintf, and servers ask this per request.
        const auto *b = reinterpret_cast<const uint8_t *>(&reinterpret_cast<const sockaddr_in *>(&storage_)->sin_addr);
        char *o = buf;
        for (int i = 0; i < 4; ++i) {
            const unsigned v = b[i];
            if (v >= 100) *o++ = static_cast<char>('0' + v / 100);
            if (v >= 10) *o++ = static_cast<char>('0' + v / 10 % 10);
            *o++ = static_cast<char>('0' + v % 10);
            if (i < 3) *o++ = '.';
        }
        return std::string(buf, static_cast<size_t>(o - buf));
    }
    if (family() == AF_INET6) {
        auto *v6 = reinterpret_cast<const sockaddr_in6 *>(&storage_);
        inet_ntop(AF_INET6, &v6->sin6_addr, buf, sizeof buf);
        std::string out = buf;
        if (v6->sin6_scope_id) out += "%" + std::to_string(v6->sin6_scope_id);
        return out;
    }
    if (family() == AF_UNIX) {
        auto *un = reinterpret_cast<const sockaddr_un *>(&storage_);
        size_t n = len_ > offsetof(sockaddr_un, sun_path) ? len_ - offsetof(sockaddr_un, sun_path) : 0;
        if (n == 0) return "";
        if (un->sun_path[0] == '\0') return "@" + std::string(un->sun_path + 1, n - 1);
        return std::string(un->sun_path, strnlen(un->sun_path, n));
    }
    return "";
}

std::string Address::to_string() const {
    if (family() == AF_INET) return host() + ":" + std::to_string(port());
    if (family() == AF_INET6) return "[" + host() + "]:" + std::to_string(port());
    if (family() == AF_UNIX) return "unix:" + host();
    return "";
}

bool Address::operator==(const Address &other) const {
    return len_ == other.len_ && memcmp(&storage_, &other.storage_, len_) == 0;
}

}  // namespace gust::net
