// SWOOLE_HOOK_PDO_PGSQL: PDO pgsql talks to PostgreSQL through libpq, whose blocking calls
// (PQconnectdb, PQexec, ...) wait inside the library, out of reach of PHP's streams. While the
// flag is on, pdo_pgsql.so's imports of those functions point here (patch_import): inside a
// coroutine each one runs as libpq's asynchronous sequence (PQconnectStart + PQconnectPoll,
// PQsend* + PQconsumeInput + PQgetResult) and parks the coroutine on the connection's
// socket; everywhere else it calls the real function. pgsqlGetNotify()'s poll() waits the same
// way, and libpq's own getaddrinfo() of a host name runs on the blocking-call pool. Gust is not linked against libpq:
// the asynchronous functions are looked up in pdo_pgsql.so's own scope.
#include <arpa/inet.h>
#include <dlfcn.h>
#include <link.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <atomic>
#include <cstring>
#include <memory>
#include <thread>
#include <vector>

// Found through the include path's postgresql/ directory: no -I (and no libpq link) needed.
#include <postgresql/libpq-fe.h>

#include "coroutine/coroutine.h"
#include "hooks/hook_stream_wait.h"
#include "hooks/hooks.h"
#include "hooks/import_patch.h"
#include "hooks/offload.h"

#include "gust/base/clock.h"
#include "gust/coro/wait_queue.h"
#include "gust/loop/poller.h"

namespace {

namespace hooks = gust::php::hooks;
namespace sw = gust::php::stream_wait;
using gust::Nanos;

constexpr const char *kObject = "pdo_pgsql.so";
constexpr const char *kLibpq = "libpq.so.5";  // where the name lookup and libpq's own waits happen

// The libpq functions the coroutine paths call, as pdo_pgsql.so binds them.
struct Libpq {
    decltype(&PQconnectStart) connectStart;
    decltype(&PQconnectPoll) connectPoll;
    decltype(&PQresetStart) resetStart;
    decltype(&PQresetPoll) resetPoll;
    decltype(&PQconninfo) conninfo;
    decltype(&PQconninfoFree) conninfoFree;
    decltype(&PQstatus) status;
    decltype(&PQtransactionStatus) transactionStatus;
    decltype(&PQsocket) socket;
    decltype(&PQsendQuery) sendQuery;
    decltype(&PQsendPrepare) sendPrepare;
    decltype(&PQsendQueryPrepared) sendQueryPrepared;
    decltype(&PQsendQueryParams) sendQueryParams;
    decltype(&PQconsumeInput) consumeInput;
    decltype(&PQisBusy) isBusy;
    decltype(&PQgetResult) getResult;
    decltype(&PQgetCopyData) getCopyData;
    decltype(&PQresultStatus) resultStatus;
    decltype(&PQclear) clear;
    decltype(&PQgetCancel) getCancel;
    decltype(&PQcancel) cancel;
    decltype(&PQfreeCancel) freeCancel;
};
Libpq g_pq;

// The real functions pdo_pgsql.so imported (what the replacements call outside coroutines).
struct Real {
    decltype(&PQconnectdb) connectdb = nullptr;
    decltype(&PQreset) reset = nullptr;
    decltype(&PQexec) exec = nullptr;
    decltype(&PQprepare) prepare = nullptr;
    decltype(&PQexecPrepared) execPrepared = nullptr;
    decltype(&PQexecParams) execParams = nullptr;
    decltype(&PQgetResult) getResult = nullptr;
    decltype(&PQgetCopyData) getCopyData = nullptr;
    decltype(&::poll) libc_poll = nullptr;
    decltype(&PQputCopyData) putCopyData = nullptr;
    decltype(&PQputCopyEnd) putCopyEnd = nullptr;
    decltype(&::getaddrinfo) getaddrinfo = nullptr;  // libpq's, not pdo_pgsql's
    decltype(&::poll) libpq_poll = nullptr;          // libpq's own waits
};
Real g_real;
bool g_patched = false;

bool coroutine_path() { return (hooks::flags() & hooks::kPdoPgsql) && hooks::in_coroutine(); }

// Full path of the loaded object whose file name is `name` ("" when not loaded).
struct FindObject {
    const char *name;
    const char *path = nullptr;
};
int find_object(dl_phdr_info *info, size_t, void *data) {
    auto *f = static_cast<FindObject *>(data);
    const char *slash = info->dlpi_name ? strrchr(info->dlpi_name, '/') : nullptr;
    if (slash && strcmp(slash + 1, f->name) == 0) {
        f->path = info->dlpi_name;
        return 1;
    }
    return 0;
}

template <class F>
bool lookup(void *handle, const char *symbol, F *out) {
    *out = reinterpret_cast<F>(dlsym(handle, symbol));
    return *out != nullptr;
}

// Binds g_pq from pdo_pgsql.so's scope (its libpq); false when pdo_pgsql is not loaded.
bool resolve_libpq() {
    FindObject f{kObject};
    dl_iterate_phdr(find_object, &f);
    if (!f.path) return false;
    void *h = dlopen(f.path, RTLD_LAZY | RTLD_NOLOAD);
    if (!h) return false;
    Libpq &p = g_pq;
    bool ok = lookup(h, "PQconnectStart", &p.connectStart) && lookup(h, "PQconnectPoll", &p.connectPoll) &&
              lookup(h, "PQresetStart", &p.resetStart) && lookup(h, "PQresetPoll", &p.resetPoll) &&
              lookup(h, "PQconninfo", &p.conninfo) && lookup(h, "PQconninfoFree", &p.conninfoFree) &&
              lookup(h, "PQstatus", &p.status) && lookup(h, "PQtransactionStatus", &p.transactionStatus) &&
              lookup(h, "PQsocket", &p.socket) && lookup(h, "PQsendQuery", &p.sendQuery) &&
              lookup(h, "PQsendPrepare", &p.sendPrepare) && lookup(h, "PQsendQueryPrepared", &p.sendQueryPrepared) &&
              lookup(h, "PQsendQueryParams", &p.sendQueryParams) && lookup(h, "PQconsumeInput", &p.consumeInput) &&
              lookup(h, "PQisBusy", &p.isBusy) && lookup(h, "PQgetResult", &p.getResult) &&
              lookup(h, "PQgetCopyData", &p.getCopyData) && lookup(h, "PQresultStatus", &p.resultStatus) &&
              lookup(h, "PQclear", &p.clear) && lookup(h, "PQgetCancel", &p.getCancel) &&
              lookup(h, "PQcancel", &p.cancel) && lookup(h, "PQfreeCancel", &p.freeCancel);
    dlclose(h);  // only drops the reference RTLD_NOLOAD took; pdo_pgsql stays loaded
    return ok;
}

// ---- waiting on the connection's socket -------------------------------------------------------

enum class Park { kReady, kStopped, kUnwatchable };

// Parks on the connection's socket. kStopped: the coroutine must stop waiting at once
// (Coroutine::cancel(), or killed at shutdown: the exception is already set). kUnwatchable: the
// loop could not watch the socket (or woke it as closed) — the caller lets libpq wait itself,
// blocking, which is rare and still correct.
Park park(PGconn *conn, uint32_t events, const char *op) {
    gust::php::PhpCoroutine *p = gust::php::current();
    int fd = g_pq.socket(conn);
    if (fd < 0) return Park::kUnwatchable;
    auto r = gust::coro::wait_fd(fd, events, -1, gust::coro::WaitInfo{"libpq", static_cast<uint64_t>(fd), op});
    if (!gust::php::resumed(p) || (!r.ok() && r.code() == gust::kErrCanceled)) return Park::kStopped;
    return r.ok() ? Park::kReady : Park::kUnwatchable;
}

// A coroutine that stops waiting for its command (Coroutine::cancel(), a kill at shutdown) asks
// the server to cancel the command, so the connection's next command waits only for its error,
// not for the whole query. PQcancel() connects anew and blocks: it runs on a thread of its own,
// joined when finished or, at the latest, before gust.so is unloaded (libpq is pinned in memory by
// apply(), so a request still running then can end).
class CancelRequests {
public:
    ~CancelRequests() {
        for (Request &r : running_) r.thread.join();
    }
    void start(PGcancel *handle) {
        reap();
        auto done = std::make_shared<std::atomic<bool>>(false);
        running_.push_back({std::thread([handle, done, cancel = g_pq.cancel, free_handle = g_pq.freeCancel] {
                                char error[256];
                                (void)cancel(handle, error, sizeof error);
                                free_handle(handle);
                                done->store(true);
                            }),
                            done});
    }

private:
    struct Request {
        std::thread thread;
        std::shared_ptr<std::atomic<bool>> done;
    };
    void reap() {
        for (auto it = running_.begin(); it != running_.end();) {
            if (!it->done->load()) {
                ++it;
                continue;
            }
            it->thread.join();
            it = running_.erase(it);
        }
    }
    std::vector<Request> running_;
};
CancelRequests g_cancel_requests;

void request_cancel(PGconn *conn) {
    if (PGcancel *handle = g_pq.getCancel(conn)) g_cancel_requests.start(handle);
}

// Until PQgetResult would not block. False when the coroutine was stopped while waiting (the
// command is then canceled on the server); a lost connection returns true (PQgetResult then
// reports it without waiting).
bool await_result(PGconn *conn) {
    while (g_pq.isBusy(conn)) {
        Park r = park(conn, gust::loop::kReadable, "query");
        if (r == Park::kStopped) {
            request_cancel(conn);
            return false;
        }
        if (r == Park::kUnwatchable || !g_pq.consumeInput(conn)) return true;
    }
    return true;
}

bool is_copy(ExecStatusType s) { return s == PGRES_COPY_IN || s == PGRES_COPY_OUT || s == PGRES_COPY_BOTH; }

// Connections a parked coroutine is running a command on. A second coroutine using the same
// connection meanwhile must not take that command's results as leftovers: its command goes
// straight to libpq, which refuses it ("another command is already in progress").
std::vector<PGconn *> g_in_flight;

struct InFlight {
    PGconn *conn;
    explicit InFlight(PGconn *c) : conn(c) { g_in_flight.push_back(c); }
    ~InFlight() { g_in_flight.erase(std::find(g_in_flight.begin(), g_in_flight.end(), conn)); }
};

bool in_flight(PGconn *conn) { return std::find(g_in_flight.begin(), g_in_flight.end(), conn) != g_in_flight.end(); }

// ---- libpq's own waits ------------------------------------------------------------------------
// Some calls wait inside libpq, in its blocking mode, while the socket is full: COPY rows
// (PQputCopyData/PQputCopyEnd) and a command larger than the socket buffer (PQsend*). libpq waits
// with poll() on the connection's socket, and libpq.so's import of poll() is patched: inside such
// a call made from a coroutine (a section, which names the coroutine and the socket) the wait
// parks the coroutine instead. libpq's state is mid-write then (its send loop holds pointers into
// the output buffer), so another coroutine's call on the same connection waits for the section to
// end before it touches libpq (wait_turn()).
struct Section {
    PGconn *conn;
    int fd;
    gust::coro::Coroutine *co;
};
std::vector<Section> g_sections;
gust::coro::WaitQueue &section_ends() {
    static auto *queue = new gust::coro::WaitQueue("libpq");  // never destroyed: waiters may outlive statics
    return *queue;
}

bool in_section_of_other(PGconn *conn) {
    gust::coro::Coroutine *me = gust::coro::current();
    return std::any_of(g_sections.begin(), g_sections.end(),
                       [&](const Section &e) { return e.conn == conn && e.co != me; });
}

// Until no other coroutine is inside libpq on `conn`; false when this coroutine was stopped
// meanwhile (it must not touch libpq then).
bool wait_turn(PGconn *conn) {
    while (in_section_of_other(conn)) {
        gust::php::PhpCoroutine *p = gust::php::current();
        (void)section_ends().wait(-1, "connection");
        if (!gust::php::resumed(p)) return false;
    }
    return true;
}

class ParkableSection {
public:
    explicit ParkableSection(PGconn *conn) : conn_(conn) {
        g_sections.push_back({conn, g_pq.socket(conn), gust::coro::current()});
    }
    ~ParkableSection() {
        gust::coro::Coroutine *me = gust::coro::current();
        auto it = std::find_if(g_sections.begin(), g_sections.end(),
                               [&](const Section &e) { return e.conn == conn_ && e.co == me; });
        if (it != g_sections.end()) g_sections.erase(it);
        section_ends().wake_all(0);  // each rechecks its connection
    }
    ParkableSection(const ParkableSection &) = delete;
    ParkableSection &operator=(const ParkableSection &) = delete;

private:
    PGconn *conn_;
};

bool in_own_section(int fd) {
    gust::coro::Coroutine *me = gust::coro::current();
    return me && std::any_of(g_sections.begin(), g_sections.end(),
                             [&](const Section &e) { return e.fd == fd && e.co == me; });
}

// libpq's poll() of its socket (pqSocketPoll: one fd, read and/or write). Parked inside a section of
// the running coroutine. libpq retries on EINTR, so a coroutine stopped while parked gives the
// connection up (the socket is shut down and libpq reports the failed write) rather than spin.
int hooked_libpq_poll(struct pollfd *fds, nfds_t nfds, int timeout_ms) {
    if (nfds != 1 || timeout_ms == 0 || fds[0].fd < 0 || !in_own_section(fds[0].fd))
        return g_real.libpq_poll(fds, nfds, timeout_ms);
    const int ready = g_real.libpq_poll(fds, 1, 0);
    if (ready != 0) return ready;
    const uint32_t events = ((fds[0].events & POLLIN) ? gust::loop::kReadable : 0u) |
                            ((fds[0].events & POLLOUT) ? gust::loop::kWritable : 0u);
    if (!events) return g_real.libpq_poll(fds, nfds, timeout_ms);
    gust::php::PhpCoroutine *p = gust::php::current();
    const sw::Outcome out =
        sw::wait(fds[0].fd, events, timeout_ms < 0 ? -1 : timeout_ms * gust::kNanosPerMilli, "libpq");
    if (out == sw::kTimedOut) {
        fds[0].revents = 0;
        return 0;
    }
    if (!gust::php::resumed(p) || out == sw::kAborted) shutdown(fds[0].fd, SHUT_RDWR);
    return g_real.libpq_poll(fds, 1, 0);
}

enum class Prior { kReady, kStopped, kUseReal };

// PQexec discards results an earlier command left unread; this does it without blocking. A COPY
// left open is for the real function (it ends it its own way).
Prior discard_leftovers(PGconn *conn) {
    while (g_pq.transactionStatus(conn) == PQTRANS_ACTIVE) {
        if (!await_result(conn)) return Prior::kStopped;
        PGresult *r = g_pq.getResult(conn);
        if (!r) break;
        ExecStatusType s = g_pq.resultStatus(r);
        g_pq.clear(r);
        if (is_copy(s)) return Prior::kUseReal;
    }
    return Prior::kReady;
}

// Sends a command with `send` (a PQsend* call) and collects its results as PQexec does: the last
// one, stopping at a COPY state or a lost connection. nullptr when it could not be sent or the
// coroutine was stopped; `use_real` when the real blocking function must run instead.
template <class Send>
PGresult *run_command(PGconn *conn, Send send, bool *use_real) {
    *use_real = false;
    if (!conn || g_pq.status(conn) != CONNECTION_OK) {
        *use_real = true;
        return nullptr;
    }
    if (!wait_turn(conn)) return nullptr;
    // Another coroutine's command on this connection: libpq refuses this one (see g_in_flight).
    const bool shared = in_flight(conn);
    InFlight guard(conn);
    Prior prior = shared ? Prior::kReady : discard_leftovers(conn);
    if (prior != Prior::kReady) {
        *use_real = prior == Prior::kUseReal;
        return nullptr;
    }
    // Sent in libpq's blocking mode (switching to non-blocking and back would clear the error
    // message pdo_pgsql reads after a failed command): a command larger than the socket buffer
    // waits in libpq while the server reads it, parked (ParkableSection).
    bool sent;
    {
        ParkableSection section(conn);
        sent = send(conn);
    }
    if (!sent) return nullptr;
    PGresult *last = nullptr;
    for (;;) {
        if (!await_result(conn)) {
            g_pq.clear(last);
            return nullptr;
        }
        PGresult *r = g_pq.getResult(conn);
        if (!r) break;
        g_pq.clear(last);
        last = r;
        if (is_copy(g_pq.resultStatus(r)) || g_pq.status(conn) == CONNECTION_BAD) break;
    }
    return last;
}

// ---- connecting ------------------------------------------------------------------------------

// connect_timeout of the connection string as libpq reads it: per address, at least 2 s; none (-1)
// when unset or <= 0.
Nanos connect_timeout(PGconn *conn) {
    PQconninfoOption *opts = g_pq.conninfo(conn);
    Nanos timeout = -1;
    for (PQconninfoOption *o = opts; o && o->keyword; ++o) {
        if (strcmp(o->keyword, "connect_timeout") != 0 || !o->val) continue;
        long seconds = strtol(o->val, nullptr, 10);
        if (seconds > 0) timeout = (seconds < 2 ? 2 : seconds) * gust::kNanosPerSecond;
    }
    if (opts) g_pq.conninfoFree(opts);
    return timeout;
}

// Drives an asynchronous connect (or reset) to its end, parking on the socket in between. An
// address that does not answer within connect_timeout is shut down, so libpq moves on to the next
// one or fails; a stopped coroutine leaves the connection unfinished (not CONNECTION_OK).
void finish_connect(PGconn *conn, PostgresPollingStatusType (*poll_step)(PGconn *)) {
    gust::php::PhpCoroutine *p = gust::php::current();
    const Nanos timeout = connect_timeout(conn);
    PostgresPollingStatusType st = PGRES_POLLING_WRITING;  // as libpq's docs say to start
    int attempt_fd = -1;
    Nanos deadline = 0;
    while (st == PGRES_POLLING_READING || st == PGRES_POLLING_WRITING) {
        int fd = g_pq.socket(conn);
        if (fd < 0) {
            st = poll_step(conn);
            if (g_pq.socket(conn) < 0) return;  // nothing to wait on: libpq has failed the connection
            continue;
        }
        if (fd != attempt_fd) {
            attempt_fd = fd;
            deadline = timeout < 0 ? -1 : gust::deadline_after(gust::monotonic_now(), timeout);
        }
        Nanos left = deadline < 0 ? -1 : deadline - gust::monotonic_now();
        sw::Outcome out = sw::kTimedOut;
        if (deadline < 0 || left > 0) {
            out = sw::wait(fd, st == PGRES_POLLING_READING ? gust::loop::kReadable : gust::loop::kWritable, left,
                           "connect");
            if (!gust::php::resumed(p)) return;
        }
        // Out of time (or the socket cannot be watched): libpq then sees the address fail.
        if (out != sw::kReady) shutdown(fd, SHUT_RDWR);
        st = poll_step(conn);
    }
}

// ---- the replacements --------------------------------------------------------------------------

PGconn *hooked_connectdb(const char *conninfo) {
    if (!coroutine_path()) return g_real.connectdb(conninfo);
    PGconn *conn = g_pq.connectStart(conninfo);
    if (!conn || g_pq.status(conn) == CONNECTION_BAD) return conn;
    finish_connect(conn, g_pq.connectPoll);
    return conn;
}

void hooked_reset(PGconn *conn) {
    if (!conn || !coroutine_path()) return g_real.reset(conn);
    if (g_pq.resetStart(conn)) finish_connect(conn, g_pq.resetPoll);
}

PGresult *hooked_exec(PGconn *conn, const char *query) {
    if (!coroutine_path()) return g_real.exec(conn, query);
    bool use_real;
    PGresult *r = run_command(
        conn, [&](PGconn *c) { return g_pq.sendQuery(c, query); }, &use_real);
    return use_real ? g_real.exec(conn, query) : r;
}

PGresult *hooked_prepare(PGconn *conn, const char *name, const char *query, int n, const Oid *types) {
    if (!coroutine_path()) return g_real.prepare(conn, name, query, n, types);
    bool use_real;
    PGresult *r = run_command(
        conn, [&](PGconn *c) { return g_pq.sendPrepare(c, name, query, n, types); }, &use_real);
    return use_real ? g_real.prepare(conn, name, query, n, types) : r;
}

PGresult *hooked_exec_prepared(PGconn *conn, const char *name, int n, const char *const *values, const int *lengths,
                               const int *formats, int result_format) {
    if (!coroutine_path()) return g_real.execPrepared(conn, name, n, values, lengths, formats, result_format);
    bool use_real;
    PGresult *r = run_command(
        conn, [&](PGconn *c) { return g_pq.sendQueryPrepared(c, name, n, values, lengths, formats, result_format); },
        &use_real);
    return use_real ? g_real.execPrepared(conn, name, n, values, lengths, formats, result_format) : r;
}

PGresult *hooked_exec_params(PGconn *conn, const char *command, int n, const Oid *types, const char *const *values,
                             const int *lengths, const int *formats, int result_format) {
    if (!coroutine_path()) return g_real.execParams(conn, command, n, types, values, lengths, formats, result_format);
    bool use_real;
    PGresult *r = run_command(
        conn,
        [&](PGconn *c) { return g_pq.sendQueryParams(c, command, n, types, values, lengths, formats, result_format); },
        &use_real);
    return use_real ? g_real.execParams(conn, command, n, types, values, lengths, formats, result_format) : r;
}

// pdo_pgsql reads the results after COPY with PQgetResult, which waits while the server works.
PGresult *hooked_get_result(PGconn *conn) {
    if (conn && coroutine_path() && (!wait_turn(conn) || !await_result(conn))) return nullptr;
    return g_real.getResult(conn);
}

// pgsqlCopyFromArray/File write rows with PQputCopyData and end with PQputCopyEnd, in blocking
// mode: libpq waits while the socket is full, parked (ParkableSection).
int hooked_put_copy_data(PGconn *conn, const char *buffer, int nbytes) {
    if (!conn || !coroutine_path()) return g_real.putCopyData(conn, buffer, nbytes);
    if (!wait_turn(conn)) return -1;
    ParkableSection section(conn);
    return g_real.putCopyData(conn, buffer, nbytes);
}

int hooked_put_copy_end(PGconn *conn, const char *error) {
    if (!conn || !coroutine_path()) return g_real.putCopyEnd(conn, error);
    if (!wait_turn(conn)) return -1;
    ParkableSection section(conn);
    return g_real.putCopyEnd(conn, error);
}

// pgsqlCopyToArray/File read rows with the blocking form (async = 0).
int hooked_get_copy_data(PGconn *conn, char **buffer, int async) {
    if (async || !conn || !coroutine_path()) return g_real.getCopyData(conn, buffer, async);
    if (!wait_turn(conn)) return -2;
    for (;;) {
        int n = g_pq.getCopyData(conn, buffer, 1);
        if (n != 0) return n;
        Park r = park(conn, gust::loop::kReadable, "copy");
        if (r == Park::kStopped) {
            request_cancel(conn);
            return -2;
        }
        if (r == Park::kUnwatchable) return g_real.getCopyData(conn, buffer, 0);
        if (!g_pq.consumeInput(conn)) return g_pq.getCopyData(conn, buffer, 1) == 0 ? -2 : -1;
    }
}

// pgsqlGetNotify($mode, $timeoutMs) waits for the connection's socket with poll() (PHP's
// php_pollfd_for_ms, inlined into pdo_pgsql.so): one fd, parked on the loop instead.
int hooked_poll(struct pollfd *fds, nfds_t nfds, int timeout_ms) {
    if (nfds != 1 || timeout_ms == 0 || fds[0].fd < 0 || !coroutine_path())
        return g_real.libc_poll(fds, nfds, timeout_ms);
    int ready = g_real.libc_poll(fds, 1, 0);
    if (ready != 0) return ready;
    uint32_t events = ((fds[0].events & POLLIN) ? gust::loop::kReadable : 0u) |
                      ((fds[0].events & POLLOUT) ? gust::loop::kWritable : 0u);
    if (!events) return g_real.libc_poll(fds, nfds, timeout_ms);
    gust::php::PhpCoroutine *p = gust::php::current();
    sw::Outcome out = sw::wait(fds[0].fd, events, timeout_ms < 0 ? -1 : timeout_ms * gust::kNanosPerMilli, "poll");
    if (!gust::php::resumed(p) || out == sw::kAborted) {
        errno = EINTR;
        return -1;
    }
    if (out == sw::kTimedOut) {
        fds[0].revents = 0;
        return 0;
    }
    return g_real.libc_poll(fds, 1, 0);
}

// libpq resolves a host *name* of the DSN with getaddrinfo() inside PQconnectStart/PQconnectPoll
// (an address or a socket directory needs no lookup): in a coroutine, on the blocking-call pool.
int hooked_getaddrinfo(const char *node, const char *service, const struct addrinfo *hints, struct addrinfo **res) {
    unsigned char address[sizeof(struct in6_addr)];
    if (!node || !coroutine_path() || inet_pton(AF_INET, node, address) == 1 || inet_pton(AF_INET6, node, address) == 1)
        return g_real.getaddrinfo(node, service, hints, res);
    return hooks::offload([=] { return g_real.getaddrinfo(node, service, hints, res); },
                          gust::coro::WaitInfo{"libpq", 0, "getaddrinfo"});
}

template <class F>
void patch(const char *symbol, F replacement, F *real, const char *object = kObject) {
    void *original = hooks::patch_import(object, symbol, reinterpret_cast<void *>(replacement));
    if (original && !*real) *real = reinterpret_cast<F>(original);
}

// Patched on first use of the flag (every extension is loaded by then), left in place after: the
// replacements check the flag on each call. Retried while pdo_pgsql is not loaded.
void apply(uint32_t flags) {
    if (g_patched || !(flags & hooks::kPdoPgsql) || !resolve_libpq()) return;
    // Pinned: a cancel request's thread may still be in libpq when PHP unloads pdo_pgsql.
    (void)dlopen(kLibpq, RTLD_LAZY | RTLD_NOLOAD | RTLD_NODELETE);
    // The real functions first: a replacement may run as soon as its slot is patched.
    patch("PQconnectdb", &hooked_connectdb, &g_real.connectdb);
    patch("PQreset", &hooked_reset, &g_real.reset);
    patch("PQexec", &hooked_exec, &g_real.exec);
    patch("PQprepare", &hooked_prepare, &g_real.prepare);
    patch("PQexecPrepared", &hooked_exec_prepared, &g_real.execPrepared);
    patch("PQexecParams", &hooked_exec_params, &g_real.execParams);
    patch("PQgetResult", &hooked_get_result, &g_real.getResult);
    patch("PQgetCopyData", &hooked_get_copy_data, &g_real.getCopyData);
    patch("poll", &hooked_poll, &g_real.libc_poll);
    patch("PQputCopyData", &hooked_put_copy_data, &g_real.putCopyData);
    patch("PQputCopyEnd", &hooked_put_copy_end, &g_real.putCopyEnd);
    patch("getaddrinfo", &hooked_getaddrinfo, &g_real.getaddrinfo, kLibpq);
    patch("poll", &hooked_libpq_poll, &g_real.libpq_poll, kLibpq);
    g_patched = true;
}

}  // namespace

GUST_HOOK_AREA(g_pdo_pgsql_area, "PDO pgsql (libpq)", hooks::kPdoPgsql, apply);
