// SWOOLE_THREAD servers (thread_mode.h, docs/php-thread-mode.md). The main thread bound the
// ports in the constructor; start() there runs onStart, starts worker_num + task_worker_num PHP
// threads (Swoole\Thread's script threads) on the `bootstrap` script and supervises them: a
// thread that ends is started again (max_request, a fatal error, an uncaught exception), reload()
// stops and restarts them, shutdown() stops them. In a worker thread the script's own server
// serves as that worker, BASE style: its own loop and reactor accepting on a copy of each
// listening socket (fds are the process's), so no connection crosses threads.
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
#include <cerrno>
#include <cmath>

#include "SAPI.h"
#include "gust/base/clock.h"
#include "gust/base/log.h"
#include "gust/server/respawn.h"
#include "gust/thread/value.h"
#include "common/hook_registry.h"
#include "server/server.h"
#include "server/settings.h"
#include "server/tasks.h"
#include "server/thread_mode.h"
#include "thread/bridge.h"
#include "thread/thread.h"

namespace gust::php::srv {
namespace {

struct SharedPort {
    int fd = -1;  // the main thread's; a worker serves a copy
    int family = AF_INET;
    int type = SOCK_STREAM;
    int port = 0;
    std::string host;
    zend_long sock_type = kSockTcp;
};

// What a worker thread tells the main thread through the notify pipe (one write, < PIPE_BUF).
enum class Note : int { kEnded, kShutdown, kReload, kReloadTasks };
struct NoteMsg {
    Note note;
    int status;
    int64_t id;
    uint64_t gen;
};

// The running server as its threads see it: written by the main thread before any worker starts,
// read-only afterwards (the notify pipe is written by any thread, one whole message at a time).
struct ThreadServer {
    std::vector<SharedPort> ports;
    std::vector<std::pair<int, int>> inboxes;
    zend_long worker_num = 0;
    zend_long task_worker_num = 0;
    pid_t master_pid = 0;
    double start_time = 0;
    std::string bootstrap;
    gust::thread::Value args;  // init_arguments' result: Thread::getArguments() in the workers
    int notify[2] = {-1, -1};
};

// One start of a worker id: made by the main thread, handed to the new thread, freed there at its end.
struct Launch final : loop::IoHandler {
    ThreadServer *ts = nullptr;
    zend_long id = 0;
    uint64_t gen = 0;
    int control = -1;          // eventfd: the main thread writes to it to stop this worker; it closes it
    Server *server = nullptr;  // while the worker serves
    loop::WatchId watch{};
    void on_io(uint32_t) override {
        uint64_t v;
        while (::read(control, &v, sizeof v) > 0) {
        }
        if (server) stop_worker(server);
    }
};

thread_local Launch *t_launch = nullptr;  // this thread's worker start, in a worker thread

void send_note(ThreadServer *ts, Note note, int status, int64_t id, uint64_t gen) {
    NoteMsg m{note, status, id, gen};
    ssize_t n;
    do {
        n = ::write(ts->notify[1], &m, sizeof m);
    } while (n < 0 && errno == EINTR);
}

void enter_worker(void *arg) { t_launch = static_cast<Launch *>(arg); }

void leave_worker(void *arg, int status) {
    auto *l = static_cast<Launch *>(arg);
    t_launch = nullptr;
    ThreadServer *ts = l->ts;
    const int64_t id = l->id;
    const uint64_t gen = l->gen;
    delete l;
    send_note(ts, Note::kEnded, status, id, gen);
}

double mono_seconds() { return static_cast<double>(monotonic_now()) / 1e9; }

// ---- the main thread

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
};

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
    for (size_t i = 0; i < sv->slots.size(); ++i) {
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
        pollfd fds[2] = {{sv->ts->notify[0], POLLIN, 0}, {signal_fd, POLLIN, 0}};
        const int timeout = static_cast<int>(std::ceil(std::max(0.0, next - mono_seconds()) * 1000));
        const int n = poll(fds, 2, timeout);
        if (n < 0 && errno != EINTR) return;
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
    zval *timeout = ht ? zend_hash_str_find(ht, ZEND_STRL("request_timeout")) : nullptr;
    if (timeout && zval_get_double(timeout) > 0) {
        // Its CPU guard interrupts one PHP thread per process (coroutine/cpu_guard.cc).
        php_error_docref(nullptr, E_WARNING, "request_timeout is not supported by SWOOLE_THREAD servers yet");
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

bool start_main(Server *s) {
    if (!s->user_processes.empty()) {
        // A user process is a forked child: forking a process of running PHP threads is unsafe.
        php_error_docref(nullptr, E_WARNING, "addProcess() is not supported by SWOOLE_THREAD servers");
        return false;
    }
    auto *ts = new ThreadServer();
    if (!prepare(s, ts)) {
        delete ts;
        return false;
    }
    const zend_long slots = s->settings.worker_num + s->settings.task_worker_num;
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
    for (auto &p : s->ports) ts->ports.push_back({p->fd, p->family, p->type, p->port, p->host, p->sock_type});
    ts->inboxes = s->inboxes;
    ts->worker_num = s->settings.worker_num;
    ts->task_worker_num = s->settings.task_worker_num;
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
        delete ts;
    }
    return !EG(exception);
}

// ---- a worker thread

bool serve(Server *s) {
    Launch *l = t_launch;
    ThreadServer *ts = l->ts;
    // The worker ids are the main thread's: the same script normally sets the same counts.
    s->settings.worker_num = ts->worker_num;
    s->settings.task_worker_num = ts->task_worker_num;
    s->inboxes = ts->inboxes;  // the process's, closed by nobody here
    s->started = true;
    s->master_pid = ts->master_pid;
    s->start_time = ts->start_time;
    zend_update_property_long(s->self->ce, s->self, ZEND_STRL("master_pid"), s->master_pid);
    LoopState *rt = loop_state();
    auto w = rt->loop->watch(l->control, loop::kReadable, l);
    if (w.ok()) {
        l->watch = w.value();
        rt->loop->set_watch_ref(l->watch, false);  // the worker's own work keeps its loop alive
    }
    l->server = s;
    run_worker(s, l->id);
    l->server = nullptr;
    if (l->watch.valid()) rt->loop->unwatch(l->watch);
    l->watch = {};
    s->inboxes.clear();
    return true;
}

}  // namespace

bool in_server_thread() { return t_launch != nullptr; }

std::unique_ptr<Port> thread_port(size_t index, const char *host, zend_long port) {
    ThreadServer *ts = t_launch ? t_launch->ts : nullptr;
    if (!ts || index >= ts->ports.size()) {
        throw_error(swoole_exception_ce(), EINVAL,
                    "SWOOLE_THREAD worker: the main thread has no port #%zu (%s:" ZEND_LONG_FMT
                    "): the bootstrap script must make the same ports",
                    index, host, port);
        return nullptr;
    }
    const SharedPort &sp = ts->ports[index];
    auto p = std::make_unique<Port>();
    p->host = sp.host;
    p->port = sp.port;
    p->sock_type = sp.sock_type;
    p->family = sp.family;
    p->type = sp.type;
    p->fd = fcntl(sp.fd, F_DUPFD_CLOEXEC, 0);
    if (p->fd < 0) {
        throw_error(swoole_exception_ce(), errno, "SWOOLE_THREAD worker: cannot copy port #%zu: %s", index,
                    strerror(errno));
        return nullptr;
    }
    return p;
}

bool start_thread_mode(Server *s) { return t_launch ? serve(s) : start_main(s); }

void thread_mode_shutdown() {
    if (t_launch) send_note(t_launch->ts, Note::kShutdown, 0, -1, 0);
}

void thread_mode_reload(bool only_task_workers) {
    if (t_launch) send_note(t_launch->ts, only_task_workers ? Note::kReloadTasks : Note::kReload, 0, -1, 0);
}

}  // namespace gust::php::srv
