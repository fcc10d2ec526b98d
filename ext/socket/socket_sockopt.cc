// Coroutine\Socket's setOption()/getOption() for the options whose value is not a plain int, in the
// shapes PHP's sockets extension takes and gives them (socket_set_option() runs setOption() under
// SWOOLE_HOOK_SOCKETS): multicast groups and interfaces, IPV6_PKTINFO, SO_BINDTODEVICE, and the
// one-byte IP_MULTICAST_TTL / _LOOP.
#include <arpa/inet.h>
#include <ifaddrs.h>
#include <netdb.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <cerrno>
#include <cstring>

#include "socket/socket_internal.h"

namespace gust::php::sock {
namespace {

constexpr int kRefused = kOptionRefused;

// An interface given as an index or a name: its index, or -1 (warning).
int interface_index(zval *v) {
    if (Z_TYPE_P(v) == IS_LONG) {
        if (Z_LVAL_P(v) >= 0) return static_cast<int>(Z_LVAL_P(v));
    } else {
        zend_string *name = zval_get_string(v);
        unsigned idx = if_nametoindex(ZSTR_VAL(name));
        zend_string_release(name);
        if (idx > 0) return static_cast<int>(idx);
        php_error_docref(nullptr, E_WARNING, "no interface with the name \"%s\"", Z_STRVAL_P(v));
        return -1;
    }
    php_error_docref(nullptr, E_WARNING, "the interface index cannot be negative");
    return -1;
}

// A link-local IPv6 literal with its zone ("fe80::1%eth0", "fe80::1%4", as recvfrom() reports a
// sender), the zone as the scope id.
bool scoped_ipv6(const char *text, sockaddr_in6 *out) {
    addrinfo hints{};
    hints.ai_family = AF_INET6;
    hints.ai_flags = AI_NUMERICHOST;
    addrinfo *res = nullptr;
    if (getaddrinfo(text, nullptr, &hints, &res) != 0 || !res) return false;
    std::memcpy(out, res->ai_addr, sizeof(*out));
    freeaddrinfo(res);
    return true;
}

// An IP literal of the socket's family into `out` (its port 0); false (warning) otherwise.
bool ip_of(int family, zval *v, const char *key, sockaddr_storage *out) {
    zend_string *text = zval_get_string(v);
    std::memset(out, 0, sizeof(*out));
    bool ok;
    if (family == AF_INET6) {
        auto *a = reinterpret_cast<sockaddr_in6 *>(out);
        a->sin6_family = AF_INET6;
        ok = inet_pton(AF_INET6, ZSTR_VAL(text), &a->sin6_addr) == 1;
        if (!ok && std::strchr(ZSTR_VAL(text), '%')) ok = scoped_ipv6(ZSTR_VAL(text), a);
    } else {
        auto *a = reinterpret_cast<sockaddr_in *>(out);
        a->sin_family = AF_INET;
        ok = inet_pton(AF_INET, ZSTR_VAL(text), &a->sin_addr) == 1;
    }
    if (!ok) php_error_docref(nullptr, E_WARNING, "\"%s\" is not an IP address (key \"%s\")", ZSTR_VAL(text), key);
    zend_string_release(text);
    return ok;
}

zval *required_key(zval *value, const char *key, const char *path) {
    zval *v = Z_TYPE_P(value) == IS_ARRAY ? zend_hash_str_find(Z_ARRVAL_P(value), key, strlen(key)) : nullptr;
    if (!v) {
        php_error_docref(nullptr, E_WARNING, "error converting user data (path: %s): The key '%s' is required", path,
                         key);
    }
    return v;
}

// MCAST_JOIN_GROUP & co: ['group' => ip, 'interface' => index|name (, 'source' => ip)].
int set_group(int fd, int family, int level, int name, zval *value) {
    bool with_source = name == MCAST_BLOCK_SOURCE || name == MCAST_UNBLOCK_SOURCE || name == MCAST_JOIN_SOURCE_GROUP ||
                       name == MCAST_LEAVE_SOURCE_GROUP;
    zval *group = required_key(value, "group", "group_req");
    zval *iface = group ? zend_hash_str_find(Z_ARRVAL_P(value), ZEND_STRL("interface")) : nullptr;
    zval *source = group && with_source ? required_key(value, "source", "group_source_req") : nullptr;
    if (!group || (with_source && !source)) return kRefused;
    int index = iface ? interface_index(iface) : 0;
    if (index < 0) return kRefused;
    if (!with_source) {
        group_req req{};
        req.gr_interface = static_cast<uint32_t>(index);
        if (!ip_of(family, group, "group", &req.gr_group)) return kRefused;
        return setsockopt(fd, level, name, &req, sizeof(req));
    }
    group_source_req req{};
    req.gsr_interface = static_cast<uint32_t>(index);
    if (!ip_of(family, group, "group", &req.gsr_group) || !ip_of(family, source, "source", &req.gsr_source))
        return kRefused;
    return setsockopt(fd, level, name, &req, sizeof(req));
}

// The index of the interface that has IPv4 address `addr` (0 for INADDR_ANY or none).
int index_of_address(in_addr addr) {
    if (addr.s_addr == htonl(INADDR_ANY)) return 0;
    ifaddrs *list = nullptr;
    if (getifaddrs(&list) != 0) return 0;
    int index = 0;
    for (ifaddrs *i = list; i && !index; i = i->ifa_next) {
        if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET) continue;
        if (reinterpret_cast<sockaddr_in *>(i->ifa_addr)->sin_addr.s_addr == addr.s_addr) {
            index = static_cast<int>(if_nametoindex(i->ifa_name));
        }
    }
    freeifaddrs(list);
    return index;
}

// The first IPv4 address of interface `index`.
bool address_of_index(int index, in_addr *out) {
    char name[IF_NAMESIZE];
    if (!if_indextoname(static_cast<unsigned>(index), name)) return false;
    ifaddrs *list = nullptr;
    if (getifaddrs(&list) != 0) return false;
    bool found = false;
    for (ifaddrs *i = list; i && !found; i = i->ifa_next) {
        if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET || std::strcmp(i->ifa_name, name) != 0) continue;
        *out = reinterpret_cast<sockaddr_in *>(i->ifa_addr)->sin_addr;
        found = true;
    }
    freeifaddrs(list);
    return found;
}

}  // namespace

int set_typed_option(int fd, int family, int level, int name, zval *value, bool *handled) {
    *handled = true;
    if (level == IPPROTO_IP || level == IPPROTO_IPV6) {
        switch (name) {
            case MCAST_JOIN_GROUP:
            case MCAST_LEAVE_GROUP:
            case MCAST_BLOCK_SOURCE:
            case MCAST_UNBLOCK_SOURCE:
            case MCAST_JOIN_SOURCE_GROUP:
            case MCAST_LEAVE_SOURCE_GROUP: return set_group(fd, family, level, name, value);
            default: break;
        }
    }
    if (level == IPPROTO_IP && name == IP_MULTICAST_IF) {
        int index = interface_index(value);
        if (index < 0) return kRefused;
        // The interface's address, as PHP sets it: getsockopt() gives the address back, which
        // get_typed_option() turns into the index again.
        in_addr addr{};
        if (index > 0 && !address_of_index(index, &addr)) {
            php_error_docref(nullptr, E_WARNING, "interface %d has no IPv4 address", index);
            return kRefused;
        }
        return setsockopt(fd, level, name, &addr, sizeof(addr));
    }
    if (level == IPPROTO_IP && (name == IP_MULTICAST_LOOP || name == IP_MULTICAST_TTL)) {
        // One byte each: LOOP takes any truthy value as 1, TTL refuses what does not fit.
        zend_long v = name == IP_MULTICAST_LOOP ? zend_is_true(value) : zval_get_long(value);
        if (v < 0 || v > 255) {
            php_error_docref(nullptr, E_WARNING, "the value must be between 0 and 255");
            return kRefused;
        }
        unsigned char byte = static_cast<unsigned char>(v);
        return setsockopt(fd, level, name, &byte, sizeof(byte));
    }
    if (level == IPPROTO_IPV6 && name == IPV6_MULTICAST_IF) {
        int index = interface_index(value);
        return index < 0 ? kRefused : setsockopt(fd, level, name, &index, sizeof(index));
    }
    if (level == IPPROTO_IPV6 && name == IPV6_PKTINFO) {
        // ['addr' => ipv6, 'ifindex' => index]
        zval *addr = required_key(value, "addr", "in6_pktinfo");
        zval *ifindex = addr ? required_key(value, "ifindex", "in6_pktinfo") : nullptr;
        if (!addr || !ifindex) return kRefused;
        in6_pktinfo info{};
        sockaddr_storage ss;
        if (!ip_of(AF_INET6, addr, "addr", &ss)) return kRefused;
        info.ipi6_addr = reinterpret_cast<sockaddr_in6 *>(&ss)->sin6_addr;
        info.ipi6_ifindex = static_cast<unsigned>(zval_get_long(ifindex));
        return setsockopt(fd, level, name, &info, sizeof(info));
    }
    if (level == SOL_SOCKET && name == SO_BINDTODEVICE && Z_TYPE_P(value) == IS_STRING) {
        return setsockopt(fd, level, name, Z_STRVAL_P(value), static_cast<socklen_t>(Z_STRLEN_P(value)));
    }
    *handled = false;
    return 0;
}

bool get_typed_option(int fd, int level, int name, zval *out, bool *handled) {
    *handled = true;
    if (level == IPPROTO_IP && name == IP_MULTICAST_IF) {
        in_addr addr{};
        socklen_t len = sizeof(addr);
        if (getsockopt(fd, level, name, &addr, &len) != 0) return false;
        ZVAL_LONG(out, index_of_address(addr));
        return true;
    }
    if (level == IPPROTO_IP && (name == IP_MULTICAST_LOOP || name == IP_MULTICAST_TTL)) {
        unsigned char byte = 0;
        socklen_t len = sizeof(byte);
        if (getsockopt(fd, level, name, &byte, &len) != 0) return false;
        ZVAL_LONG(out, byte);
        return true;
    }
    *handled = false;
    return false;
}

}  // namespace gust::php::sock
