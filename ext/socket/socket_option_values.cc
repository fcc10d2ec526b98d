// Socket options whose values are not ints, taken as PHP's sockets extension takes them (the
// Coroutine\Socket API mirrors socket_set_option()): multicast membership by group and interface,
// the multicast interface by index or name, and IPV6_PKTINFO as ['addr' => ..., 'ifindex' => ...].
#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <cerrno>
#include <cstring>

#include "socket/socket_internal.h"

using namespace gust::php::sock;

namespace {

// An interface given as an index (int) or a name (string); 0 is "any". False, with a warning, for
// a name that names nothing.
bool interface_index(zval *value, unsigned *out) {
    if (Z_TYPE_P(value) == IS_LONG) {
        if (Z_LVAL_P(value) < 0) {
            php_error_docref(nullptr, E_WARNING, "the interface index cannot be negative");
            return false;
        }
        *out = static_cast<unsigned>(Z_LVAL_P(value));
        return true;
    }
    zend_string *name = zval_get_string(value);
    *out = if_nametoindex(ZSTR_VAL(name));
    if (*out == 0) php_error_docref(nullptr, E_WARNING, "no interface with name \"%s\"", ZSTR_VAL(name));
    zend_string_release(name);
    return *out != 0;
}

// The IPv4 address of interface `index` (0: INADDR_ANY), for IP_MULTICAST_IF.
bool interface_address(unsigned index, in_addr *out) {
    out->s_addr = htonl(INADDR_ANY);
    if (index == 0) return true;
    char name[IF_NAMESIZE];
    if (!if_indextoname(index, name)) return false;
    ifaddrs *list = nullptr;
    if (getifaddrs(&list) != 0) return false;
    bool found = false;
    for (ifaddrs *i = list; i && !found; i = i->ifa_next) {
        if (i->ifa_addr && i->ifa_addr->sa_family == AF_INET && strcmp(i->ifa_name, name) == 0) {
            *out = reinterpret_cast<sockaddr_in *>(i->ifa_addr)->sin_addr;
            found = true;
        }
    }
    freeifaddrs(list);
    return found;
}

// The index of the interface holding IPv4 address `addr` (0 for INADDR_ANY or none).
unsigned interface_of(in_addr addr) {
    if (addr.s_addr == htonl(INADDR_ANY)) return 0;
    ifaddrs *list = nullptr;
    if (getifaddrs(&list) != 0) return 0;
    unsigned index = 0;
    for (ifaddrs *i = list; i && index == 0; i = i->ifa_next) {
        if (i->ifa_addr && i->ifa_addr->sa_family == AF_INET &&
            reinterpret_cast<sockaddr_in *>(i->ifa_addr)->sin_addr.s_addr == addr.s_addr) {
            index = if_nametoindex(i->ifa_name);
        }
    }
    freeifaddrs(list);
    return index;
}

// A numeric address of the family `level` implies (IPPROTO_IPV6: IPv6, else IPv4) as a sockaddr.
bool group_address(int level, zval *value, sockaddr_storage *out) {
    zend_string *text = zval_get_string(value);
    memset(out, 0, sizeof(*out));
    bool ok;
    if (level == IPPROTO_IPV6) {
        auto *a = reinterpret_cast<sockaddr_in6 *>(out);
        a->sin6_family = AF_INET6;
        ok = inet_pton(AF_INET6, ZSTR_VAL(text), &a->sin6_addr) == 1;
    } else {
        auto *a = reinterpret_cast<sockaddr_in *>(out);
        a->sin_family = AF_INET;
        ok = inet_pton(AF_INET, ZSTR_VAL(text), &a->sin_addr) == 1;
    }
    if (!ok) php_error_docref(nullptr, E_WARNING, "invalid address \"%s\"", ZSTR_VAL(text));
    zend_string_release(text);
    return ok;
}

zval *required_key(HashTable *ht, const char *key) {
    zval *v = zend_hash_str_find(ht, key, strlen(key));
    if (!v) php_error_docref(nullptr, E_WARNING, "no key \"%s\" passed in optval", key);
    return v;
}

bool is_membership(int name) {
    return name == MCAST_JOIN_GROUP || name == MCAST_LEAVE_GROUP || name == MCAST_BLOCK_SOURCE ||
           name == MCAST_UNBLOCK_SOURCE || name == MCAST_JOIN_SOURCE_GROUP || name == MCAST_LEAVE_SOURCE_GROUP;
}

// MCAST_*: ['group' => address, 'interface' => index|name] (+ 'source' for the source forms).
int set_membership(int fd, int level, int name, zval *value) {
    if (Z_TYPE_P(value) != IS_ARRAY) {
        php_error_docref(nullptr, E_WARNING, "expects an array with the keys 'group' and 'interface'");
        return EINVAL;
    }
    HashTable *ht = Z_ARRVAL_P(value);
    zval *group = required_key(ht, "group");
    zval *iface = zend_hash_str_find(ht, ZEND_STRL("interface"));
    unsigned index = 0;
    if (!group || (iface && !interface_index(iface, &index))) return EINVAL;
    const bool with_source = name != MCAST_JOIN_GROUP && name != MCAST_LEAVE_GROUP;
    if (!with_source) {
        group_req req{};
        req.gr_interface = index;
        if (!group_address(level, group, &req.gr_group)) return EINVAL;
        return setsockopt(fd, level, name, &req, sizeof(req)) == 0 ? 0 : errno;
    }
    zval *source = required_key(ht, "source");
    group_source_req req{};
    req.gsr_interface = index;
    if (!source || !group_address(level, group, &req.gsr_group) || !group_address(level, source, &req.gsr_source)) {
        return EINVAL;
    }
    return setsockopt(fd, level, name, &req, sizeof(req)) == 0 ? 0 : errno;
}

int set_pktinfo(int fd, zval *value) {
    if (Z_TYPE_P(value) != IS_ARRAY) {
        php_error_docref(nullptr, E_WARNING, "expects an array with the keys 'addr' and 'ifindex'");
        return EINVAL;
    }
    zval *addr = required_key(Z_ARRVAL_P(value), "addr");
    zval *ifindex = addr ? required_key(Z_ARRVAL_P(value), "ifindex") : nullptr;
    if (!ifindex) return EINVAL;
    sockaddr_storage ss;
    if (!group_address(IPPROTO_IPV6, addr, &ss)) return EINVAL;
    in6_pktinfo info{};
    info.ipi6_addr = reinterpret_cast<sockaddr_in6 *>(&ss)->sin6_addr;
    info.ipi6_ifindex = static_cast<unsigned>(zval_get_long(ifindex));
    return setsockopt(fd, IPPROTO_IPV6, IPV6_PKTINFO, &info, sizeof(info)) == 0 ? 0 : errno;
}

}  // namespace

bool gust::php::sock::set_structured_option(int fd, int level, int name, zval *value, int *error) {
    *error = 0;
    if ((level == IPPROTO_IP || level == IPPROTO_IPV6) && is_membership(name)) {
        *error = set_membership(fd, level, name, value);
    } else if (level == IPPROTO_IP && name == IP_MULTICAST_IF) {
        unsigned index = 0;
        in_addr addr;
        if (!interface_index(value, &index)) {
            *error = EINVAL;
        } else if (!interface_address(index, &addr)) {
            *error = EADDRNOTAVAIL;
        } else if (setsockopt(fd, IPPROTO_IP, IP_MULTICAST_IF, &addr, sizeof(addr)) != 0) {
            *error = errno;
        }
    } else if (level == IPPROTO_IPV6 && name == IPV6_MULTICAST_IF) {
        unsigned index = 0;
        if (!interface_index(value, &index)) {
            *error = EINVAL;
        } else if (setsockopt(fd, IPPROTO_IPV6, IPV6_MULTICAST_IF, &index, sizeof(index)) != 0) {
            *error = errno;
        }
    } else if (level == IPPROTO_IPV6 && name == IPV6_PKTINFO) {
        *error = set_pktinfo(fd, value);
    } else {
        return false;
    }
    return true;
}

bool gust::php::sock::get_structured_option(int fd, int level, int name, zval *out, int *error) {
    *error = 0;
    if (level == IPPROTO_IP && name == IP_MULTICAST_IF) {
        in_addr addr{};
        socklen_t len = sizeof(addr);
        if (getsockopt(fd, IPPROTO_IP, IP_MULTICAST_IF, &addr, &len) != 0) {
            *error = errno;
        } else {
            ZVAL_LONG(out, interface_of(addr));
        }
    } else {
        return false;
    }
    return true;
}
