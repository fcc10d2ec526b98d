// SWOOLE_HOOK_SOCKETS: the sockets extension (socket_create & co) inside coroutines. A socket in
// blocking mode first waits on the loop until it is ready (SO_RCVTIMEO / SO_SNDTIMEO bound the
// wait), then PHP's own function runs and finds it ready. socket_connect() connects without
// blocking and waits for the outcome. Non-blocking sockets and calls outside coroutines are PHP's.
// The extension is optional: nothing of it is linked; its Socket class is found by name.
#include "common/module.h"
#include "coroutine/coroutine.h"
#include "coroutine/fd_wait.h"
#include "hooks/hooks.h"

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

#include "gust/base/error.h"

namespace {

using gust::php::PhpCoroutine;
namespace hooks = gust::php::hooks;
namespace loop = gust::loop;

void hooked_read_op(INTERNAL_FUNCTION_PARAMETERS);
void hooked_write_op(INTERNAL_FUNCTION_PARAMETERS);
void hooked_connect(INTERNAL_FUNCTION_PARAMETERS);
void hooked_close(INTERNAL_FUNCTION_PARAMETERS);

hooks::FunctionHook g_hooks[] = {
    {"socket_close", hooked_close},   {"socket_accept", hooked_read_op},   {"socket_read", hooked_read_op},
    {"socket_recv", hooked_read_op},  {"socket_recvfrom", hooked_read_op}, {"socket_write", hooked_write_op},
    {"socket_send", hooked_write_op}, {"socket_sendto", hooked_write_op},  {"socket_connect", hooked_connect},
};
constexpr size_t kHooks = sizeof(g_hooks) / sizeof(g_hooks[0]);

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

void apply(uint32_t flags) { hooks::switch_functions(g_hooks, kHooks, (flags & hooks::kSockets) != 0); }

}  // namespace

GUST_HOOK_AREA(g_sockets_area, "sockets", hooks::kSockets, apply);
