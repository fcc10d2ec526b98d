// coroutine_dump_signal and the hot_reload settings (docs/operations.md).
#include "server/operations.h"

#include <unistd.h>

#include <cstring>
#include <string>

#include "zend/options.h"
#include "gust/base/log.h"

namespace gust::php::srv {

bool load_operations_settings(Server *s, HashTable *ht) {
    using namespace opt;
    Settings &o = s->settings;
    const zend_long sig = long_of(ht, "coroutine_dump_signal", SIGQUIT);
    if (sig < 0 || sig >= NSIG || sig == SIGKILL || sig == SIGSTOP || sig == SIGCHLD || sig == SIGTERM ||
        sig == SIGINT || sig == SIGUSR1 || sig == SIGUSR2) {
        php_error_docref(nullptr, E_WARNING,
                         "coroutine_dump_signal " ZEND_LONG_FMT
                         " cannot be used (0 turns it off; the server already uses SIGTERM, SIGINT, "
                         "SIGUSR1, SIGUSR2 and SIGCHLD)",
                         sig);
        return false;
    }
    o.coroutine_dump_signal = static_cast<int>(sig);
    o.hot_reload_paths.clear();
    o.hot_reload_extensions.clear();
    zval *hr = find(ht, "hot_reload");
    if (!hr || Z_TYPE_P(hr) == IS_NULL || Z_TYPE_P(hr) == IS_FALSE) return true;
    if (Z_TYPE_P(hr) != IS_ARRAY) {
        php_error_docref(
            nullptr, E_WARNING,
            "hot_reload must be an array ['paths' => [...], 'extensions' => ['php'], 'debounce_ms' => 100]");
        return false;
    }
    HashTable *h = Z_ARRVAL_P(hr);
    o.hot_reload_paths = strings_of(h, "paths");
    o.hot_reload_extensions = strings_of(h, "extensions");
    if (!find(h, "extensions")) o.hot_reload_extensions = {"php"};
    o.hot_reload_debounce_ms = long_of(h, "debounce_ms", 100);
    if (o.hot_reload_paths.empty()) {
        php_error_docref(nullptr, E_WARNING, "hot_reload needs 'paths': the files or directories to watch");
        return false;
    }
    if (o.hot_reload_debounce_ms < 0 || o.hot_reload_debounce_ms > 60000) {
        php_error_docref(nullptr, E_WARNING,
                         "hot_reload debounce_ms must be between 0 and 60000, " ZEND_LONG_FMT " given",
                         o.hot_reload_debounce_ms);
        return false;
    }
    for (const std::string &p : o.hot_reload_paths) {
        if (access(p.c_str(), F_OK) != 0) {
            php_error_docref(nullptr, E_WARNING, "hot_reload path [%s] does not exist", p.c_str());
            return false;
        }
    }
    return true;
}

void add_dump_signal(const Server *s, sigset_t *set) {
    if (s->settings.coroutine_dump_signal > 0) sigaddset(set, s->settings.coroutine_dump_signal);
}

bool is_dump_signal(const Server *s, int sig) {
    return s->settings.coroutine_dump_signal > 0 && sig == s->settings.coroutine_dump_signal;
}

void watch_dump_signal(Server *s, LoopState *rt) {
    const int sig = s->settings.coroutine_dump_signal;
    if (sig <= 0) return;
    // Unreferenced: a worker with nothing else to do still ends.
    (void)rt->loop->watch_signal(
        sig,
        [s](int) {
            char who[48];
            snprintf(who, sizeof who, "%s %ld", s->worker_id >= s->settings.worker_num ? "task worker" : "worker",
                     static_cast<long>(s->worker_id));
            log_coroutine_dump(who);
        },
        false);
}

void unwatch_dump_signal(Server *s, LoopState *rt) {
    if (s->settings.coroutine_dump_signal > 0) rt->loop->unwatch_signal(s->settings.coroutine_dump_signal);
}

void forward_dump_signal(Server *s) {
    const int sig = s->settings.coroutine_dump_signal;
    const size_t workers = static_cast<size_t>(s->settings.worker_num + s->settings.task_worker_num);
    size_t sent = 0;
    for (size_t id = 0; id < workers && id < s->worker_pids.size(); ++id) {
        if (s->worker_pids[id] > 0 && kill(s->worker_pids[id], sig) == 0) ++sent;
    }
    log_write(LogLevel::kNotice, "coroutine dump requested (signal %d): asked %zu worker%s", sig, sent,
              sent == 1 ? "" : "s");
}

}  // namespace gust::php::srv
