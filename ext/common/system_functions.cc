// Global functions of the Swoole API about the process and the VM: process name, local addresses,
// hashing, partial decoding, object lookups, name resolvers, swoole_async_set().
#include "common/module.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>

extern "C" {
#include "ext/json/php_json.h"
#include "ext/standard/php_var.h"
}

#include "zend/options.h"

ZEND_FUNCTION(swoole_async_set) {
    HashTable *settings;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ARRAY_HT(settings)
    ZEND_PARSE_PARAMETERS_END();
    // The global options with a meaning in Gust; the others tune Swoole's own runtime.
    if (gust::php::opt::find(settings, "enable_coroutine")) {
        GUST_G(enable_coroutine) = gust::php::opt::bool_of(settings, "enable_coroutine", true);
    }
    if (gust::php::opt::find(settings, "display_errors")) {
        GUST_G(display_errors) = gust::php::opt::bool_of(settings, "display_errors", true);
    }
    if (gust::php::opt::find(settings, "wait_signal")) {
        GUST_G(wait_signal) = gust::php::opt::bool_of(settings, "wait_signal", false);
    }
    RETURN_TRUE;
}

ZEND_FUNCTION(swoole_set_process_name) {
    zend_string *name;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_STR(name)
    ZEND_PARSE_PARAMETERS_END();
    auto *fn =
        static_cast<zend_function *>(zend_hash_str_find_ptr(CG(function_table), ZEND_STRL("cli_set_process_title")));
    if (!fn) {
        php_error_docref(nullptr, E_WARNING, "swoole_set_process_name() needs the CLI (cli_set_process_title())");
        RETURN_FALSE;
    }
    zval args[1], ret;
    ZVAL_STR(&args[0], name);
    zval fname;
    ZVAL_STRING(&fname, "cli_set_process_title");
    bool ok = call_user_function(nullptr, nullptr, &fname, &ret, 1, args) == SUCCESS && zend_is_true(&ret);
    zval_ptr_dtor(&fname);
    zval_ptr_dtor(&ret);
    RETURN_BOOL(ok);
}

ZEND_FUNCTION(swoole_get_local_ip) {
    ZEND_PARSE_PARAMETERS_NONE();
    struct ifaddrs *list = nullptr;
    if (getifaddrs(&list) != 0) {
        php_error_docref(nullptr, E_WARNING, "getifaddrs() failed: %s", strerror(errno));
        RETURN_FALSE;
    }
    array_init(return_value);
    for (struct ifaddrs *ifa = list; ifa; ifa = ifa->ifa_next) {
        if (!ifa->ifa_addr || !(ifa->ifa_flags & IFF_UP) || ifa->ifa_addr->sa_family != AF_INET) continue;
        if (ifa->ifa_flags & IFF_LOOPBACK) continue;
        char ip[INET_ADDRSTRLEN];
        auto *sin = reinterpret_cast<struct sockaddr_in *>(ifa->ifa_addr);
        if (!inet_ntop(AF_INET, &sin->sin_addr, ip, sizeof(ip))) continue;
        add_assoc_string(return_value, ifa->ifa_name, ip);
    }
    freeifaddrs(list);
}

ZEND_FUNCTION(swoole_get_local_mac) {
    ZEND_PARSE_PARAMETERS_NONE();
    array_init(return_value);
    struct if_nameindex *names = if_nameindex();
    if (!names) return;
    int sock = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    for (struct if_nameindex *n = names; sock >= 0 && n->if_index != 0; ++n) {
        struct ifreq req {};
        snprintf(req.ifr_name, sizeof(req.ifr_name), "%s", n->if_name);
        if (ioctl(sock, SIOCGIFFLAGS, &req) != 0 || (req.ifr_flags & IFF_LOOPBACK)) continue;
        if (ioctl(sock, SIOCGIFHWADDR, &req) != 0) continue;
        const auto *b = reinterpret_cast<const unsigned char *>(req.ifr_hwaddr.sa_data);
        char mac[18];
        snprintf(mac, sizeof(mac), "%02X:%02X:%02X:%02X:%02X:%02X", b[0], b[1], b[2], b[3], b[4], b[5]);
        add_assoc_string(return_value, n->if_name, mac);
    }
    if (sock >= 0) close(sock);
    if_freenameindex(names);
}

ZEND_FUNCTION(swoole_hashcode) {
    zend_string *data;
    zend_long type = 0;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_STR(data)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(type)
    ZEND_PARSE_PARAMETERS_END();
    if (type == 1) {
        // Bob Jenkins' one-at-a-time hash.
        uint32_t h = 0;
        for (size_t i = 0; i < ZSTR_LEN(data); ++i) {
            h += static_cast<unsigned char>(ZSTR_VAL(data)[i]);
            h += h << 10;
            h ^= h >> 6;
        }
        h += h << 3;
        h ^= h >> 11;
        h += h << 15;
        RETURN_LONG(h);
    }
    RETURN_LONG(static_cast<zend_long>(zend_hash_func(ZSTR_VAL(data), ZSTR_LEN(data))));
}

namespace {

// The part of `str` that swoole_substr_*() decode, or false after a warning-free range error
// (PHP's own decoders report bad data; a range outside the string decodes nothing).
bool substr_range(zend_string *str, zend_long offset, zend_long length, const char **begin, size_t *size) {
    const auto len = static_cast<zend_long>(ZSTR_LEN(str));
    if (offset < 0) offset += len;
    if (offset < 0 || offset >= len) return false;
    if (length <= 0 || length > len - offset) length = len - offset;
    *begin = ZSTR_VAL(str) + offset;
    *size = static_cast<size_t>(length);
    return true;
}

}  // namespace

ZEND_FUNCTION(swoole_substr_unserialize) {
    zend_string *str;
    zend_long offset, length = 0;
    HashTable *options = nullptr;
    ZEND_PARSE_PARAMETERS_START(2, 4)
        Z_PARAM_STR(str)
        Z_PARAM_LONG(offset)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(length)
        Z_PARAM_ARRAY_HT(options)
    ZEND_PARSE_PARAMETERS_END();
    const char *begin;
    size_t size;
    if (!substr_range(str, offset, length, &begin, &size)) RETURN_FALSE;
    php_unserialize_with_options(return_value, begin, size, options, "swoole_substr_unserialize");
}

ZEND_FUNCTION(swoole_substr_json_decode) {
    zend_string *str;
    zend_long offset, length = 0, depth = PHP_JSON_PARSER_DEFAULT_DEPTH, flags = 0;
    bool assoc = false;
    ZEND_PARSE_PARAMETERS_START(2, 6)
        Z_PARAM_STR(str)
        Z_PARAM_LONG(offset)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(length)
        Z_PARAM_BOOL(assoc)
        Z_PARAM_LONG(depth)
        Z_PARAM_LONG(flags)
    ZEND_PARSE_PARAMETERS_END();
    const char *begin;
    size_t size;
    if (!substr_range(str, offset, length, &begin, &size)) RETURN_NULL();
    if (depth <= 0 || depth > INT_MAX) {
        zend_argument_value_error(5, "must be greater than 0 and less than %d", INT_MAX);
        RETURN_THROWS();
    }
    if (assoc) flags |= PHP_JSON_OBJECT_AS_ARRAY;
    // PHP's JSON scanner stops at a NUL: the slice gets one of its own.
    zend_string *part = zend_string_init(begin, size, false);
    php_json_decode_ex(return_value, ZSTR_VAL(part), ZSTR_LEN(part), flags, depth);
    zend_string_release(part);
}

ZEND_FUNCTION(swoole_internal_call_user_shutdown_begin) {
    ZEND_PARSE_PARAMETERS_NONE();
    RETURN_TRUE;
}

ZEND_FUNCTION(swoole_get_objects) {
    ZEND_PARSE_PARAMETERS_NONE();
    zend_objects_store *store = &EG(objects_store);
    if (store->top <= 1) RETURN_FALSE;
    array_init(return_value);
    for (uint32_t i = 1; i < store->top; ++i) {
        zend_object *obj = store->object_buckets[i];
        if (!IS_OBJ_VALID(obj) || (OBJ_FLAGS(obj) & IS_OBJ_DESTRUCTOR_CALLED)) continue;
        GC_ADDREF(obj);
        add_index_object(return_value, obj->handle, obj);
    }
}

ZEND_FUNCTION(swoole_get_vm_status) {
    ZEND_PARSE_PARAMETERS_NONE();
    array_init(return_value);
    zend_long objects = 0;
    zend_objects_store *store = &EG(objects_store);
    for (uint32_t i = 1; i < store->top; ++i) {
        if (IS_OBJ_VALID(store->object_buckets[i])) ++objects;
    }
    add_assoc_long(return_value, "object_num", objects);
    add_assoc_long(return_value, "resource_num", zend_hash_num_elements(&EG(regular_list)));
}

ZEND_FUNCTION(swoole_get_object_by_handle) {
    zend_long handle;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_LONG(handle)
    ZEND_PARSE_PARAMETERS_END();
    zend_objects_store *store = &EG(objects_store);
    if (handle <= 0 || static_cast<zend_ulong>(handle) >= store->top) RETURN_FALSE;
    zend_object *obj = store->object_buckets[handle];
    if (!IS_OBJ_VALID(obj) || (OBJ_FLAGS(obj) & IS_OBJ_DESTRUCTOR_CALLED)) RETURN_FALSE;
    GC_ADDREF(obj);
    RETURN_OBJ(obj);
}

namespace {

// Per request: the resolvers swoole_name_resolver_add() registered (a list of objects).
zval g_resolvers{};

HashTable *resolvers(bool create) {
    if (Z_TYPE(g_resolvers) != IS_ARRAY) {
        if (!create) return nullptr;
        array_init(&g_resolvers);
    }
    return Z_ARRVAL(g_resolvers);
}

}  // namespace

void gust::php::name_resolvers_rshutdown() {
    zval_ptr_dtor(&g_resolvers);
    ZVAL_UNDEF(&g_resolvers);
}

void gust::php::name_resolver_add(zend_object *ns) {
    zval z;
    ZVAL_OBJ_COPY(&z, ns);
    zend_hash_next_index_insert(resolvers(true), &z);
}

ZEND_FUNCTION(swoole_name_resolver_add) {
    zend_object *ns;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_OBJ(ns)
    ZEND_PARSE_PARAMETERS_END();
    gust::php::name_resolver_add(ns);
    RETURN_TRUE;
}

ZEND_FUNCTION(swoole_name_resolver_remove) {
    zend_object *ns;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_OBJ(ns)
    ZEND_PARSE_PARAMETERS_END();
    HashTable *ht = resolvers(false);
    if (!ht) RETURN_FALSE;
    zend_ulong idx;
    zval *z;
    ZEND_HASH_FOREACH_NUM_KEY_VAL(ht, idx, z) {
        if (Z_OBJ_P(z) == ns) {
            zend_hash_index_del(ht, idx);
            RETURN_TRUE;
        }
    }
    ZEND_HASH_FOREACH_END();
    RETURN_FALSE;
}

namespace {

// Swoole\NameResolver\Context (a library class, ext/library/php/NameResolver/Context.php): its
// private properties hold the family, whether a port may be returned, and the nodes of a Cluster
// not handed out yet.
zval *context_property(zend_object *ctx, const char *name, size_t len) {
    zval rv;
    zval *v = zend_read_property(ctx->ce, ctx, name, len, true, &rv);
    return v == &EG(uninitialized_zval) ? nullptr : v;
}

// "host" or "host:port" from a node ['host' => ..., 'port' => ...]; empty when it has no host.
zend_string *node_address(zval *node, bool with_port) {
    if (Z_TYPE_P(node) != IS_ARRAY) return ZSTR_EMPTY_ALLOC();
    zval *host = zend_hash_str_find(Z_ARRVAL_P(node), ZEND_STRL("host"));
    if (!host || Z_TYPE_P(host) != IS_STRING) return ZSTR_EMPTY_ALLOC();
    zval *port = zend_hash_str_find(Z_ARRVAL_P(node), ZEND_STRL("port"));
    if (with_port && port && zval_get_long(port) > 0) {
        return zend_strpprintf(0, "%s:" ZEND_LONG_FMT, Z_STRVAL_P(host), zval_get_long(port));
    }
    return zend_string_copy(Z_STR_P(host));
}

// The next node of the cluster kept in the context, or nullptr when it has none left.
zend_string *next_cluster_node(zend_object *ctx, bool with_port) {
    zval *cluster = context_property(ctx, ZEND_STRL("cluster"));
    if (!cluster || Z_TYPE_P(cluster) != IS_OBJECT) return nullptr;
    zval node;
    zend_call_method_with_0_params(Z_OBJ_P(cluster), Z_OBJCE_P(cluster), nullptr, "pop", &node);
    if (EG(exception) || Z_TYPE(node) != IS_ARRAY) {
        zval_ptr_dtor(&node);
        zend_update_property_null(ctx->ce, ctx, ZEND_STRL("cluster"));
        return nullptr;
    }
    zend_string *addr = node_address(&node, with_port);
    zval_ptr_dtor(&node);
    return addr;
}

// Asks the added resolvers in turn: the first answer ("ip", "ip:port", or "" when the name has no
// node), or nullptr when none answered (or one threw). A Cluster answer gives its first node; with
// a context, the cluster is kept in it for the next lookups (fail-over), else it is dropped.
zend_string *ask_resolvers(zend_string *domain, bool with_port, zend_object *ctx) {
    HashTable *ht = resolvers(false);
    if (!ht) return nullptr;
    zval *z;
    ZEND_HASH_FOREACH_VAL(ht, z) {
        zval ret, arg;
        ZVAL_STR(&arg, domain);
        zend_call_method_with_1_params(Z_OBJ_P(z), Z_OBJCE_P(z), nullptr, "lookup", &ret, &arg);
        if (EG(exception)) {
            zval_ptr_dtor(&ret);
            return nullptr;
        }
        switch (Z_TYPE(ret)) {
            case IS_STRING:  // the answer; an empty one says the name has no address: no one else is asked
                return Z_STR(ret);
            case IS_ARRAY: {  // one node
                zend_string *addr = node_address(&ret, with_port);
                zval_ptr_dtor(&ret);
                return addr;
            }
            case IS_OBJECT: {  // a Cluster: its first node now, the others on the next lookups
                zend_string *next = nullptr;
                if (ctx) {
                    zend_update_property(ctx->ce, ctx, ZEND_STRL("cluster"), &ret);
                    next = next_cluster_node(ctx, with_port);
                } else {
                    zval node;
                    zend_call_method_with_0_params(Z_OBJ(ret), Z_OBJCE(ret), nullptr, "pop", &node);
                    if (!EG(exception)) next = node_address(&node, with_port);
                    zval_ptr_dtor(&node);
                }
                zval_ptr_dtor(&ret);
                return next ? next : ZSTR_EMPTY_ALLOC();
            }
            default:  // null or false: not this resolver's name
                zval_ptr_dtor(&ret);
                break;
        }
    }
    ZEND_HASH_FOREACH_END();
    return nullptr;
}

}  // namespace

bool gust::php::name_resolver_resolve(std::string_view name, bool with_port, std::string *out) {
    HashTable *ht = resolvers(false);
    if (!ht || zend_hash_num_elements(ht) == 0) return false;
    zend_string *domain = zend_string_init(name.data(), name.size(), false);
    zend_string *answer = ask_resolvers(domain, with_port, nullptr);
    zend_string_release(domain);
    if (!answer) return false;
    out->assign(ZSTR_VAL(answer), ZSTR_LEN(answer));
    zend_string_release(answer);
    return true;
}

bool gust::php::name_resolver_nodes(std::string_view name, bool with_port, std::vector<std::string> *nodes) {
    nodes->clear();
    HashTable *ht = resolvers(false);
    if (!ht || zend_hash_num_elements(ht) == 0) return false;
    // A context object keeps a Cluster answer: its nodes are then taken one by one (pop() order).
    auto *context_ce = static_cast<zend_class_entry *>(
        zend_hash_str_find_ptr(EG(class_table), ZEND_STRL("swoole\\nameresolver\\context")));
    if (!context_ce) {
        zend_string *lc = zend_string_init(ZEND_STRL("Swoole\\NameResolver\\Context"), false);
        context_ce = zend_lookup_class(lc);
        zend_string_release(lc);
        if (!context_ce) return false;
    }
    zval ctx;
    object_init_ex(&ctx, context_ce);
    zend_string *domain = zend_string_init(name.data(), name.size(), false);
    zend_string *answer = ask_resolvers(domain, with_port, Z_OBJ(ctx));
    zend_string_release(domain);
    const bool answered = answer != nullptr;
    if (answer && ZSTR_LEN(answer) > 0) {
        nodes->emplace_back(ZSTR_VAL(answer), ZSTR_LEN(answer));
        // Bounded: a Cluster hands out each node once.
        for (int i = 0; i < 4096; ++i) {
            zend_string *next = next_cluster_node(Z_OBJ(ctx), with_port);
            if (!next) break;
            if (ZSTR_LEN(next) > 0) nodes->emplace_back(ZSTR_VAL(next), ZSTR_LEN(next));
            zend_string_release(next);
        }
    }
    if (answer) zend_string_release(answer);
    zval_ptr_dtor(&ctx);
    return answered;
}

ZEND_FUNCTION(swoole_name_resolver_lookup) {
    zend_string *domain;
    zend_object *ctx;
    ZEND_PARSE_PARAMETERS_START(2, 2)
        Z_PARAM_STR(domain)
        Z_PARAM_OBJ(ctx)
    ZEND_PARSE_PARAMETERS_END();
    auto *context_ce = static_cast<zend_class_entry *>(
        zend_hash_str_find_ptr(EG(class_table), ZEND_STRL("swoole\\nameresolver\\context")));
    if (!context_ce || !instanceof_function(ctx->ce, context_ce)) {
        zend_argument_type_error(2, "must be of type Swoole\\NameResolver\\Context, %s given", ZSTR_VAL(ctx->ce->name));
        RETURN_THROWS();
    }
    zval *family_zv = context_property(ctx, ZEND_STRL("family"));
    zval *with_port_zv = context_property(ctx, ZEND_STRL("withPort"));
    const zend_long family = family_zv ? zval_get_long(family_zv) : AF_INET;
    const bool with_port = with_port_zv && zend_is_true(with_port_zv);
    // Fail-over: the nodes of the cluster an earlier lookup with this context found come first.
    if (zend_string *next = next_cluster_node(ctx, with_port)) RETURN_STR(next);
    if (zend_string *answer = ask_resolvers(domain, with_port, ctx)) RETURN_STR(answer);
    if (EG(exception)) RETURN_THROWS();
    // No resolver answered: the system resolver (gethostbyname() or, for AF_INET6, the first AAAA
    // address), the name itself when it has no address, as Swoole.
    if (family == AF_INET6) {
        struct addrinfo hints {};
        hints.ai_family = AF_INET6;
        struct addrinfo *res = nullptr;
        char buf[INET6_ADDRSTRLEN] = {};
        if (getaddrinfo(ZSTR_VAL(domain), nullptr, &hints, &res) == 0 && res) {
            inet_ntop(AF_INET6, &reinterpret_cast<sockaddr_in6 *>(res->ai_addr)->sin6_addr, buf, sizeof(buf));
            freeaddrinfo(res);
            RETURN_STRING(buf);
        }
        RETURN_STR_COPY(domain);
    }
    zval fname, ret, arg;
    ZVAL_STRING(&fname, "gethostbyname");
    ZVAL_STR(&arg, domain);
    if (call_user_function(nullptr, nullptr, &fname, &ret, 1, &arg) == SUCCESS && Z_TYPE(ret) == IS_STRING) {
        zval_ptr_dtor(&fname);
        RETURN_COPY_VALUE(&ret);
    }
    zval_ptr_dtor(&fname);
    zval_ptr_dtor(&ret);
    RETURN_STR_COPY(domain);
}

ZEND_FUNCTION(swoole_clear_dns_cache) {
    ZEND_PARSE_PARAMETERS_NONE();  // Gust keeps no DNS cache: every lookup asks the resolver
}
