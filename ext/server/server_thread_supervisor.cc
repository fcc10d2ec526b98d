// The main thread of a SWOOLE_THREAD server (thread_mode.h, docs/php-thread-mode.md): start()
// there runs onStart, starts worker_num + task_worker_num PHP threads (and one per addProcess())
// on the `bootstrap` script, accepts connections and hands each to the least loaded worker
// thread, and supervises the threads: one that ends is started again (max_request, a fatal error,
// an uncaught exception), reload() stops and restarts them, shutdown() stops them.
// Functions that call PHP keep no C++ object with a destructor on their stack (a fatal error
// longjmps through them).
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <cerrno>
#include <cmath>

#include "SAPI.h"
#include "gust/base/clock.h"
#include "gust/base/log.h"
#include "gust/net/socket.h"
#include "gust/server/respawn.h"
#include "gust/thread/value.h"
#include "common/errors.h"
#include "common/hook_registry.h"
#include "server/server.h"
#include "server/settings.h"
#include "server/tasks.h"
#include "server/thread_mode.h"
#include "process/process.h"
#include "thread/bridge.h"
#include "thread/thread.h"
#include "server/thread_server.h"

namespace gust::php::srv::thread_server {
namespace {

struct Slot {
    pthread_t handle{};
    uint64_t gen = 0;
    bool running = false;
    int control = -1;
    double stop_asked_at = 0;  // reload / shutdown: when it was told to stop (0: not told)
};

// A thread given up on (it outlived max_wait_time after being told to stop): detached; its
// control fd is closed when its end is noted.
struct Abandoned {
    int64_t id;
    uint64_t gen;
    int control;
};

struct Supervisor {
    Server *s = nullptr;
    ThreadServer *ts = nullptr;
    std::vector<Slot> slots;
    std::vector<Abandoned> abandoned;
    server::RespawnPolicy respawn;
    uint64_t next_gen = 0;
    bool stopping = false;
    double stop_deadline = 0;
    size_t next_pick = 0;         // where the search for the least loaded worker starts (ties rotate)
    double accept_paused_to = 0;  // out of fds: the listeners rest until then
};

// The worker id a new connection goes to: the least loaded of those serving (connections handed
// minus those its thread has closed, as it last published), ties taken in turn. A worker being
// replaced still gets its share when none serves: its successor takes the queue.
size_t pick_worker(Supervisor *sv) {
    const auto n = static_cast<size_t>(sv->ts->worker_num);
    size_t best = 0;
    bool best_ready = false;
    uint64_t best_load = UINT64_MAX;
    for (size_t k = 0; k < n; ++k) {
        const size_t i = (sv->next_pick + k) % n;
        const Slot &slot = sv->slots[i];
        const bool ready = slot.running && slot.stop_asked_at == 0;
        const uint64_t closed = sv->ts->stats[i].closed.load(std::memory_order_relaxed);
        const uint64_t handed = sv->ts->handoff[i].handed;
        const uint64_t load = handed - std::min(handed, closed);
        if ((ready && !best_ready) || (ready == best_ready && load < best_load)) {
            best = i;
            best_ready = ready;
            best_load = load;
        }
    }
    sv->next_pick = best + 1;
    return best;
}

void hand(Supervisor *sv, size_t id, int fd, int port) {
    Handoff &h = sv->ts->handoff[id];
    bool was_empty;
    {
        std::lock_guard<std::mutex> lock(h.mu);
        was_empty = h.fds.empty();
        h.fds.emplace_back(fd, port);
    }
    ++h.handed;
    if (was_empty) {
        const uint64_t one = 1;
        (void)!::write(h.wake, &one, sizeof one);
    }
}

void accept_some(Supervisor *sv, size_t port) {
    const int lfd = sv->ts->ports[port].fd;
    for (int i = 0; i < 64; ++i) {
        const int fd = accept4(lfd, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd >= 0) {
            hand(sv, pick_worker(sv), fd, static_cast<int>(port));
            continue;
        }
        if (errno == EINTR || errno == ECONNABORTED) continue;
        if (errno == EMFILE || errno == ENFILE) {
            // The connection stays queued and the listener ready: rest instead of spinning.
            GUST_LOG_WARN("accept: %s; pausing the listeners for 100 ms", strerror(errno));
            sv->accept_paused_to = mono_seconds() + 0.1;
        }
        return;
    }
}

bool spawn(Supervisor *sv, size_t id) {
    Slot &slot = sv->slots[id];
    auto *l = new Launch();
    l->ts = sv->ts;
    l->id = static_cast<zend_long>(id);
    l->gen = ++sv->next_gen;
    l->control = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (l->control < 0) {
        delete l;
        return false;
    }
    thread::ScriptHooks hooks;
    hooks.enter = enter_worker;
    hooks.leave = leave_worker;
    hooks.arg = l;
    int err = 0;
    pthread_t handle;
    const int control = l->control;
    const uint64_t gen = l->gen;
    if (!thread::start_script_thread(sv->ts->bootstrap, sv->ts->args, hooks, &handle, &err)) {
        ::close(l->control);
        delete l;
        GUST_LOG_ERROR("cannot start worker thread #%zu: %s", id, strerror(err));
        return false;
    }
    slot.handle = handle;
    slot.gen = gen;
    slot.control = control;
    slot.running = true;
    slot.stop_asked_at = 0;
    sv->respawn.started(id, mono_seconds());
    return true;
}

void ask_stop(Slot &slot, double now) {
    if (!slot.running || slot.stop_asked_at > 0) return;
    const uint64_t one = 1;
    (void)!::write(slot.control, &one, sizeof one);
    slot.stop_asked_at = now;
}

void ended(Supervisor *sv, const NoteMsg &m) {
    for (auto it = sv->abandoned.begin(); it != sv->abandoned.end(); ++it) {
        if (it->id == m.id && it->gen == m.gen) {
            ::close(it->control);
            sv->abandoned.erase(it);
            return;
        }
    }
    if (m.id < 0 || static_cast<size_t>(m.id) >= sv->slots.size()) return;
    Slot &slot = sv->slots[static_cast<size_t>(m.id)];
    if (!slot.running || slot.gen != m.gen) return;
    pthread_join(slot.handle, nullptr);
    ::close(slot.control);
    slot.control = -1;
    slot.running = false;
    const bool asked = slot.stop_asked_at > 0;
    slot.stop_asked_at = 0;
    if (sv->stopping) return;
    const double now = mono_seconds();
    // Asked to stop (reload) or ended by itself after max_request: a clean end; anything else
    // (a fatal error, an uncaught exception, exit() in the script) is logged, and backs off if quick.
    if (m.status != 0) {
        GUST_LOG_WARN("worker thread #%ld ended with exit status %d; starting it again", static_cast<long>(m.id),
                      m.status);
    }
    (void)sv->respawn.exited(static_cast<size_t>(m.id), now, !asked && m.status != 0);
}

void give_up_on(Supervisor *sv, size_t id) {
    Slot &slot = sv->slots[id];
    GUST_LOG_WARN("worker thread #%zu did not stop within max_wait_time (%.1f s): left to finish on its own%s", id,
                  sv->s->settings.max_wait_time, sv->stopping ? "" : ", a new one takes its place");
    pthread_detach(slot.handle);
    sv->abandoned.push_back({static_cast<int64_t>(id), slot.gen, slot.control});
    slot.running = false;
    slot.control = -1;
    slot.stop_asked_at = 0;
    if (!sv->stopping) sv->respawn.retry_at(id, mono_seconds());
}

void on_reload(Supervisor *sv, bool only_tasks) {
    const double now = mono_seconds();
    // reload() restarts workers and task workers; user processes go on (as in PROCESS mode).
    const auto reloaded = static_cast<size_t>(sv->ts->worker_num + sv->ts->task_worker_num);
    for (size_t i = 0; i < reloaded; ++i) {
        if (only_tasks && static_cast<zend_long>(i) < sv->ts->worker_num) continue;
        ask_stop(sv->slots[i], now);
    }
}

void on_shutdown(Supervisor *sv) {
    if (sv->stopping) return;
    sv->stopping = true;
    const double now = mono_seconds();
    sv->stop_deadline = now + std::max(0.0, sv->s->settings.max_wait_time);
    for (Slot &slot : sv->slots) ask_stop(slot, now);
}

bool any_running(const Supervisor *sv) {
    return std::any_of(sv->slots.begin(), sv->slots.end(), [](const Slot &s) { return s.running; });
}

// Until the server has stopped: notes from the worker threads, signals, respawns, deadlines.
void supervise(Supervisor *sv, int signal_fd) {
    const double wait = std::max(0.0, sv->s->settings.max_wait_time);
    for (;;) {
        double now = mono_seconds();
        if (sv->stopping) {
            if (!any_running(sv)) return;
            if (now >= sv->stop_deadline) {
                for (size_t i = 0; i < sv->slots.size(); ++i) {
                    if (sv->slots[i].running) give_up_on(sv, i);
                }
                return;
            }
        }
        double next = sv->stopping ? sv->stop_deadline : now + 60;
        for (size_t i = 0; i < sv->slots.size(); ++i) {
            Slot &slot = sv->slots[i];
            if (slot.running && slot.stop_asked_at > 0 && !sv->stopping) {
                if (now >= slot.stop_asked_at + wait) {
                    give_up_on(sv, i);
                } else {
                    next = std::min(next, slot.stop_asked_at + wait);
                }
            }
            if (!slot.running && !sv->stopping) {
                const double due = sv->respawn.due_at(i);
                if (due <= now) {
                    if (!spawn(sv, i)) sv->respawn.retry_at(i, now + 1);
                } else {
                    next = std::min(next, due);
                }
            }
        }
        std::vector<pollfd> fds = {{sv->ts->notify[0], POLLIN, 0}, {signal_fd, POLLIN, 0}};
        // The stream ports: this thread accepts for the workers (until the server stops).
        std::vector<size_t> polled;
        if (sv->ts->handoff && !sv->stopping) {
            if (now < sv->accept_paused_to) {
                next = std::min(next, sv->accept_paused_to);
            } else {
                for (size_t i = 0; i < sv->ts->ports.size(); ++i) {
                    if (sv->ts->ports[i].type != SOCK_STREAM) continue;
                    fds.push_back({sv->ts->ports[i].fd, POLLIN, 0});
                    polled.push_back(i);
                }
            }
        }
        const int timeout = static_cast<int>(std::ceil(std::max(0.0, next - mono_seconds()) * 1000));
        const int n = poll(fds.data(), fds.size(), timeout);
        if (n < 0 && errno != EINTR) return;
        for (size_t k = 0; n > 0 && k < polled.size(); ++k) {
            if (fds[k + 2].revents & POLLIN) accept_some(sv, polled[k]);
        }
        if (fds[0].revents & POLLIN) {
            NoteMsg m;
            while (::read(sv->ts->notify[0], &m, sizeof m) == static_cast<ssize_t>(sizeof m)) {
                if (m.note == Note::kEnded) ended(sv, m);
                if (m.note == Note::kShutdown) on_shutdown(sv);
                if (m.note == Note::kReload || m.note == Note::kReloadTasks)
                    on_reload(sv, m.note == Note::kReloadTasks);
            }
        }
        if (fds[1].revents & POLLIN) {
            signalfd_siginfo info;
            while (::read(signal_fd, &info, sizeof info) == static_cast<ssize_t>(sizeof info)) {
                if (info.ssi_signo == SIGTERM) on_shutdown(sv);
                if (info.ssi_signo == SIGUSR1 || info.ssi_signo == SIGUSR2) on_reload(sv, info.ssi_signo == SIGUSR2);
            }
        }
    }
}

// The `bootstrap` setting, else the main script; `init_arguments` called here, its result copied
// for the workers. false with an exception or warning when either is unusable.
bool prepare(Server *s, ThreadServer *ts) {
    zval *settings = zend_read_property(s->self->ce, s->self, ZEND_STRL("setting"), 1, nullptr);
    HashTable *ht = settings && Z_TYPE_P(settings) == IS_ARRAY ? Z_ARRVAL_P(settings) : nullptr;
    zval *boot = ht ? zend_hash_str_find(ht, ZEND_STRL("bootstrap")) : nullptr;
    if (boot && Z_TYPE_P(boot) == IS_STRING && Z_STRLEN_P(boot) > 0) {
        ts->bootstrap.assign(Z_STRVAL_P(boot), Z_STRLEN_P(boot));
    } else if (SG(request_info).path_translated) {
        ts->bootstrap = SG(request_info).path_translated;
    } else {
        php_error_docref(nullptr, E_WARNING, "SWOOLE_THREAD: no script to run in the worker threads: set 'bootstrap'");
        return false;
    }
    zval *init = ht ? zend_hash_str_find(ht, ZEND_STRL("init_arguments")) : nullptr;
    if (init && Z_TYPE_P(init) != IS_NULL) {
        if (!zend_is_callable(init, 0, nullptr)) {
            zend_throw_error(zend_ce_type_error, "init_arguments must be a callable");
            return false;
        }
        zval ret;
        ZVAL_UNDEF(&ret);
        if (call_user_function(nullptr, nullptr, init, &ret, 0, nullptr) != SUCCESS || EG(exception)) {
            zval_ptr_dtor(&ret);
            return false;
        }
        const bool ok = thread::to_value(&ret, ts->args, false);
        zval_ptr_dtor(&ret);
        if (!ok) return false;
    }
    return true;
}

}  // namespace

bool start_main(Server *s) {
    for (zend_object *proc : s->user_processes) {
        if (process_redirects_stdio(proc)) {
            // Its thread would point the whole process's stdin/stdout at its pipe.
            php_error_docref(nullptr, E_WARNING, "SWOOLE_THREAD: a user process cannot redirect stdio");
            return false;
        }
    }
    auto *ts = new ThreadServer();
    if (!prepare(s, ts)) {
        delete ts;
        return false;
    }
    const auto user_num = static_cast<zend_long>(s->user_processes.size());
    const zend_long slots = s->settings.worker_num + s->settings.task_worker_num + user_num;
    if (slots > 1 && !make_inboxes(s)) {
        php_error_docref(nullptr, E_WARNING, "cannot make the workers' inboxes: %s", strerror(errno));
        delete ts;
        return false;
    }
    if (pipe2(ts->notify, O_CLOEXEC | O_NONBLOCK) != 0) {
        php_error_docref(nullptr, E_WARNING, "cannot make a pipe: %s", strerror(errno));
        delete ts;
        return false;
    }
    for (auto &p : s->ports) {
        ts->ports.push_back({p->fd, p->family, p->type, p->port, p->host, p->sock_type});
    }
    ts->inboxes = s->inboxes;
    ts->worker_num = s->settings.worker_num;
    ts->task_worker_num = s->settings.task_worker_num;
    ts->user_num = user_num;
    const bool streams = std::any_of(s->ports.begin(), s->ports.end(), [](auto &p) { return p->type == SOCK_STREAM; });
    if (streams && s->settings.worker_num > 0) {
        ts->handoff = std::make_unique<Handoff[]>(static_cast<size_t>(s->settings.worker_num));
        for (zend_long i = 0; i < s->settings.worker_num; ++i) {
            ts->handoff[i].wake = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
        }
    }
    ts->stats =
        std::make_unique<StatsLine[]>(static_cast<size_t>(s->settings.worker_num + s->settings.task_worker_num));
    for (zend_object *proc : s->user_processes) {
        int parent_end, child_end;
        process_pipe(proc, &parent_end, &child_end);
        ts->process_pipes.emplace_back(parent_end, child_end);
    }
    s->started = true;
    s->master_pid = ts->master_pid = getpid();
    s->start_time = ts->start_time = static_cast<double>(wall_now()) / 1e9;
    zend_update_property_long(s->self->ce, s->self, ZEND_STRL("master_pid"), s->master_pid);
    apply_logging(s);
    write_pid_file(s);
    // The signals the main thread answers, blocked before any worker starts so that every thread
    // it starts inherits the mask: only the main thread reads them (signalfd).
    sigset_t watched, previous;
    sigemptyset(&watched);
    sigaddset(&watched, SIGTERM);
    sigaddset(&watched, SIGUSR1);
    sigaddset(&watched, SIGUSR2);
    pthread_sigmask(SIG_BLOCK, &watched, &previous);
    const int signal_fd = signalfd(-1, &watched, SFD_CLOEXEC | SFD_NONBLOCK);
    auto *sv = new Supervisor();
    sv->s = s;
    sv->ts = ts;
    sv->slots.resize(static_cast<size_t>(slots));
    sv->respawn.resize(static_cast<size_t>(slots));
    // Runtime hooks patch the engine's function tables, which every thread shares: set once here.
    if (s->settings.hook_flags_set) hooks::set_flags(static_cast<uint32_t>(s->settings.hook_flags));
    if (call_plain_with_server(s, kStart)) {
        for (size_t i = 0; i < sv->slots.size(); ++i) {
            if (!spawn(sv, i)) sv->respawn.retry_at(i, mono_seconds() + 1);
        }
        supervise(sv, signal_fd);
    }
    if (signal_fd >= 0) ::close(signal_fd);
    pthread_sigmask(SIG_SETMASK, &previous, nullptr);
    const bool left_running = !sv->abandoned.empty();
    delete sv;
    if (!EG(exception)) (void)call_plain_with_server(s, kShutdown);
    remove_socket_files(s);
    if (!s->settings.pid_file.empty()) unlink(s->settings.pid_file.c_str());
    if (!left_running) {
        // Threads given up on still hold `ts` (and the process ends at this request's end, as it
        // does with detached Swoole\Threads); otherwise nothing refers to it any more.
        ::close(ts->notify[0]);
        ::close(ts->notify[1]);
        for (zend_long i = 0; ts->handoff && i < ts->worker_num; ++i) {
            for (auto [fd, port] : ts->handoff[i].fds) ::close(fd);
            if (ts->handoff[i].wake >= 0) ::close(ts->handoff[i].wake);
        }
        delete ts;
    }
    return !EG(exception);
}

}  // namespace gust::php::srv::thread_server
