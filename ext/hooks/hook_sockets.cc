// SWOOLE_HOOK_SOCKETS: the sockets extension (socket_create & co) inside coroutines, as Swoole has
// it: while the flag is on, socket_xxx() runs the PHP library's swoole_socket_xxx()
// (ext/library/php/functions/sockets.php), so inside coroutines the sockets made are
// Swoole\Coroutine\Socket objects and every call on one is a Coroutine\Socket call. PHP's own Socket
// objects (made before the hook or outside coroutines) keep PHP's functions: on one in blocking
// mode, a read or write first waits on the loop until it is ready (SO_RCVTIMEO / SO_SNDTIMEO bound
// the wait), then PHP's function runs and finds it ready; socket_connect() connects without
// blocking and waits for the outcome. The extension is optional: nothing of it is linked; its
// Socket class is found by name.
#include "common/module.h"
#include "coroutine/coroutine.h"
#include "coroutine/fd_wait.h"
#include "hooks/hooks.h"
#include "library/library.h"

extern "C" {
#ifndef HAVE_SOCKETS
#define HAVE_SOCKETS 1  // the header declares php_socket only under it
#endif
#include "ext/sockets/php_sockets.h"
}

#include <arpa/inet.h>
#include <fcntl.h>
#include <sys/socket.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <string_view>

#include "gust/base/error.h"

namespace {

using gust::php::PhpCoroutine;
namespace hooks = gust::php::hooks;
namespace loop = gust::loop;

void hooked_read_op(INTERNAL_FUNCTION_PARAMETERS);
void hooked_write_op(INTERNAL_FUNCTION_PARAMETERS);
void hooked_connect(INTERNAL_FUNCTION_PARAMETERS);
void hooked_close(INTERNAL_FUNCTION_PARAMETERS);
void dispatch(INTERNAL_FUNCTION_PARAMETERS);

hooks::FunctionHook g_hooks[] = {
    {"socket_create", dispatch},        {"socket_create_listen", dispatch}, {"socket_create_pair", dispatch},
    {"socket_import_stream", dispatch}, {"socket_close", dispatch},         {"socket_accept", dispatch},
    {"socket_read", dispatch},          {"socket_recv", dispatch},          {"socket_recvfrom", dispatch},
    {"socket_write", dispatch},         {"socket_send", dispatch},          {"socket_sendto", dispatch},
    {"socket_connect", dispatch},       {"socket_bind", dispatch},          {"socket_listen", dispatch},
    {"socket_set_option", dispatch},    {"socket_setopt", dispatch},        {"socket_get_option", dispatch},
    {"socket_getopt", dispatch},        {"socket_set_block", dispatch},     {"socket_set_nonblock", dispatch},
    {"socket_getpeername", dispatch},   {"socket_getsockname", dispatch},   {"socket_shutdown", dispatch},
    {"socket_last_error", dispatch},    {"socket_clear_error", dispatch},
};
constexpr size_t kHooks = sizeof(g_hooks) / sizeof(g_hooks[0]);
// The library's functions are these names with this prefix (what an ArgumentCountError names).
constexpr char kLibraryPrefix[] = "swoole_";

hooks::FunctionHook *hook_of(zend_execute_data *execute_data) {
    zend_string *name = execute_data->func->common.function_name;
    for (auto &h : g_hooks) {
        if (zend_string_equals_cstr(name, h.name, strlen(h.name))) return &h;
    }
    return nullptr;
}

// The blocking Socket passed as first argument, or nullptr (then PHP's function handles it).
php_socket *blocking_socket(zend_execute_data *execute_data) {
    if (!hooks::in_coroutine() || !(hooks::flags() & hooks::kSockets) || ZEND_NUM_ARGS() < 1) return nullptr;
    zval *arg = ZEND_CALL_ARG(execute_data, 1);
    if (Z_TYPE_P(arg) != IS_OBJECT || !zend_string_equals_literal(Z_OBJCE_P(arg)->name, "Socket")) return nullptr;
    php_socket *sock = Z_SOCKET_P(arg);
    if (IS_INVALID_SOCKET(sock) || !sock->blocking) return nullptr;
    return sock;
}

// SO_RCVTIMEO / SO_SNDTIMEO when the socket has one; else Co::set()'s socket_read_timeout /
// socket_write_timeout (< 0, their default: none, as a blocking socket without one waits), or
// socket_connect_timeout for a connect, as Swoole's hooked sockets do.
gust::Nanos socket_timeout(int fd, int option, bool connect = false) {
    struct timeval tv {};
    socklen_t len = sizeof(tv);
    gust::Nanos ns = 0;
    if (getsockopt(fd, SOL_SOCKET, option, &tv, &len) == 0)
        ns = static_cast<gust::Nanos>(tv.tv_sec) * 1000000000 + static_cast<gust::Nanos>(tv.tv_usec) * 1000;
    if (ns > 0) return ns;
    const gust::php::Options &o = gust::php::options();
    if (connect) return gust::php::option_nanos(o.socket_connect_timeout);
    return gust::php::option_nanos(option == SO_SNDTIMEO ? o.socket_write_timeout : o.socket_read_timeout);
}

// Waits until `fd` is ready. Returns 1 ready, 0 timed out, -1 when the caller must return at once.
int wait_ready(int fd, uint32_t events, gust::Nanos timeout) {
    PhpCoroutine *p = gust::php::current();
    int rc = gust::php::wait_fd(fd, events, timeout);
    if (rc < 0) return 1;  // cannot be polled: PHP's call blocks as it always did
    if (!gust::php::resumed(p)) return -1;
    if (rc == gust::kErrTimedOut) return 0;
    if (rc == gust::kErrClosed) return 1;  // socket_close() ran meanwhile: PHP's call reports it
    return rc == 0 ? 1 : -1;
}

// Calls PHP's function with the fd non-blocking for this call only (it then fails with EAGAIN and
// reports the timeout exactly as a blocking call whose SO_*TIMEO expired does).
void call_nonblocking(hooks::FunctionHook *h, int fd, INTERNAL_FUNCTION_PARAMETERS) {
    int flags = fcntl(fd, F_GETFL, 0);
    fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    h->original(INTERNAL_FUNCTION_PARAM_PASSTHRU);
    fcntl(fd, F_SETFL, flags);
}

void ready_then_call(uint32_t events, int timeout_option, INTERNAL_FUNCTION_PARAMETERS) {
    hooks::FunctionHook *h = hook_of(execute_data);
    php_socket *sock = blocking_socket(execute_data);
    if (!sock) {
        h->original(INTERNAL_FUNCTION_PARAM_PASSTHRU);
        return;
    }
    int fd = sock->bsd_socket;
    int r = wait_ready(fd, events, socket_timeout(fd, timeout_option));
    if (r < 0) return;
    if (r == 0) {
        call_nonblocking(h, fd, INTERNAL_FUNCTION_PARAM_PASSTHRU);
        return;
    }
    h->original(INTERNAL_FUNCTION_PARAM_PASSTHRU);
}

// Coroutines waiting on the socket wake first; the Socket object outlives the close (they hold
// it), so PHP's own function then reports the closed socket to them.
void hooked_close(INTERNAL_FUNCTION_PARAMETERS) {
    hooks::FunctionHook *h = hook_of(execute_data);
    if (ZEND_NUM_ARGS() >= 1) {
        zval *arg = ZEND_CALL_ARG(execute_data, 1);
        if (Z_TYPE_P(arg) == IS_OBJECT && zend_string_equals_literal(Z_OBJCE_P(arg)->name, "Socket")) {
            php_socket *sock = Z_SOCKET_P(arg);
            if (!IS_INVALID_SOCKET(sock)) (void)gust::coro::close_fd_waiters(sock->bsd_socket);
        }
    }
    h->original(INTERNAL_FUNCTION_PARAM_PASSTHRU);
}

void hooked_read_op(INTERNAL_FUNCTION_PARAMETERS) {
    ready_then_call(loop::kReadable, SO_RCVTIMEO, INTERNAL_FUNCTION_PARAM_PASSTHRU);
}

void hooked_write_op(INTERNAL_FUNCTION_PARAMETERS) {
    ready_then_call(loop::kWritable, SO_SNDTIMEO, INTERNAL_FUNCTION_PARAM_PASSTHRU);
}

// The sockets extension's last_error (first member of its module globals).
int *sockets_last_error() {
    auto *module = static_cast<zend_module_entry *>(zend_hash_str_find_ptr(&module_registry, "sockets", 7));
#ifdef ZTS
    // Thread-safe PHP: the module's globals are this thread's TSRM resource of its id.
    if (!module || !module->globals_id_ptr || !*module->globals_id_ptr) return nullptr;
    return static_cast<int *>(ts_resource(*module->globals_id_ptr));
#else
    return module && module->globals_ptr ? static_cast<int *>(module->globals_ptr) : nullptr;
#endif
}

// The name resolvers plugged in answer for the host name of an AF_INET/AF_INET6 socket_connect()
// first, as for Coroutine\Socket's connects: the argument becomes their address. False when the
// call must fail (they gave no address, or one threw), with PHP's warning for a failed lookup.
bool apply_name_resolvers(php_socket *sock, zend_execute_data *execute_data) {
    if ((sock->type != AF_INET && sock->type != AF_INET6) || ZEND_NUM_ARGS() < 2) return true;
    zval *addr = ZEND_CALL_ARG(execute_data, 2);
    if (Z_TYPE_P(addr) != IS_STRING || Z_STRLEN_P(addr) == 0) return true;
    unsigned char buf[sizeof(struct in6_addr)];
    if (inet_pton(sock->type, Z_STRVAL_P(addr), buf) == 1) return true;  // an address, not a name
    std::string named;
    if (!gust::php::name_resolver_resolve(std::string_view(Z_STRVAL_P(addr), Z_STRLEN_P(addr)), false, &named)) {
        return !EG(exception);
    }
    if (named.empty()) {
        php_error_docref(nullptr, E_WARNING, "Host lookup failed: the name resolvers gave no address for %s",
                         Z_STRVAL_P(addr));
        return false;
    }
    zval_ptr_dtor(addr);
    ZVAL_STRINGL(addr, named.data(), named.size());
    return true;
}

void hooked_connect(INTERNAL_FUNCTION_PARAMETERS) {
    hooks::FunctionHook *h = hook_of(execute_data);
    php_socket *sock = blocking_socket(execute_data);
    if (!sock) {
        h->original(INTERNAL_FUNCTION_PARAM_PASSTHRU);
        return;
    }
    if (!apply_name_resolvers(sock, execute_data)) RETURN_FALSE;
    int fd = sock->bsd_socket;
    int *last_error = sockets_last_error();
    int saved_sock_error = sock->error, saved_last_error = last_error ? *last_error : 0;
    sock->error = 0;
    call_nonblocking(h, fd, INTERNAL_FUNCTION_PARAM_PASSTHRU);
    if (Z_TYPE_P(return_value) != IS_FALSE || (sock->error != EINPROGRESS && sock->error != EAGAIN)) {
        if (Z_TYPE_P(return_value) == IS_TRUE) sock->error = saved_sock_error;
        return;  // connected at once, or failed and reported by PHP
    }
    // In progress: wait for the outcome as a blocking connect would (SO_SNDTIMEO, else
    // socket_connect_timeout, bounds it).
    sock->error = saved_sock_error;
    if (last_error) *last_error = saved_last_error;
    int r = wait_ready(fd, loop::kWritable, socket_timeout(fd, SO_SNDTIMEO, true));
    if (r < 0) return;
    int err = EINPROGRESS;  // what a blocking connect reports when SO_SNDTIMEO expires
    if (r == 1) {
        socklen_t len = sizeof(err);
        if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) != 0) err = errno;
    }
    if (err == 0) RETURN_TRUE;
    sock->error = err;
    if (last_error) *last_error = err;
    if (err != EINPROGRESS && err != EAGAIN) {
        php_error_docref(nullptr, E_WARNING, "unable to connect [%d]: %s", err, strerror(err));
    }
    RETURN_FALSE;
}

zend_class_entry *coroutine_socket_class() {
    static zend_class_entry *ce = nullptr;  // registered at MINIT: the same in every request
    if (!ce)
        ce = static_cast<zend_class_entry *>(
            zend_hash_str_find_ptr(CG(class_table), ZEND_STRL("swoole\\coroutine\\socket")));
    return ce;
}

// The Coroutine\Socket passed as first argument, or nullptr.
zend_object *coroutine_socket_arg(zend_execute_data *execute_data) {
    if (ZEND_NUM_ARGS() < 1) return nullptr;
    zval *arg = ZEND_CALL_ARG(execute_data, 1);
    zend_class_entry *ce = coroutine_socket_class();
    if (Z_TYPE_P(arg) != IS_OBJECT || !ce || !instanceof_function(Z_OBJCE_P(arg), ce)) return nullptr;
    return Z_OBJ_P(arg);
}

// Calls the library's swoole_<name>() with this call's arguments (by-reference ones stay
// references). False when the library could not be declared.
bool forward(const hooks::FunctionHook &h, INTERNAL_FUNCTION_PARAMETERS) {
    // socket_setopt() / socket_getopt() are PHP's aliases of socket_set_option() / socket_get_option().
    std::string_view base = h.name;
    if (base == "socket_setopt") base = "socket_set_option";
    if (base == "socket_getopt") base = "socket_get_option";
    std::string name = std::string(kLibraryPrefix) + std::string(base);
    if (!gust::php::library::load_functions("sockets", "swoole_socket_create")) return false;
    auto *fn = static_cast<zend_function *>(zend_hash_str_find_ptr(EG(function_table), name.data(), name.size()));
    if (!fn) return false;
    zend_fcall_info fci{};
    fci.size = sizeof(fci);
    ZVAL_UNDEF(&fci.function_name);
    zval ret;
    ZVAL_UNDEF(&ret);
    fci.retval = &ret;
    fci.param_count = ZEND_NUM_ARGS();
    fci.params = fci.param_count ? ZEND_CALL_ARG(execute_data, 1) : nullptr;
    if (ZEND_CALL_INFO(execute_data) & ZEND_CALL_HAS_EXTRA_NAMED_PARAMS)
        fci.named_params = execute_data->extra_named_params;
    zend_fcall_info_cache fcc{};
    fcc.function_handler = fn;
    (void)zend_call_function(&fci, &fcc);
    if (Z_ISUNDEF(ret)) ZVAL_NULL(&ret);
    ZVAL_COPY_VALUE(return_value, &ret);
    return true;
}

// socket_last_error() without an argument is the sockets extension's: a failed call on a
// Coroutine\Socket leaves its error there too, as a failed call on a PHP Socket does.
void note_last_error(zend_object *sock, zval *return_value) {
    int *last_error = sockets_last_error();
    if (!last_error || Z_TYPE_P(return_value) != IS_FALSE) return;
    zval rv;
    zval *code = zend_read_property(sock->ce, sock, ZEND_STRL("errCode"), 1, &rv);
    if (code && Z_TYPE_P(code) == IS_LONG && Z_LVAL_P(code) != 0) *last_error = static_cast<int>(Z_LVAL_P(code));
}

// How a hooked function is routed: `maker`s (no socket argument) go to the library inside
// coroutines; the others when their first argument is a Coroutine\Socket, else to `php_path`
// (PHP's own function when null).
struct Route {
    bool maker = false;
    zif_handler php_path = nullptr;
};

Route route_of(std::string_view name) {
    if (name == "socket_create" || name == "socket_create_listen" || name == "socket_create_pair" ||
        name == "socket_import_stream") {
        return {true, nullptr};
    }
    if (name == "socket_close") return {false, hooked_close};
    if (name == "socket_connect") return {false, hooked_connect};
    if (name == "socket_accept" || name == "socket_read" || name == "socket_recv" || name == "socket_recvfrom") {
        return {false, hooked_read_op};
    }
    if (name == "socket_write" || name == "socket_send" || name == "socket_sendto") return {false, hooked_write_op};
    return {};
}

// False when Gust's own C++ made the call (Swoole\Client::getSocket() calls
// socket_import_stream()): it keeps PHP's Socket, as Swoole's C code does.
bool called_from_php(zend_execute_data *execute_data) {
    zend_execute_data *caller = execute_data->prev_execute_data;
    if (!caller || !caller->func || caller->func->type != ZEND_INTERNAL_FUNCTION) return true;
    zend_module_entry *module = caller->func->internal_function.module;
    return module != gust::php::module_entry() && module != gust::php::swoole_module();
}

void dispatch(INTERNAL_FUNCTION_PARAMETERS) {
    hooks::FunctionHook *h = hook_of(execute_data);
    const Route route = route_of(h->name);
    bool on = (hooks::flags() & hooks::kSockets) != 0;
    zend_object *sock = on && !route.maker ? coroutine_socket_arg(execute_data) : nullptr;
    if (on && (sock || (route.maker && hooks::in_coroutine() && called_from_php(execute_data)))) {
        if (sock) GC_ADDREF(sock);  // the library may drop the caller's last reference meanwhile
        bool forwarded = forward(*h, INTERNAL_FUNCTION_PARAM_PASSTHRU);
        if (sock) {
            if (forwarded && !EG(exception)) note_last_error(sock, return_value);
            OBJ_RELEASE(sock);
        }
        if (forwarded) return;
        if (sock) {
            zend_throw_error(nullptr, "%s(): the sockets functions of the PHP library could not be declared", h->name);
            return;
        }
    }
    if (route.php_path) {
        route.php_path(INTERNAL_FUNCTION_PARAM_PASSTHRU);
        return;
    }
    h->original(INTERNAL_FUNCTION_PARAM_PASSTHRU);
}

void apply(uint32_t flags) { hooks::switch_functions(g_hooks, kHooks, (flags & hooks::kSockets) != 0); }

}  // namespace

GUST_HOOK_AREA(g_sockets_area, "sockets", hooks::kSockets, apply);
