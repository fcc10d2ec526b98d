// SWOOLE_HOOK_NATIVE_CURL (and the old SWOOLE_HOOK_CURL, routed here as in Swoole 6): PHP's own
// ext/curl yields inside coroutines while libcurl still does all the work, so every CURLOPT_*
// behaves as in plain PHP. curl.so's imports of a few libcurl functions are redirected
// (import_patch.h) once the flag is first switched on; each replacement calls the real function
// outside coroutines or with the flag off.
//  - curl_easy_perform (curl_exec): the easy handle runs on a private multi handle driven by
//    libcurl's multi-socket API; the coroutine parks on the sockets and the timeout libcurl names
//    and calls curl_multi_socket_action itself, so PHP callbacks run in the coroutine that owns
//    the handle. The private multi stays with the easy handle (its connection cache keeps
//    keep-alive connections as curl_easy_perform's own would) until curl_easy_cleanup.
//  - curl_multi_wait / curl_multi_poll (curl_multi_select): park on the multi's sockets (from
//    curl_multi_fdset) for min(timeout, curl_multi_timeout), then let libcurl answer with a zero
//    timeout (numfds and revents exactly as libcurl computes them).
// Built only when libcurl's headers are present; the constant SWOOLE_HOOK_NATIVE_CURL exists only then.
#if __has_include(<curl/curl.h>)
#include <curl/curl.h>
#include <dlfcn.h>
#include <sys/resource.h>
#include <sys/select.h>

#include <algorithm>
#include <unordered_map>
#include <vector>

#include "coroutine/coroutine.h"
#include "hooks/hook_stream_wait.h"
#include "hooks/hooks.h"
#include "hooks/import_patch.h"

namespace {

namespace hooks = gust::php::hooks;
namespace sw = gust::php::stream_wait;
using gust::Nanos;

constexpr const char *kObject = "curl.so";

// The real libcurl functions (as curl.so binds them).
struct Real {
    CURLcode (*easy_perform)(CURL *) = nullptr;
    void (*easy_cleanup)(CURL *) = nullptr;
    CURLMcode (*multi_wait)(CURLM *, struct curl_waitfd *, unsigned int, int, int *) = nullptr;
    CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd *, unsigned int, int, int *) = nullptr;
    CURLM *(*multi_init)() = nullptr;
    CURLMcode (*multi_cleanup)(CURLM *) = nullptr;
    CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...) = nullptr;
    CURLMcode (*multi_add_handle)(CURLM *, CURL *) = nullptr;
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *) = nullptr;
    CURLMcode (*multi_socket_action)(CURLM *, curl_socket_t, int, int *) = nullptr;
    CURLMsg *(*multi_info_read)(CURLM *, int *) = nullptr;
    CURLMcode (*multi_timeout)(CURLM *, long *) = nullptr;
    CURLMcode (*multi_fdset)(CURLM *, fd_set *, fd_set *, fd_set *, int *) = nullptr;
};
Real g_real;
bool g_patched = false;

bool active() {
    return g_patched && (hooks::flags() & (hooks::kNativeCurl | hooks::kCurl)) != 0 && hooks::in_coroutine();
}

// ---- curl_easy_perform on a private multi -------------------------------------------------------

struct Watched {
    curl_socket_t fd;
    int what;  // CURL_POLL_IN / OUT / INOUT
};

// One easy handle's private multi and what libcurl last asked to watch.
struct PrivateMulti {
    CURLM *multi = nullptr;
    std::vector<Watched> sockets;
    Nanos timer_deadline = -1;  // < 0: no timer
    bool busy = false;          // a curl_exec() runs on it
};

std::unordered_map<CURL *, PrivateMulti *> g_private;

int on_socket(CURL *, curl_socket_t fd, int what, void *userp, void *) {
    auto *pm = static_cast<PrivateMulti *>(userp);
    auto it = std::find_if(pm->sockets.begin(), pm->sockets.end(), [fd](const Watched &w) { return w.fd == fd; });
    if (what == CURL_POLL_REMOVE) {
        if (it != pm->sockets.end()) pm->sockets.erase(it);
    } else if (it != pm->sockets.end()) {
        it->what = what;
    } else {
        pm->sockets.push_back(Watched{fd, what});
    }
    return 0;
}

int on_timer(CURLM *, long timeout_ms, void *userp) {
    auto *pm = static_cast<PrivateMulti *>(userp);
    pm->timer_deadline =
        timeout_ms < 0 ? -1 : gust::deadline_after(gust::monotonic_now(), timeout_ms * gust::kNanosPerMilli);
    return 0;
}

PrivateMulti *private_multi_for(CURL *easy) {
    auto it = g_private.find(easy);
    if (it != g_private.end()) return it->second;
    CURLM *multi = g_real.multi_init();
    if (!multi) return nullptr;
    auto *pm = new PrivateMulti;
    pm->multi = multi;
    g_real.multi_setopt(multi, CURLMOPT_SOCKETFUNCTION, on_socket);
    g_real.multi_setopt(multi, CURLMOPT_SOCKETDATA, pm);
    g_real.multi_setopt(multi, CURLMOPT_TIMERFUNCTION, on_timer);
    g_real.multi_setopt(multi, CURLMOPT_TIMERDATA, pm);
    g_private.emplace(easy, pm);
    return pm;
}

void socket_action(PrivateMulti *pm, curl_socket_t fd, int events) {
    int running = 0;
    g_real.multi_socket_action(pm->multi, fd, events, &running);
}

bool take_done(PrivateMulti *pm, CURL *easy, CURLcode *result) {
    int left = 0;
    while (CURLMsg *msg = g_real.multi_info_read(pm->multi, &left)) {
        if (msg->msg == CURLMSG_DONE && msg->easy_handle == easy) {
            *result = msg->data.result;
            return true;
        }
    }
    return false;
}

uint32_t loop_events(int what) {
    uint32_t ev = 0;
    if (what & CURL_POLL_IN) ev |= gust::loop::kReadable;
    if (what & CURL_POLL_OUT) ev |= gust::loop::kWritable;
    return ev;
}

int curl_events(uint32_t fired) {
    int ev = 0;
    if (fired & gust::loop::kReadable) ev |= CURL_CSELECT_IN;
    if (fired & gust::loop::kWritable) ev |= CURL_CSELECT_OUT;
    if (fired & (gust::loop::kError | gust::loop::kHangup)) ev |= CURL_CSELECT_ERR;
    return ev;
}

// Parks until a watched socket is ready or libcurl's timer is due, then tells libcurl. false when
// the coroutine must stop (canceled or killed; for a kill an exception is set).
bool wait_and_act(PrivateMulti *pm, gust::php::PhpCoroutine *p) {
    Nanos wait = pm->timer_deadline < 0 ? -1 : std::max<Nanos>(0, pm->timer_deadline - gust::monotonic_now());
    if (wait == 0) {
        pm->timer_deadline = -1;
        socket_action(pm, CURL_SOCKET_TIMEOUT, 0);
        return true;
    }
    // Copy: libcurl changes pm->sockets from inside socket_action() below.
    std::vector<Watched> watched = pm->sockets;
    std::vector<sw::Waiter> waiters(watched.size());
    bool unwatchable = false;
    for (size_t i = 0; i < watched.size(); ++i) {
        waiters[i].fd = static_cast<int>(watched[i].fd);
        waiters[i].events = loop_events(watched[i].what);
        if (waiters[i].events && !sw::add(&waiters[i])) unwatchable = true;
    }
    // Nothing to wait for should not happen while a transfer runs; a socket the loop refuses is
    // polled: both keep the transfer moving without a busy loop.
    if (unwatchable || (watched.empty() && wait < 0))
        wait = wait < 0 ? gust::kNanosPerMilli : std::min(wait, gust::kNanosPerMilli);
    sw::Outcome out = sw::park(wait, "curl_exec");
    for (sw::Waiter &w : waiters) sw::remove(&w);
    if (!gust::php::resumed(p)) return false;
    if (out == sw::kAborted) {  // Co::cancel(): curl_exec() fails as in Swoole (errno 42, CO_CANCELED)
        gust::php::set_last_error(gust::php::SwooleError::kCoCanceled);
        return false;
    }
    if (out == sw::kTimedOut) {
        if (unwatchable) {
            for (const Watched &w : watched)
                socket_action(
                    pm, w.fd,
                    (w.what & CURL_POLL_IN ? CURL_CSELECT_IN : 0) | (w.what & CURL_POLL_OUT ? CURL_CSELECT_OUT : 0));
        }
        if (pm->timer_deadline >= 0 && pm->timer_deadline <= gust::monotonic_now()) {
            pm->timer_deadline = -1;
            socket_action(pm, CURL_SOCKET_TIMEOUT, 0);
        }
        return true;
    }
    for (size_t i = 0; i < waiters.size(); ++i) {
        int ev = waiters[i].closed ? CURL_CSELECT_ERR : curl_events(waiters[i].fired);
        if (ev) socket_action(pm, watched[i].fd, ev);
    }
    return true;
}

CURLcode perform_in_coroutine(CURL *easy) {
    gust::php::PhpCoroutine *p = gust::php::current();
    PrivateMulti *pm = private_multi_for(easy);
    if (!pm) return CURLE_OUT_OF_MEMORY;
    // Another coroutine runs this handle now: libcurl's own answer for a handle inside a multi
    // (CURLE_FAILED_INIT, "easy handle already used in multi handle"), at once.
    if (pm->busy) return g_real.easy_perform(easy);
    CURLMcode mc = g_real.multi_add_handle(pm->multi, easy);
    if (mc != CURLM_OK) return mc == CURLM_OUT_OF_MEMORY ? CURLE_OUT_OF_MEMORY : CURLE_FAILED_INIT;
    pm->busy = true;
    CURLcode result = CURLE_OK;
    socket_action(pm, CURL_SOCKET_TIMEOUT, 0);  // starts the transfer
    for (;;) {
        if (take_done(pm, easy, &result)) break;
        if (!wait_and_act(pm, p)) {
            result = CURLE_ABORTED_BY_CALLBACK;
            break;
        }
    }
    g_real.multi_remove_handle(pm->multi, easy);
    pm->busy = false;
    return result;
}

CURLcode hooked_easy_perform(CURL *easy) {
    if (!easy || !active()) return g_real.easy_perform(easy);
    return perform_in_coroutine(easy);
}

void hooked_easy_cleanup(CURL *easy) {
    auto it = g_private.find(easy);
    if (it == g_private.end()) {
        g_real.easy_cleanup(easy);
        return;
    }
    PrivateMulti *pm = it->second;
    g_private.erase(it);
    g_real.easy_cleanup(easy);  // leaves the multi too if a fatal error left it there
    g_real.multi_cleanup(pm->multi);
    delete pm;
}

// ---- curl_multi_wait / curl_multi_poll ----------------------------------------------------------

// With a descriptor limit above FD_SETSIZE, curl_multi_fdset() may leave sockets out: then the
// park is capped so those are still polled every few milliseconds.
bool fdset_may_miss_sockets() {
    static int cached = -1;
    if (cached < 0) {
        struct rlimit rl {};
        cached = getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur <= FD_SETSIZE ? 0 : 1;
    }
    return cached == 1;
}

uint32_t waitfd_events(short events) {
    uint32_t ev = 0;
    if (events & (CURL_WAIT_POLLIN | CURL_WAIT_POLLPRI)) ev |= gust::loop::kReadable;
    if (events & CURL_WAIT_POLLOUT) ev |= gust::loop::kWritable;
    return ev;
}

// Parks on the multi's sockets and `extra` for at most `wait`; false when the coroutine must stop.
bool park_on_multi(CURLM *multi, struct curl_waitfd *extra, unsigned int extra_n, Nanos wait,
                   gust::php::PhpCoroutine *p) {
    fd_set r, w, e;
    FD_ZERO(&r);
    FD_ZERO(&w);
    FD_ZERO(&e);
    int max_fd = -1;
    g_real.multi_fdset(multi, &r, &w, &e, &max_fd);
    std::vector<sw::Waiter> waiters;
    waiters.reserve(static_cast<size_t>(max_fd + 1) + extra_n);
    for (int fd = 0; fd <= max_fd; ++fd) {
        uint32_t ev = (FD_ISSET(fd, &r) ? gust::loop::kReadable : 0) | (FD_ISSET(fd, &w) ? gust::loop::kWritable : 0);
        if (!ev) continue;
        waiters.emplace_back();
        waiters.back().fd = fd;
        waiters.back().events = ev;
    }
    for (unsigned int i = 0; i < extra_n; ++i) {
        uint32_t ev = waitfd_events(extra[i].events);
        if (!ev) continue;
        waiters.emplace_back();
        waiters.back().fd = static_cast<int>(extra[i].fd);
        waiters.back().events = ev;
    }
    bool poll_often = fdset_may_miss_sockets();
    for (sw::Waiter &wt : waiters) {
        if (!sw::add(&wt)) poll_often = true;
    }
    const Nanos cap = 5 * gust::kNanosPerMilli;
    if (poll_often) wait = wait < 0 ? cap : std::min(wait, cap);
    sw::Outcome out = sw::park(wait, "curl_multi_select");
    for (sw::Waiter &wt : waiters) sw::remove(&wt);
    if (!gust::php::resumed(p)) return false;
    if (out == sw::kAborted) gust::php::set_last_error(gust::php::SwooleError::kCoCanceled);
    return out != sw::kAborted;
}

using MultiWaitFn = CURLMcode (*)(CURLM *, struct curl_waitfd *, unsigned int, int, int *);

CURLMcode wait_in_coroutine(MultiWaitFn real, CURLM *multi, struct curl_waitfd *extra, unsigned int extra_n,
                            int timeout_ms, int *ret) {
    gust::php::PhpCoroutine *p = gust::php::current();
    const Nanos deadline = gust::deadline_after(gust::monotonic_now(), std::max(timeout_ms, 0) * gust::kNanosPerMilli);
    for (;;) {
        int numfds = 0;
        CURLMcode rc = real(multi, extra, extra_n, 0, &numfds);  // never blocks: libcurl's own answer
        if (rc != CURLM_OK || numfds > 0) {
            if (ret) *ret = numfds;
            return rc;
        }
        if (ret) *ret = 0;
        Nanos left = deadline - gust::monotonic_now();
        if (left <= 0) return CURLM_OK;
        long internal = -1;
        g_real.multi_timeout(multi, &internal);
        if (internal == 0) return CURLM_OK;  // libcurl has work due now: the caller's curl_multi_exec
        Nanos wait = internal > 0 ? std::min(left, internal * gust::kNanosPerMilli) : left;
        // Then loop: libcurl's zero-timeout answer decides (ready sockets, or its timer now due).
        if (!park_on_multi(multi, extra, extra_n, wait, p)) return CURLM_OK;
    }
}

CURLMcode hooked_multi_wait(CURLM *multi, struct curl_waitfd *extra, unsigned int extra_n, int timeout_ms, int *ret) {
    if (!multi || timeout_ms < 0 || !active()) return g_real.multi_wait(multi, extra, extra_n, timeout_ms, ret);
    return wait_in_coroutine(g_real.multi_wait, multi, extra, extra_n, timeout_ms, ret);
}

CURLMcode hooked_multi_poll(CURLM *multi, struct curl_waitfd *extra, unsigned int extra_n, int timeout_ms, int *ret) {
    if (!multi || timeout_ms < 0 || !active()) return g_real.multi_poll(multi, extra, extra_n, timeout_ms, ret);
    return wait_in_coroutine(g_real.multi_poll, multi, extra, extra_n, timeout_ms, ret);
}

// ---- patching -----------------------------------------------------------------------------------

template <typename Fn>
bool lookup(void *lib, const char *name, Fn *out) {
    *out = reinterpret_cast<Fn>(dlsym(lib, name));
    return *out != nullptr;
}

// Resolves the multi-socket functions from the libcurl curl.so uses (found through the real
// curl_easy_perform), without linking gust.so against libcurl.
bool resolve_library(void *easy_perform) {
    Dl_info info{};
    if (!dladdr(easy_perform, &info) || !info.dli_fname) return false;
    void *lib = dlopen(info.dli_fname, RTLD_LAZY | RTLD_NOLOAD);
    if (!lib) return false;
    bool ok = lookup(lib, "curl_easy_cleanup", &g_real.easy_cleanup) &&
              lookup(lib, "curl_multi_wait", &g_real.multi_wait) &&
              lookup(lib, "curl_multi_init", &g_real.multi_init) &&
              lookup(lib, "curl_multi_cleanup", &g_real.multi_cleanup) &&
              lookup(lib, "curl_multi_setopt", &g_real.multi_setopt) &&
              lookup(lib, "curl_multi_add_handle", &g_real.multi_add_handle) &&
              lookup(lib, "curl_multi_remove_handle", &g_real.multi_remove_handle) &&
              lookup(lib, "curl_multi_socket_action", &g_real.multi_socket_action) &&
              lookup(lib, "curl_multi_info_read", &g_real.multi_info_read) &&
              lookup(lib, "curl_multi_timeout", &g_real.multi_timeout) &&
              lookup(lib, "curl_multi_fdset", &g_real.multi_fdset);
    lookup(lib, "curl_multi_poll", &g_real.multi_poll);  // libcurl >= 7.66
    dlclose(lib);                                        // still loaded: curl.so holds it
    return ok;
}

// Once, when the flag is first switched on (every extension is loaded by then); retried on a
// later switch if ext/curl was not loaded yet.
void patch_once() {
    if (g_patched) return;
    void *perform = hooks::patch_import(kObject, "curl_easy_perform", reinterpret_cast<void *>(hooked_easy_perform));
    if (!perform) return;
    g_real.easy_perform = reinterpret_cast<CURLcode (*)(CURL *)>(perform);
    // Without the multi-socket functions the replacement stays inactive: every call goes to libcurl.
    if (!resolve_library(perform)) return;
    hooks::patch_import(kObject, "curl_easy_cleanup", reinterpret_cast<void *>(hooked_easy_cleanup));
    hooks::patch_import(kObject, "curl_multi_wait", reinterpret_cast<void *>(hooked_multi_wait));
    if (g_real.multi_poll) hooks::patch_import(kObject, "curl_multi_poll", reinterpret_cast<void *>(hooked_multi_poll));
    g_patched = true;
}

void apply(uint32_t flags) {
    if (flags & (hooks::kNativeCurl | hooks::kCurl)) patch_once();
}

}  // namespace

GUST_HOOK_AREA(g_curl_area, "native curl", hooks::kNativeCurl | hooks::kCurl, apply);

#endif  // __has_include(<curl/curl.h>)
