// Socket addresses: IPv4, IPv6 (with scope ids), unix paths and Linux abstract
// names. Parsing never resolves names — that is dns.h's job — so it is pure
// and fuzzable.
#pragma once

#include <sys/socket.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "gust/base/result.h"

namespace gust::net {

class Address {
public:
    Address() = default;

    // "1.2.3.4:80", "[::1]:8080", "[fe80::1%lo]:80", "unix:/run/x.sock", "/run/x.sock", "@abstract".
    static Result<Address> parse(std::string_view text);
    // An IP literal (v4 or v6, no brackets; "%scope" allowed for v6) and a port.
    static Result<Address> from_ip(std::string_view ip, uint16_t port);
    // A unix socket path; a leading '@' means the abstract namespace.
    static Result<Address> from_unix(std::string_view path);
    static Address from_sockaddr(const sockaddr *sa, socklen_t len);

    int family() const { return storage_.ss_family; }
    bool is_ip() const { return family() == AF_INET || family() == AF_INET6; }
    bool valid() const { return len_ > 0; }
    uint16_t port() const;
    void set_port(uint16_t port);
    // The IP without port ("::1"), or the unix path ("@name" when abstract).
    std::string host() const;
    // Inverse of parse(): parse(a.to_string()) == a.
    std::string to_string() const;

    const sockaddr *sockaddr_ptr() const { return reinterpret_cast<const sockaddr *>(&storage_); }
    sockaddr *sockaddr_ptr() { return reinterpret_cast<sockaddr *>(&storage_); }
    socklen_t length() const { return len_; }
    socklen_t *length_ptr() { return &len_; }
    static constexpr socklen_t capacity() { return sizeof(sockaddr_storage); }

    bool operator==(const Address &other) const;

private:
    sockaddr_storage storage_{};
    socklen_t len_ = 0;
};

// Splits "host:port" / "[v6]:port"; the host keeps no brackets. kErrInvalid on a bad port.
Result<std::pair<std::string, uint16_t>> split_host_port(std::string_view text);

}  // namespace gust::net
