// Running a Swoole\Server: the worker (a reactor on the request's event loop, every callback in a
// coroutine) and, with worker_num > 1, the manager that forks, watches and respawns workers.
// Functions here keep no C++ object with a destructor on the stack across PHP calls: a fatal
// error in a callback may longjmp through them.
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cmath>
#include <ctime>

#include "gust/base/log.h"
#include "gust/net/socket.h"
#include "gust/server/respawn.h"
#include "common/hook_registry.h"
#include "common/module.h"

extern "C" {
#include "ext/standard/php_mt_rand.h"
}
#include "server/protocol.h"
#include "server/server.h"
#include "server/event_object.h"
#include "server/settings.h"
#include "server/connections.h"
#include "server/process_mode.h"
#include "server/server_metrics.h"
#include "server/tasks.h"
#include "server/commands.h"
#include "server/operations.h"
#include "server/worker_status.h"
#include "server/thread_mode.h"
#include "server/relay.h"

namespace gust::php::srv {
namespace {

// The server whose worker or manager runs in this process (in this thread: a THREAD server runs one per worker thread).
thread_local Server *g_running = nullptr;
// BASE: the server whose onStart runs now (in the process that will manage or be its worker).
thread_local Server *g_in_start = nullptr;

constexpr int kStopSignals[] = {SIGTERM};

double wall_now() {
    timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return static_cast<double>(ts.tv_sec) + ts.tv_nsec / 1e9;
}

void set_long_property(Server *s, const char *name, zend_long v) {
    zend_update_property_long(s->self->ce, s->self, name, strlen(name), v);
}

// Calls a process-level callback (start, shutdown, managerStart, ...) directly, outside every
// coroutine, as Swoole does. False when it threw.
bool call_plain(Server *s, int event, zval *args, uint32_t argc) {
    Callback &cb = s->callbacks[event];
    if (!cb.is_set()) return true;
    zval ret;
    cb.call(args, argc, &ret);
    zval_ptr_dtor(&ret);
    return !EG(exception);
}

// A server of one process (BASE, no manager): it is the master too.
bool single_process(Server *s) { return !s->process_mode && s->manager_pid == 0; }

void on_stop_signal(Server *s) {
    if (s->worker.stopping) return;
    if (single_process(s)) (void)call_plain_with_server(s, kBeforeShutdown);
    stop_worker(s);
}

void watch_signals(Server *s, LoopState *rt) {
    for (int sig : kStopSignals) {
        if (rt->loop->watch_signal(sig, [s](int) { on_stop_signal(s); }).ok()) s->worker.signals_watched = true;
    }
    watch_dump_signal(s, rt);
}

void unwatch_signals(Server *s, LoopState *rt) {
    if (!s->worker.signals_watched) return;
    unwatch_dump_signal(s, rt);
    for (int sig : kStopSignals) rt->loop->unwatch_signal(sig);
    s->worker.signals_watched = false;
}

void heartbeat_tick(void *arg, loop::TimerId) {
    auto *s = static_cast<Server *>(arg);
    if (s->worker.reactor && !s->worker.stopping) (void)close_idle_sessions(s, true);
}

// After stop: gives the worker's coroutines max_wait_time to finish, then ends the loop.
void stop_deadline(void *arg, loop::TimerId) {
    auto *s = static_cast<Server *>(arg);
    s->worker.stop_deadline = 0;
    LoopState *rt = loop_state_if_any();
    if (!rt) return;
    // Swoole's wording after the context, so a log watcher finds the same line.
    GUST_LOG_WARN("worker #%ld, max_wait_time %.1f s (ERRNO %d): worker exit timeout, forced termination",
                  static_cast<long>(s->worker_id), s->settings.max_wait_time,
                  code(SwooleError::kServerWorkerExitTimeout));
    rt->exit_requested = true;
}

// A stopping event worker, at the end of each loop cycle, as in Swoole: while something other than
// the server (a timer, a socket, a coroutine) still keeps its loop alive, onWorkerExit runs so that
// user code can clear it; once nothing does, the loop ends and onWorkerStop follows.
// The loop asks keeps_alive() of this hook only when nothing before it (watches, timers, signals,
// deferred work, the scheduler's hook) keeps the loop alive: not being asked since the last cycle
// means something still does.
struct WorkerExitHook final : loop::IterationHook {
    Server *s = nullptr;
    bool asked = true;  // keeps_alive() was called since the last before_wait()
    bool in_callback = false;
    bool before_wait() override {
        const bool something_alive = !asked;
        asked = false;
        if (!something_alive || !s->worker.stopping || in_callback || is_task_worker(s) ||
            !s->callbacks[kWorkerExit].is_set()) {
            return false;
        }
        LoopState *rt = loop_state_if_any();
        if (!rt || rt->exit_requested || rt->pending != Pending::kNone) return false;
        in_callback = true;
        zval args[2];
        ZVAL_OBJ(&args[0], s->self);
        ZVAL_LONG(&args[1], s->worker_id);
        (void)call_plain(s, kWorkerExit, args, 2);  // outside coroutines, as Swoole calls it
        in_callback = false;
        return false;
    }
    bool keeps_alive() override {
        asked = true;
        return false;
    }
};

// ---- manager (worker_num > 1)

struct ManagerState {
    sigset_t watched;
    sigset_t previous;
    server::RespawnPolicy respawn;  // by worker id: when to spawn it again (backoff after quick deaths)
    std::vector<bool> reloading;    // by worker id: stopped by a reload, not yet spawned again
    size_t reload_left = 0;
    double kill_at = 0;         // stopping: when the remaining workers get SIGKILL
    double reload_kill_at = 0;  // reloading: when the workers still stopping get SIGKILL
    int signal_fd = -1;         // the watched signals, read by the manager's loop
};

// Nothing to do on readiness: the manager reads its signalfd after each turn of its loop.
struct SignalWaker final : loop::IoHandler {
    void on_io(uint32_t) override {}
};

// `user`/`group`: a worker of a server started as root gives up root before it serves.
void drop_privileges(Server *s) {
    if (geteuid() != 0 || (s->settings.user.empty() && s->settings.group.empty())) return;
    gid_t gid = getgid();
    uid_t uid = getuid();
    if (!s->settings.user.empty()) {
        passwd *pw = getpwnam(s->settings.user.c_str());
        if (!pw) {
            GUST_LOG_ERROR("user %s does not exist", s->settings.user.c_str());
            _exit(1);
        }
        uid = pw->pw_uid;
        gid = pw->pw_gid;
    }
    if (!s->settings.group.empty()) {
        group *gr = getgrnam(s->settings.group.c_str());
        if (!gr) {
            GUST_LOG_ERROR("group %s does not exist", s->settings.group.c_str());
            _exit(1);
        }
        gid = gr->gr_gid;
    }
    if (setgroups(0, nullptr) != 0 || setgid(gid) != 0 || setuid(uid) != 0) {
        GUST_LOG_ERROR("cannot switch to user %s / group %s: %s", s->settings.user.c_str(), s->settings.group.c_str(),
                       strerror(errno));
        _exit(1);
    }
}

// Forks worker `id`. Returns true in the child (which must serve and then exit), false in the
// manager.
bool spawn_worker(Server *s, ManagerState *m, size_t id) {
    const pid_t manager = getpid();
    pid_t pid = fork();
    if (pid < 0) {
        GUST_LOG_ERROR("fork of worker #%zu failed: %s; retrying in 1 s", id, strerror(errno));
        m->respawn.retry_at(id, wall_now() + 1);
        return false;
    }
    if (pid == 0) {
        // A stop (reload, max_request of a sibling...) that comes before the worker watches for it
        // must wait for it, not kill it half-started: SIGTERM stays blocked until the worker's loop
        // reads it from its signalfd (user processes keep the default).
        sigset_t mask = m->previous;
        if (static_cast<zend_long>(id) < s->settings.worker_num + s->settings.task_worker_num)
            sigaddset(&mask, SIGTERM);
        else sigdelset(&mask, SIGTERM);  // a PROCESS manager runs with it blocked
        sigprocmask(SIG_SETMASK, &mask, nullptr);
        // A worker ends with its manager: one killed outright must not leave workers serving
        // nobody (SIGTERM is the orderly stop; checked once for a manager already gone).
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (getppid() != manager) kill(getpid(), SIGTERM);
        s->in_manager = false;
        s->worker_pids.clear();
        exit_after_request_shutdown();  // as Swoole's workers: the manager respawns it sooner
        // The manager's signals and loop (timers of onStart/onManagerStart) are not the child's.
        if (m->signal_fd >= 0) ::close(m->signal_fd);
        m->signal_fd = -1;
        hot_reload_forget_inherited(s);  // the manager's file watch, before its loop copy goes
        end_inherited_loop_state();
        s->worker_id = static_cast<zend_long>(id);
        close_inboxes(s, id < s->inboxes.size() ? s->worker_id : -1);
        if (s->process_mode) process_mode_child_forked(s, id);
        drop_privileges(s);
        return true;
    }
    s->worker_pids[id] = pid;
    m->respawn.started(id, wall_now());
    if (m->reloading[id]) {
        m->reloading[id] = false;
        if (--m->reload_left == 0) {
            (void)call_plain_with_server(s, kAfterReload);
            if (EG(exception)) zend_clear_exception();
            m->reload_kill_at = 0;
        }
    }
    return false;
}

// Reaps exited workers; schedules respawns (with a backoff for workers that die at once, so a
// worker failing in workerStart cannot fork-storm).
void reap_workers(Server *s, ManagerState *m) {
    int status = 0;
    pid_t pid;
    while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
        size_t id = 0;
        while (id < s->worker_pids.size() && s->worker_pids[id] != pid) ++id;
        if (id == s->worker_pids.size()) continue;
        s->worker_pids[id] = 0;
        shared_user_process_pid(s, static_cast<zend_long>(id), 0);
        const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 0;
        int sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
        if (s->manager_stopping && sig == SIGTERM) sig = 0;  // ended by our own stop: not a fault
        // A worker that stopped gracefully (reload, max_request) answered what it had read, and
        // what it had not read waits in its channels for the replacement: nothing is lost. One
        // that died abruptly takes its unanswered requests with it.
        if (s->process_mode && (code != 0 || sig != 0)) process_mode_worker_exited(s, id);
        if (code != 0 || sig != 0) shared_stats_worker_gone(s, static_cast<zend_long>(id));
        if (code != 0 || sig != 0) {
            // Swoole's wording, which its tests and users' log filters look for.
            GUST_LOG_WARN("Worker::report_error(): worker(pid=%d, id=%zu) abnormal exit, status=%d, signal=%d",
                          static_cast<int>(pid), id, code, sig);
            zval args[5];
            ZVAL_OBJ(&args[0], s->self);
            if (s->settings.event_object) {
                make_status_info(&args[1], static_cast<zend_long>(id), pid, status, code, sig);
                (void)call_plain(s, kWorkerError, args, 2);
                zval_ptr_dtor(&args[1]);
            } else {
                ZVAL_LONG(&args[1], static_cast<zend_long>(id));
                ZVAL_LONG(&args[2], pid);
                ZVAL_LONG(&args[3], code);
                ZVAL_LONG(&args[4], sig);
                (void)call_plain(s, kWorkerError, args, 5);
            }
            if (EG(exception)) zend_clear_exception();
        }
        if (s->manager_stopping) continue;
        metrics_worker_exited(s, id, sig, m->reloading[id]);
        (void)m->respawn.exited(id, wall_now(), code != 0 || sig != 0);
    }
}

bool any_worker_alive(Server *s) {
    for (pid_t pid : s->worker_pids) {
        if (pid > 0) return true;
    }
    return false;
}

void signal_workers(Server *s, int sig) {
    for (pid_t pid : s->worker_pids) {
        if (pid > 0) kill(pid, sig);
    }
}

// A signal the manager watches: SIGCHLD reaps, SIGTERM/SIGINT stop, SIGUSR1/SIGUSR2 reload.
void manager_on_signal(Server *s, ManagerState *m, int sig) {
    const size_t n = s->worker_pids.size();
    if (sig == SIGINT && run_user_signal_handler(sig)) {
        // Process::signal(SIGINT) in onManagerStart replaces the manager's stop on SIGINT, as in
        // Swoole. (SIGTERM always stops it: the master's shutdown() sends it.)
    } else if (sig == SIGCHLD) {
        reap_workers(s, m);
    } else if (sig == SIGTERM || sig == SIGINT) {
        if (!s->manager_stopping) {
            // BASE mode: this process is the master; PROCESS mode's master ran it already.
            if (!s->process_mode) (void)call_plain_with_server(s, kBeforeShutdown);
            if (EG(exception)) zend_clear_exception();
            s->manager_stopping = true;
            m->kill_at = wall_now() + s->settings.max_wait_time + 0.5;
            signal_workers(s, SIGTERM);
        }
    } else if (is_dump_signal(s, sig)) {
        forward_dump_signal(s);
    } else if (sig == SIGUSR1 || sig == SIGUSR2) {
        // Reload: the workers (SIGUSR2: task workers only) stop gracefully and are spawned again.
        // Listening sockets and channels stay open meanwhile, so nothing sent to them is lost.
        const size_t first = sig == SIGUSR2 ? static_cast<size_t>(s->settings.worker_num) : 0;
        if (first < n && m->reload_left == 0) {
            GUST_LOG_INFO("Server is reloading %s workers now", sig == SIGUSR2 ? "task" : "all");
            (void)call_plain_with_server(s, kBeforeReload);
            if (EG(exception)) zend_clear_exception();
            for (size_t id = first; id < n; ++id) {
                if (s->worker_pids[id] <= 0) continue;
                m->reloading[id] = true;
                ++m->reload_left;
                kill(s->worker_pids[id], SIGTERM);
            }
            m->reload_kill_at = wall_now() + std::max(0.0, s->settings.max_wait_time);
        }
    }
}

// The manager's loop. Returns true in a forked worker (which then serves), false in the manager
// once every worker has ended after a stop.
bool run_manager(Server *s, ManagerState *m) {
    s->manager_pid = getpid();
    set_long_property(s, "manager_pid", s->manager_pid);
    const size_t n =
        static_cast<size_t>(s->settings.worker_num + s->settings.task_worker_num) + s->user_processes.size();
    s->in_manager = true;
    s->worker_pids.assign(n, 0);
    m->respawn.resize(n);
    m->reloading.assign(n, false);
    // Before the first fork: callbacks of the manager (and BASE's onStart) make timers on a loop
    // its children can end safely.
    (void)loop_state_for_forking();
    sigemptyset(&m->watched);
    for (int sig : {SIGCHLD, SIGTERM, SIGINT, SIGUSR1, SIGUSR2}) sigaddset(&m->watched, sig);
    add_dump_signal(s, &m->watched);
    sigprocmask(SIG_BLOCK, &m->watched, &m->previous);
    for (size_t id = 0; id < n; ++id) {
        if (spawn_worker(s, m, id)) return true;
    }
    g_running = s;
    (void)call_plain_with_server(s, kManagerStart);
    if (EG(exception)) zend_clear_exception();
    // The manager's own loop runs the timers of onStart (BASE) and onManagerStart and wakes on the
    // watched signals; its children end their copy of it (spawn_worker).
    LoopState *rt = loop_state_for_forking();
    hot_reload_start(s, rt);
    commands_serve(s, rt);
    SignalWaker waker;
    loop::WatchId signal_watch{};
    m->signal_fd = signalfd(-1, &m->watched, SFD_NONBLOCK | SFD_CLOEXEC);
    if (m->signal_fd >= 0) {
        auto w = rt->loop->watch(m->signal_fd, loop::kReadable, &waker);
        if (w.ok()) signal_watch = w.value();
    }
    while (!s->manager_stopping || any_worker_alive(s)) {
        double now = wall_now();
        double next = now + 1.0;
        for (size_t id = 0; id < n && !s->manager_stopping; ++id) {
            if (s->worker_pids[id] != 0 || m->respawn.due_at(id) == 0) continue;
            if (m->respawn.due_at(id) <= now) {
                if (spawn_worker(s, m, id)) {
                    g_running = nullptr;
                    return true;
                }
            } else {
                next = std::min(next, m->respawn.due_at(id));
            }
        }
        if (s->manager_stopping && m->kill_at > 0 && now >= m->kill_at) {
            signal_workers(s, SIGKILL);
            m->kill_at = 0;
        }
        if (m->reload_left > 0 && m->reload_kill_at > 0) {
            if (now >= m->reload_kill_at) {
                // A worker still running max_wait_time after the reload asked it to stop is stuck
                // (e.g. in a blocking call): it is killed and spawned again.
                for (size_t id = 0; id < n; ++id) {
                    if (!m->reloading[id] || s->worker_pids[id] <= 0) continue;
                    GUST_LOG_WARN("ReloadTask::kill_all(): force kill worker process(pid=%d, id=%zu)",
                                  static_cast<int>(s->worker_pids[id]), id);
                    kill(s->worker_pids[id], SIGKILL);
                }
                m->reload_kill_at = 0;
            } else {
                next = std::min(next, m->reload_kill_at);
            }
        }
        const double wait = std::max(0.001, next - now);
        if (m->signal_fd >= 0 && signal_watch.valid()) {
            (void)rt->loop->run_once(static_cast<Nanos>(wait * 1e9));
        } else {
            timespec ts{static_cast<time_t>(wait), static_cast<long>((wait - std::floor(wait)) * 1e9)};
            siginfo_t info;
            const int sig = sigtimedwait(&m->watched, &info, &ts);
            if (sig > 0) manager_on_signal(s, m, sig);
        }
        signalfd_siginfo info;
        while (m->signal_fd >= 0 && ::read(m->signal_fd, &info, sizeof info) == sizeof info) {
            manager_on_signal(s, m, static_cast<int>(info.ssi_signo));
        }
        reap_workers(s, m);
    }
    if (loop_state_if_any() == rt) hot_reload_stop(s, rt);
    if (loop_state_if_any() == rt) commands_stop_serving(s);
    if (signal_watch.valid() && loop_state_if_any() == rt) rt->loop->unwatch(signal_watch);
    if (m->signal_fd >= 0) ::close(m->signal_fd);
    m->signal_fd = -1;
    (void)call_plain_with_server(s, kManagerStop);
    if (EG(exception)) zend_clear_exception();
    // The server is over: the manager's timers end with it.
    if (loop_state_if_any()) teardown_loop_state();
    g_running = nullptr;
    sigprocmask(SIG_SETMASK, &m->previous, nullptr);
    return false;
}

// daemonize: the calling process exits at once; the server goes on in a new session.
void daemonize() {
    pid_t pid = fork();
    if (pid < 0) return;
    if (pid > 0) _exit(0);
    setsid();
    int null = open("/dev/null", O_RDWR);
    if (null >= 0) {
        dup2(null, STDIN_FILENO);
        dup2(null, STDOUT_FILENO);
        dup2(null, STDERR_FILENO);
        if (null > STDERR_FILENO) close(null);
    }
}

}  // namespace

void apply_logging(Server *s) {
    log_set_level(static_cast<LogLevel>(std::clamp<zend_long>(s->settings.log_level, 0, 6)));
    if (!s->settings.log_file.empty()) {
        int fd = open(s->settings.log_file.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
        if (fd >= 0) {
            log_set_fd(fd);
        } else {
            php_error_docref(nullptr, E_WARNING, "cannot open log_file %s: %s", s->settings.log_file.c_str(),
                             strerror(errno));
        }
    }
}

void write_pid_file(Server *s) {
    if (s->settings.pid_file.empty()) return;
    FILE *f = fopen(s->settings.pid_file.c_str(), "w");
    if (!f) {
        php_error_docref(nullptr, E_WARNING, "cannot write pid_file %s: %s", s->settings.pid_file.c_str(),
                         strerror(errno));
        return;
    }
    fprintf(f, "%d", static_cast<int>(s->master_pid));
    fclose(f);
}

Server *running_server() { return g_running; }

bool serve_child(Server *s) {
    const zend_long first_user = s->settings.worker_num + s->settings.task_worker_num;
    if (s->worker_id >= first_user) {
        // A user process of addProcess(): its callback is the whole life of this process.
        g_running = nullptr;
        shared_user_process_pid(s, s->worker_id, getpid());
        process_run_child(s->user_processes[static_cast<size_t>(s->worker_id - first_user)]);
        return false;
    }
    run_worker(s, s->worker_id);
    if (!check_pending()) zend_throw_unwind_exit();
    return false;
}

bool manage_workers(Server *s) {
    auto *m = new ManagerState();
    const bool in_worker = run_manager(s, m);
    delete m;
    return in_worker;
}

bool call_plain_with_server(Server *s, int event) {
    zval arg;
    ZVAL_OBJ(&arg, s->self);
    return call_plain(s, event, &arg, 1);
}

server::ListenOptions listen_options(Server *s, Port *p) {
    server::ListenOptions lo;
    (void)net::sys::local_address(p->fd, &lo.address);
    lo.type = p->type;
    lo.tcp_nodelay = p->tcp_nodelay;
    lo.framing = p->framing;
    lo.tls = p->tls;
    if (p->http) {
        lo.header_timeout = static_cast<Nanos>(s->settings.http_framing.header_timeout * 1e9);
        lo.body_timeout = static_cast<Nanos>(s->settings.http_framing.body_timeout * 1e9);
    }
    return lo;
}

namespace {
thread_local int g_busy_depth = 0;
}  // namespace

BusyScope::BusyScope(bool active) : active_(active) {
    // Others see it busy until its loop next sleeps (and publishes its coroutines again).
    if (active_ && ++g_busy_depth == 1 && g_running) shared_stats_taking_work(g_running);
}
BusyScope::~BusyScope() {
    if (active_) --g_busy_depth;
}
bool worker_busy() { return g_busy_depth > 0; }

bool run_callback(Server *s, Port *port, int event, zval *args, uint32_t argc, const FinishHook *on_finish,
                  zend_long *cid) {
    if (cid) *cid = 0;
    Callback *cb = nullptr;
    if (port && port->callbacks[event].is_set()) {
        cb = &port->callbacks[event];
    } else if (s->callbacks[event].is_set()) {
        cb = &s->callbacks[event];
    }
    if (!cb) return false;
    zval as_object[2];
    const uint32_t object_argc = event_object_args(s, event, args, argc, as_object);
    if (object_argc) {
        args = as_object;
        argc = object_argc;
    }
    // The coroutine (or the call) holds its own copies: the object is ours to release.
    struct Release {
        zval *obj;
        ~Release() {
            if (obj) zval_ptr_dtor(obj);
        }
    } release{object_argc ? &as_object[1] : nullptr};
    BusyScope busy(event != kWorkerStart && event != kWorkerStop && event != kWorkerExit && event != kWorkerError);
    if (!s->settings.enable_coroutine && !is_task_worker(s)) {
        // enable_coroutine => false: on the loop's stack, as Swoole runs it; then what a coroutine's
        // end would have told.
        (void)call_outside(cb->cache(), cb->value(), args, argc);
        if (on_finish && on_finish->fn) on_finish->fn(on_finish->arg, on_finish->tag);
        return true;
    }
    const zend_long id = create(cb->cache(), cb->value(), args, argc, false, on_finish);
    if (cid) *cid = id;
    return id >= 0;
}

// Serves in this process as worker `worker_id` until the worker stops. The caller checks
// check_pending() afterwards.
void run_worker(Server *s, zend_long worker_id) {
    LoopState *rt = loop_state();
    s->worker_id = worker_id;
    t_served_as_worker = true;
    set_long_property(s, "worker_id", worker_id);
    set_long_property(s, "worker_pid", getpid());
    const bool task_worker = worker_id >= s->settings.worker_num;
    if (task_worker) {
        // A task worker serves its inbox only.
    } else if (s->process_mode) {
        process_mode_worker_setup(s, worker_id);
    } else {
        server::ReactorOptions ro;
        ro.max_connections = static_cast<size_t>(s->settings.max_connection);
        ro.output_buffer_limit = static_cast<size_t>(s->settings.socket_buffer_size);
        ro.idle_send_limit = static_cast<size_t>(s->settings.socket_buffer_size + s->settings.buffer_output_size);
        ro.first_id = s->settings.start_session_id + 1;
        if (base_mode_interleaves(s)) {
            // Ids unique across the workers, each naming its worker (relay.h).
            ro.first_id += static_cast<server::SessionId>(worker_id);
            ro.id_step = static_cast<server::SessionId>(s->settings.worker_num);
        }
        s->worker.reactor = std::make_unique<server::Reactor>(*rt->loop, s->bridge, ro);
        const bool handed = s->mode == kModeThread && thread_mode_hands_off();
        for (auto &p : s->ports) {
            if (handed && p->type == SOCK_STREAM) {
                // The main thread accepts; p->fd (a copy) stays open for the port's address only.
                (void)s->worker.reactor->add_passive_port(listen_options(s, p.get()));
            } else if (p->listener_per_worker) {
                const int own = worker_listener(s, p.get());
                if (own >= 0) {
                    (void)s->worker.reactor->adopt_listener(own, listen_options(s, p.get()));
                } else {
                    // The port keeps its index (callbacks find their port by it); the others serve it.
                    GUST_LOG_ERROR("worker #" ZEND_LONG_FMT ": cannot listen on port %d (enable_reuse_port): %s",
                                   worker_id, p->port, error_message(own));
                    (void)s->worker.reactor->add_passive_port(listen_options(s, p.get()));
                }
            } else if (s->worker.reactor->adopt_listener(p->fd, listen_options(s, p.get())).ok()) {
                p->fd = -1;  // the reactor closes it now
            }
        }
        (void)s->worker.reactor->start();
    }
    messaging_start(s);
    commands_serve(s, rt);
    shared_stats_worker_start(s);  // PROCESS mode, or BASE with a manager (no-op otherwise)
    metrics_worker_start(s);
    // A THREAD server's main thread alone answers signals (server_thread_mode.cc).
    if (s->mode != kModeThread) watch_signals(s, rt);
    // PROCESS mode: the master's threads watch their connections, this worker those handed to it.
    if (s->worker.reactor && s->settings.heartbeat_check_interval > 0) {
        Nanos every = static_cast<Nanos>(s->settings.heartbeat_check_interval * 1e9);
        if (every < kNanosPerMilli) every = kNanosPerMilli;
        s->worker.heartbeat_timer = rt->loop->add_timer(every, every, &heartbeat_tick, s);
        rt->loop->set_timer_ref(s->worker.heartbeat_timer, false);
    }
    g_running = s;
    // THREAD mode: the hooks are the process's; its main thread set them before any worker started.
    if (s->settings.hook_flags_set && s->mode != kModeThread)
        hooks::set_flags(static_cast<uint32_t>(s->settings.hook_flags));
    // Timers of an event worker follow the server's enable_coroutine (Swoole's global setting).
    if (!task_worker) GUST_G(enable_coroutine) = s->settings.enable_coroutine;
    zval args[2];
    ZVAL_OBJ(&args[0], s->self);
    ZVAL_LONG(&args[1], worker_id);
    (void)run_callback(s, nullptr, kWorkerStart, args, 2);
    WorkerExitHook exit_hook;
    exit_hook.s = s;
    rt->loop->add_hook(&exit_hook);
    run_all();
    rt->loop->remove_hook(&exit_hook);
    // As in Swoole, onWorkerStop comes once the worker's loop has ended (after any onWorkerExit).
    if (s->worker.stopping && rt->pending == Pending::kNone) (void)call_plain(s, kWorkerStop, args, 2);
    metrics_worker_end(s);
    shared_stats_worker_end(s);
    unwatch_signals(s, rt);
    if (s->process_mode || s->manager_pid > 0) {
        // A forked worker: SIGTERM was blocked for its loop (spawn_worker). One that came while it
        // was stopping anyway is spent; from here a new one ends the process.
        sigset_t term;
        sigemptyset(&term);
        sigaddset(&term, SIGTERM);
        const timespec now{0, 0};
        while (sigtimedwait(&term, nullptr, &now) == SIGTERM) {
        }
        sigprocmask(SIG_UNBLOCK, &term, nullptr);
    }
    if (s->worker.heartbeat_timer) rt->loop->cancel_timer(s->worker.heartbeat_timer);
    if (s->worker.stop_deadline) rt->loop->cancel_timer(s->worker.stop_deadline);
    s->worker.heartbeat_timer = s->worker.stop_deadline = 0;
    if (s->process_mode) handoff_worker_end(s);
    s->worker.reactor.reset();
    if (s->process_mode && !is_task_worker(s)) process_mode_worker_teardown(s);
    commands_stop_serving(s);
    messaging_end(s);
    protocols_worker_end(s);
    g_running = nullptr;
}

namespace {

void recycle_check(void *arg, loop::TimerId) {
    auto *s = static_cast<Server *>(arg);
    Worker &w = s->worker;
    if (!w.reactor || w.stopping) return;
    if (w.reactor->stats().connections == 0) stop_worker(s);
}

// BASE mode: stop accepting, let the open connections finish (they end, or max_wait_time passes),
// then stop. PROCESS mode: stop reading the channels at once; queued packages go to the successor.
void begin_recycle(Server *s) {
    Worker &w = s->worker;
    if (w.recycling || w.stopping) return;
    w.recycling = true;
    LoopState *rt = loop_state_if_any();
    if (s->process_mode || !w.reactor || !rt) {
        stop_worker(s);
        return;
    }
    w.reactor->stop_accepting();
    std::vector<server::SessionId> keep;
    protocols_worker_stopping(s, &keep);  // HTTP/2 connections end once their streams did
    w.recycle_timer = rt->loop->add_timer(10 * kNanosPerMilli, 10 * kNanosPerMilli, &recycle_check, s);
    Nanos wait = static_cast<Nanos>(std::max(0.0, s->settings.max_wait_time) * 1e9);
    loop::TimerId deadline = rt->loop->add_timer(wait, 0, [s](loop::TimerId) { stop_worker(s); });
    rt->loop->set_timer_ref(deadline, false);
}

}  // namespace

void count_request(Server *s) {
    Worker &w = s->worker;
    ++w.requests;
    if (s->process_mode) shared_count_request(s);
    if (s->settings.max_memory > 0) metrics_check_memory(s);
    if (s->settings.max_request <= 0 || w.recycling) return;
    if (w.request_limit == 0) {
        // No random extra unless asked for: Swoole 6.1 recycles a worker after exactly max_request
        // requests by default (its swoole_server/max_request_threshold test counts them).
        const zend_long grace = std::max<zend_long>(s->settings.max_request_grace, 0);
        w.request_limit = s->settings.max_request + (grace > 0 ? php_mt_rand_range(0, grace) : 0);
    }
    if (static_cast<zend_long>(w.requests) >= w.request_limit) {
        metrics_note_exit_reason(s, server::metrics::ExitReason::kMaxRequest);
        begin_recycle(s);
    }
}

void recycle_worker(Server *s) { begin_recycle(s); }

void stop_worker(Server *s) {
    Worker &w = s->worker;
    LoopState *rt = loop_state_if_any();
    if (w.stopping || !rt || s->worker_id < 0) return;
    if (!w.reactor && !s->process_mode && !s->messaging) return;
    w.stopping = true;
    unwatch_signals(s, rt);
    if (w.heartbeat_timer) rt->loop->cancel_timer(w.heartbeat_timer);
    w.heartbeat_timer = 0;
    if (w.recycle_timer) rt->loop->cancel_timer(w.recycle_timer);
    w.recycle_timer = 0;
    messaging_stop(s);
    commands_stop_serving(s);
    if (is_task_worker(s)) {
        // nothing else to stop
    } else if (s->process_mode) {
        std::vector<server::SessionId> keep;
        protocols_worker_stopping(s, &keep);  // HTTP/2: GOAWAY; streams taken still finish
        process_mode_worker_stop(s);          // connections stay with the master
    } else if (w.reactor) {
        std::vector<server::SessionId> keep;
        protocols_worker_stopping(s, &keep);
        if (keep.empty()) {
            w.reactor->shutdown();  // onClose for every connection
        } else {
            // HTTP/2 sessions that were told GOAWAY finish their streams and close themselves;
            // every other connection closes now, as shutdown() would.
            w.reactor->stop_accepting();
            std::sort(keep.begin(), keep.end());
            std::vector<server::SessionId> ids;
            for (server::SessionId after = 0;;) {
                const std::vector<server::SessionId> batch = w.reactor->list(after, 256);
                if (batch.empty()) break;
                ids.insert(ids.end(), batch.begin(), batch.end());
                after = batch.back();
            }
            for (server::SessionId id : ids) {
                if (!std::binary_search(keep.begin(), keep.end(), id)) (void)w.reactor->close(id);
            }
        }
    }
    // Timers and other coroutines may still keep the loop alive: onWorkerExit (WorkerExitHook) is
    // where user code clears them, as in Swoole; after max_wait_time the worker ends regardless.
    Nanos wait = static_cast<Nanos>(std::max(0.0, s->settings.max_wait_time) * 1e9);
    w.stop_deadline = rt->loop->add_timer(wait, 0, &stop_deadline, s);
    rt->loop->set_timer_ref(w.stop_deadline, false);
}

void shutdown(Server *s) {
    if (s->mode == kModeThread && in_server_thread()) {
        thread_mode_shutdown();  // the main thread stops every worker thread
    } else if (s->process_mode) {
        kill(s->master_pid, SIGTERM);  // the master stops the manager, which stops the workers
    } else if (s->in_manager) {
        kill(getpid(), SIGTERM);
    } else if (s->manager_pid > 0 && s->manager_pid != getpid()) {
        kill(s->manager_pid, SIGTERM);
    } else if (!s->worker.reactor && g_in_start == s) {
        // BASE, onStart: no worker runs yet; start() ends right after it, without starting any.
        s->shutdown_in_start = true;
    } else {
        if (!s->worker.stopping) (void)call_plain_with_server(s, kBeforeShutdown);
        stop_worker(s);
    }
}

void request_reload(Server *s, bool only_task_workers) {
    if (s->mode == kModeThread && in_server_thread()) {
        thread_mode_reload(only_task_workers);
        return;
    }
    if (s->manager_pid > 0) kill(s->manager_pid, only_task_workers ? SIGUSR2 : SIGUSR1);
}

bool start(Server *s) {
    if (s->started) {
        // Swoole's two wordings: from inside the running server, and once it has ended.
        php_error_docref(nullptr, E_WARNING,
                         g_running == s ? "server is running, unable to execute %s->start()"
                                        : "The server have been shutdown, unable to execute %s->start()",
                         ZSTR_VAL(s->self->ce->name));
        return false;
    }
    if (g_running) {
        php_error_docref(nullptr, E_WARNING, "another server is running in this process");
        return false;
    }
    if (!load_settings(s)) return false;
    if (!metrics_server_start(s)) return false;
    // gust_metrics_listen is served until start() returns, in the process that served it (a
    // forked child returning from here has already let go of it).
    struct ListenerEnd {
        Server *s;
        ~ListenerEnd() { metrics_listener_stop(s); }
    } listener_end{s};
    if (s->settings.enable_reuse_port) {
        // The ports were bound in the constructor, before set() could ask for it; the flag still
        // lets another server bind the same address from now on.
        for (auto &p : s->ports) {
            if (p->fd >= 0 && p->family != AF_UNIX) (void)net::sys::set_reuse_port(p->fd, true);
        }
    }
    for (auto &p : s->ports) {
        // A Redis\Server's RESP port answers through its handlers (setHandler()), not onReceive.
        if (p->redis && s->redis_server) continue;
        const int needed = p->websocket                       ? kMessage
                           : p->http                          ? kRequest
                           : p->type == SOCK_STREAM || p->tls ? kReceive
                                                              : kPacket;
        if (!p->callbacks[needed].is_set() && !s->callbacks[needed].is_set()) {
            php_error_docref(nullptr, E_WARNING, "require on%s callback",
                             needed == kMessage   ? "Message"
                             : needed == kRequest ? "Request"
                             : needed == kReceive ? "Receive"
                                                  : "Packet");
            return false;
        }
    }
    const bool process_mode = s->mode == kModeProcess;
    // As in Swoole, max_request needs a manager to replace the worker, also with one worker.
    // hot_reload too: the manager watches the files and reloads the workers.
    const bool multi = s->settings.worker_num > 1 || process_mode || s->settings.max_request > 0 ||
                       s->settings.max_memory > 0 || s->settings.task_worker_num > 0 || !s->user_processes.empty() ||
                       !s->settings.hot_reload_paths.empty();
    if (s->settings.task_worker_num > 0 && !s->callbacks[kTask].is_set()) {
        php_error_docref(nullptr, E_WARNING, "require onTask callback");
        return false;
    }
    if (s->mode == kModeThread) {
        if (current()) {
            php_error_docref(nullptr, E_WARNING, "%s->start() cannot be called inside a coroutine",
                             ZSTR_VAL(s->self->ce->name));
            return false;
        }
        return start_thread_mode(s);
    }
    LoopState *rt = loop_state_if_any();
    if (multi && rt) {
        if (current() || rt->scheduler->stats().live > 0) {
            php_error_docref(nullptr, E_WARNING, "The event-loop has already been created, unable to start %s",
                             ZSTR_VAL(s->self->ce->name));
            return false;
        }
        // A finished Co\run() or Event::wait() leaves an idle loop: it goes. Timers made before
        // start() go on in the master (PROCESS) or the manager (BASE), as in Swoole; every child
        // ends its copy (end_inherited_loop_state).
        if (!loop_state_busy(rt)) teardown_loop_state();
    } else if (current()) {
        php_error_docref(nullptr, E_WARNING, "%s->start() cannot be called inside a coroutine",
                         ZSTR_VAL(s->self->ce->name));
        return false;
    }
    if (multi && (!make_inboxes(s) || !commands_prepare(s))) {
        php_error_docref(nullptr, E_WARNING, "cannot make the workers' inboxes: %s", strerror(errno));
        return false;
    }
    // BASE with several workers: each listens on its own SO_REUSEPORT socket (PROCESS mode's
    // reactor threads share the master's).
    if (multi && !process_mode && s->settings.enable_reuse_port && s->settings.worker_num > 1) {
        reserve_ports_for_reuse(s);
    }
    if (multi && !process_mode && !shared_stats_create_base(s)) {
        php_error_docref(nullptr, E_WARNING, "cannot map the workers' status block: %s", strerror(errno));
        return false;
    }
    s->started = true;
    set_workers_started(true);
    set_server_started(true);
    struct WorkersEnd {
        ~WorkersEnd() {
            set_workers_started(false);
            set_server_started(false);
        }
    } workers_end;  // once start() returns here, the server has ended
    apply_logging(s);
    if (s->settings.daemonize) daemonize();
    s->master_pid = getpid();
    s->manager_pid = multi && !process_mode ? s->master_pid : 0;
    s->start_time = wall_now();
    set_long_property(s, "master_pid", s->master_pid);
    set_long_property(s, "manager_pid", s->manager_pid);
    write_pid_file(s);
    if (process_mode) return start_process_mode(s);
    // BASE: this process is the manager, or the only worker: it lives as long as the server.
    metrics_listener_start(s);
    // BASE with a manager: onStart runs in the manager, whose loop goes on serving its timers.
    if (multi) (void)loop_state_for_forking();
    g_in_start = s;
    const bool start_ok = call_plain_with_server(s, kStart);
    g_in_start = nullptr;
    if (!start_ok) return false;
    if (s->shutdown_in_start) {
        (void)call_plain_with_server(s, kShutdown);
        if (!s->settings.pid_file.empty()) unlink(s->settings.pid_file.c_str());
        remove_socket_files(s);
        return true;
    }
    if (!multi) {
        run_worker(s, 0);
        if (check_pending()) return false;
        (void)call_plain_with_server(s, kShutdown);
        if (!s->settings.pid_file.empty()) unlink(s->settings.pid_file.c_str());
        remove_socket_files(s);
        return true;
    }
    // In a forked child its script ends in serve_child: shutdown functions and destructors run.
    if (manage_workers(s)) return serve_child(s);
    s->base_shared.reset();
    (void)call_plain_with_server(s, kShutdown);
    if (!s->settings.pid_file.empty()) unlink(s->settings.pid_file.c_str());
    remove_socket_files(s);
    return true;
}

}  // namespace gust::php::srv
