// Coroutine\Socket's settings: getOption/setOption (socket options, and SO_RCVTIMEO/SO_SNDTIMEO as
// the socket's own read/write timeouts, as Swoole keeps them) and setProtocol (the server's
// framing settings for recvPacket, and the timeouts).
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/un.h>

#include <cerrno>
#include <cmath>
#include <memory>

#include "common/errors.h"
#include "gust/net/socket.h"
#include "socket/socket_internal.h"
#include "zend/callable.h"

using namespace gust;
using namespace gust::php;
using namespace gust::php::sock;

namespace {

void timeval_array(double seconds, zval *out) {
    array_init(out);
    if (seconds < 0) seconds = 0;
    double sec = std::floor(seconds);
    add_assoc_long(out, "sec", static_cast<zend_long>(sec));
    add_assoc_long(out, "usec", static_cast<zend_long>(std::llround((seconds - sec) * 1000000)));
}

// ['sec' => s, 'usec' => us] as seconds; false (warning) when a key is missing.
bool seconds_of(zval *value, double *out) {
    if (Z_TYPE_P(value) != IS_ARRAY) {
        php_error_docref(nullptr, E_WARNING, "expects an array with the keys 'sec' and 'usec'");
        return false;
    }
    zval *sec = zend_hash_str_find(Z_ARRVAL_P(value), ZEND_STRL("sec"));
    zval *usec = zend_hash_str_find(Z_ARRVAL_P(value), ZEND_STRL("usec"));
    if (!sec || !usec) {
        php_error_docref(nullptr, E_WARNING, "no key \"%s\" passed in optval", sec ? "usec" : "sec");
        return false;
    }
    *out = static_cast<double>(zval_get_long(sec)) + static_cast<double>(zval_get_long(usec)) / 1000000;
    return true;
}

}  // namespace

ZEND_METHOD(Swoole_Coroutine_Socket, getOption) {
    zend_long level, name;
    ZEND_PARSE_PARAMETERS_START(2, 2)
        Z_PARAM_LONG(level)
        Z_PARAM_LONG(name)
    ZEND_PARSE_PARAMETERS_END();
    SocketState *s = state_of(ZEND_THIS);
    if (!usable(ZEND_THIS, s)) RETURN_FALSE;
    int fd = s->sock->fd();
    if (level == SOL_SOCKET && (name == SO_RCVTIMEO || name == SO_SNDTIMEO)) {
        double t = s->read_timeout;
        if (name == SO_SNDTIMEO) t = s->write_timeout;
        if (t == 0) t = name == SO_RCVTIMEO ? options().socket_read_timeout : options().socket_write_timeout;
        timeval_array(t, return_value);
        return;
    }
    if (level == SOL_SOCKET && name == SO_LINGER) {
        linger l{};
        socklen_t len = sizeof(l);
        if (getsockopt(fd, SOL_SOCKET, SO_LINGER, &l, &len) != 0) {
            set_error(ZEND_THIS, errno);
            RETURN_FALSE;
        }
        array_init(return_value);
        add_assoc_long(return_value, "l_onoff", l.l_onoff);
        add_assoc_long(return_value, "l_linger", l.l_linger);
        return;
    }
    bool handled = false;
    if (get_typed_option(fd, static_cast<int>(level), static_cast<int>(name), return_value, &handled)) return;
    if (handled) {
        set_error(ZEND_THIS, errno);
        RETURN_FALSE;
    }
    int v = 0;
    socklen_t len = sizeof(v);
    if (getsockopt(fd, static_cast<int>(level), static_cast<int>(name), &v, &len) != 0) {
        set_error(ZEND_THIS, errno);
        RETURN_FALSE;
    }
    RETURN_LONG(v);
}

ZEND_METHOD(Swoole_Coroutine_Socket, setOption) {
    zend_long level, name;
    zval *value;
    ZEND_PARSE_PARAMETERS_START(3, 3)
        Z_PARAM_LONG(level)
        Z_PARAM_LONG(name)
        Z_PARAM_ZVAL(value)
    ZEND_PARSE_PARAMETERS_END();
    SocketState *s = state_of(ZEND_THIS);
    if (!usable(ZEND_THIS, s)) RETURN_FALSE;
    int fd = s->sock->fd();
    if (level == SOL_SOCKET && (name == SO_RCVTIMEO || name == SO_SNDTIMEO)) {
        double t;
        if (!seconds_of(value, &t)) RETURN_FALSE;
        // 0 seconds means "no timeout" for setsockopt(); here it is "wait forever" (-1).
        if (t <= 0) t = -1;
        (name == SO_RCVTIMEO ? s->read_timeout : s->write_timeout) = t;
        RETURN_TRUE;
    }
    bool typed = false;
    int rc = set_typed_option(fd, s->domain, static_cast<int>(level), static_cast<int>(name), value, &typed);
    if (typed) {
        if (rc == kOptionRefused) RETURN_FALSE;  // the value was refused, with a warning
    } else if (level == SOL_SOCKET && name == SO_LINGER) {
        if (Z_TYPE_P(value) != IS_ARRAY) {
            php_error_docref(nullptr, E_WARNING, "expects an array with the keys 'l_onoff' and 'l_linger'");
            RETURN_FALSE;
        }
        zval *on = zend_hash_str_find(Z_ARRVAL_P(value), ZEND_STRL("l_onoff"));
        zval *secs = zend_hash_str_find(Z_ARRVAL_P(value), ZEND_STRL("l_linger"));
        if (!on || !secs) {
            php_error_docref(nullptr, E_WARNING, "no key \"%s\" passed in optval", on ? "l_linger" : "l_onoff");
            RETURN_FALSE;
        }
        linger l{static_cast<int>(zval_get_long(on)), static_cast<int>(zval_get_long(secs))};
        rc = setsockopt(fd, SOL_SOCKET, SO_LINGER, &l, sizeof(l));
    } else {
        int v = static_cast<int>(zval_get_long(value));
        rc = setsockopt(fd, static_cast<int>(level), static_cast<int>(name), &v, sizeof(v));
    }
    if (rc != 0) {
        int err = errno;
        php_error_docref(nullptr, E_WARNING, "setsockopt(%d) failed, Error: %s[%d]", fd, strerror(err), err);
        set_error(ZEND_THIS, err);
        RETURN_FALSE;
    }
    RETURN_TRUE;
}

namespace {

bool flag(HashTable *ht, const char *key) {
    zval *v = zend_hash_str_find(ht, key, strlen(key));
    return v && zend_is_true(v);
}

}  // namespace

namespace {

// package_length_func, called by recvPacket() in the reading coroutine: `function (string $data): int`
// — the first package's length, 0 while it cannot tell, < 0 to refuse the data. An exception in it
// fails the read (it is thrown when recvPacket() returns); a value that is not an int is refused.
struct SocketLengthFunc {
    Callable fn;
};

int64_t call_length_func(SocketLengthFunc &f, mem::Slice data) {
    if (EG(exception)) return -1;
    zval arg, ret;
    ZVAL_STRINGL(&arg, data.data(), data.size());
    ZVAL_UNDEF(&ret);
    f.fn.call(&arg, 1, &ret);
    zval_ptr_dtor(&arg);
    int64_t length = -1;
    if (!EG(exception) && Z_TYPE(ret) == IS_LONG) length = Z_LVAL(ret);
    zval_ptr_dtor(&ret);
    return length;
}

bool load_length_func(zval *callable, proto::framing::Options *o) {
    auto f = std::make_shared<SocketLengthFunc>();
    if (!f->fn.assign(callable, "package_length_func")) return false;
    o->length_func = [f](mem::Slice data) { return call_length_func(*f, data); };
    return true;
}

}  // namespace

int gust::php::sock::bind_client_socket(int fd, int domain, int type, HashTable *settings) {
    zval *where = settings ? zend_hash_str_find(settings, ZEND_STRL("bind_address")) : nullptr;
    if (where && Z_TYPE_P(where) == IS_STRING && Z_STRLEN_P(where) > 0) {
        zval *port = zend_hash_str_find(settings, ZEND_STRL("bind_port"));
        const zend_long p = port ? zval_get_long(port) : 0;
        std::string_view host(Z_STRVAL_P(where), Z_STRLEN_P(where));
        Result<net::Address> addr = Error{kErrInvalid};
        if (domain == AF_UNIX) {
            if (host.rfind("unix:", 0) == 0) host.remove_prefix(5);
            addr = net::Address::from_unix(host);
        } else if (p >= 0 && p <= 65535) {
            addr = net::Address::from_ip(host, static_cast<uint16_t>(p));
        }
        if (!addr.ok() || addr.value().family() != domain) return EINVAL;
        if (addr.value().is_ip()) (void)net::sys::set_reuse_addr(fd, true);
        const int rc = net::sys::bind_replacing_stale(fd, addr.value());
        return rc < 0 ? -rc : 0;
    }
    if (domain == AF_UNIX && type == SOCK_DGRAM) {
        sockaddr_un self{};
        self.sun_family = AF_UNIX;
        if (::bind(fd, reinterpret_cast<sockaddr *>(&self), sizeof(sa_family_t)) != 0) return errno;
    }
    return 0;
}

bool gust::php::sock::apply_protocol(SocketState *s, HashTable *settings) {
    zval *v;
    if ((v = zend_hash_str_find(settings, ZEND_STRL("timeout")))) {
        s->connect_timeout = s->read_timeout = s->write_timeout = zval_get_double(v);
    }
    if ((v = zend_hash_str_find(settings, ZEND_STRL("connect_timeout")))) s->connect_timeout = zval_get_double(v);
    if ((v = zend_hash_str_find(settings, ZEND_STRL("read_timeout")))) s->read_timeout = zval_get_double(v);
    if ((v = zend_hash_str_find(settings, ZEND_STRL("write_timeout")))) s->write_timeout = zval_get_double(v);
    read_ssl_settings(s, settings);
    namespace fr = proto::framing;
    zval *length_func = zend_hash_str_find(settings, ZEND_STRL("package_length_func"));
    if (length_func && Z_TYPE_P(length_func) == IS_NULL) length_func = nullptr;
    auto mode = fr::mode_from_flags(flag(settings, "open_eof_check"), flag(settings, "open_eof_split"),
                                    flag(settings, "open_length_check"), length_func != nullptr);
    if (!mode && flag(settings, "open_mqtt_protocol")) mode = fr::Mode::kMqtt;  // EOF/length framing win
    if (!mode) {
        s->splitter.reset();
        s->framing.reset();
        return true;
    }
    fr::Options o;
    // A socket's recvPacket() returns up to the first package_eof and keeps the rest, as Swoole's
    // does: open_eof_check cuts like the server's open_eof_split.
    o.mode = *mode == fr::Mode::kEofCheck ? fr::Mode::kEofSplit : *mode;
    if ((v = zend_hash_str_find(settings, ZEND_STRL("package_eof")))) {
        zend_string *eof = zval_get_string(v);
        o.eof.assign(ZSTR_VAL(eof), ZSTR_LEN(eof));
        zend_string_release(eof);
    }
    if ((v = zend_hash_str_find(settings, ZEND_STRL("package_length_type")))) {
        zend_string *t = zval_get_string(v);
        o.length_type = ZSTR_LEN(t) == 1 ? ZSTR_VAL(t)[0] : '?';
        zend_string_release(t);
    }
    if ((v = zend_hash_str_find(settings, ZEND_STRL("package_length_offset")))) {
        o.length_offset = static_cast<uint32_t>(zval_get_long(v));
    }
    if ((v = zend_hash_str_find(settings, ZEND_STRL("package_body_offset")))) {
        o.body_offset = static_cast<uint32_t>(zval_get_long(v));
    }
    if (o.mode == fr::Mode::kLengthFunc && !load_length_func(length_func, &o)) return false;
    if ((v = zend_hash_str_find(settings, ZEND_STRL("package_max_length")))) {
        zend_long max = zval_get_long(v);
        o.max_length = max <= 0 ? 1 : max > UINT32_MAX ? UINT32_MAX : static_cast<uint32_t>(max);
    }
    if (const char *why = fr::Framing::invalid_reason(o)) {
        php_error_docref(nullptr, E_WARNING, "invalid protocol settings: %s", why);
        return false;
    }
    auto framing = fr::Framing::create(std::move(o));
    if (!framing.ok()) return false;
    // A package being received under the old framing is cut by the new one from its first byte.
    s->splitter.reset();
    s->framing = std::make_unique<fr::Framing>(std::move(framing.value()));
    s->splitter = std::make_unique<fr::Splitter>(*s->framing);
    return true;
}

ZEND_METHOD(Swoole_Coroutine_Socket, setProtocol) {
    HashTable *settings;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ARRAY_HT(settings)
    ZEND_PARSE_PARAMETERS_END();
    RETURN_BOOL(apply_protocol(state_of(ZEND_THIS), settings));
}
