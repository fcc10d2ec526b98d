// Server::addCommand()/command() (docs/php-server.md, "Commands"). Each process that may run a
// handler or wait for a reply owns an inbox, a seqpacket pair made before the first fork: workers
// and task workers by id, then the manager, then PROCESS mode's master. A request carries the
// command's name and the JSON of the caller's data; the handler runs outside coroutines, as Swoole
// runs it, and the string it returns goes back to the caller's inbox. A caller in a coroutine
// parks until the reply comes; elsewhere (onStart, onManagerStart) it waits on its own inbox and
// serves the requests that reach it meanwhile, so two processes asking each other do not deadlock.
#include <poll.h>
#include <unistd.h>

#include <map>

#include "gust/base/error.h"
#include "gust/base/log.h"
#include "gust/ipc/channel.h"
#include "server/commands.h"

extern "C" {
#include "ext/json/php_json.h"
#include "zend_exceptions.h"
#include "zend_smart_str.h"
}

namespace gust::php::srv {

struct ServerCommand {
    std::string name;
    zend_long accepted = 0;  // kCommand* bits
    Callback handler;
};

struct CommandWait {
    coro::Coroutine *co = nullptr;  // nullptr: the caller polls its inbox itself
    bool done = false;
    zend_string *reply = nullptr;
};

struct CommandState final : loop::IoHandler, ZendStringAllocator {
    Server *server = nullptr;
    std::vector<std::unique_ptr<ServerCommand>> commands;
    std::vector<std::pair<int, int>> inboxes;  // by endpoint: (anyone writes, its owner reads)
    int reading = -1;                          // the endpoint `receiver` reads in this process
    std::unique_ptr<ipc::Receiver> receiver;
    loop::WatchId watch{};
    uint64_t next_request = 1;
    std::map<uint64_t, CommandWait *> waits;

    void on_io(uint32_t) override;
};

namespace {

constexpr zend_long kAllKinds =
    kCommandMaster | kCommandReactorThread | kCommandEventWorker | kCommandTaskWorker | kCommandManager;
constexpr uint16_t kRequest = ipc::kFlagServer1;
constexpr uint16_t kReply = ipc::kFlagServer2;
constexpr int kLocal = -2;  // the target is this very process
// A SWOOLE_THREAD server has no inboxes (its workers are threads of one process): a command can
// run only in the calling thread; another thread's handler must not run on this one's stack.
constexpr int kOtherThread = -3;
// A reply that never comes (its process died while serving it) ends the wait here.
constexpr int kReplyTimeoutSeconds = 60;

zend_long slots(Server *s) { return s->settings.worker_num + s->settings.task_worker_num; }
int manager_endpoint(Server *s) { return static_cast<int>(slots(s)); }
int master_endpoint(Server *s) { return static_cast<int>(slots(s)) + 1; }

// This process's endpoint, or -1 (a user process, or a server that is not running).
int own_endpoint(Server *s) {
    if (!s->in_manager && s->worker_id >= 0 && s->worker_id < slots(s)) return static_cast<int>(s->worker_id);
    const pid_t me = getpid();
    if (s->process_mode && me == s->master_pid) return master_endpoint(s);
    if (s->manager_pid > 0 && me == s->manager_pid) return manager_endpoint(s);
    return -1;
}

// The endpoint serving `kind` #`id`: kLocal for this process of a one-process server, -1 when no
// such process exists.
int target_endpoint(Server *s, CommandState *st, zend_long kind, zend_long id) {
    const bool one_process = st->inboxes.empty();
    if (s->mode == kModeThread) {
        switch (kind) {
            case kCommandMaster: return s->worker_id < 0 ? kLocal : kOtherThread;
            case kCommandEventWorker:
                if (id < 0 || id >= s->settings.worker_num) return -1;
                return id == s->worker_id ? kLocal : kOtherThread;
            default: return -1;
        }
    }
    switch (kind) {
        case kCommandMaster:
            if (one_process) return kLocal;
            // BASE: the process that ran onStart is the manager.
            return s->process_mode ? master_endpoint(s) : manager_endpoint(s);
        case kCommandManager: return one_process ? -1 : manager_endpoint(s);
        case kCommandEventWorker:
            if (id < 0 || id >= s->settings.worker_num) return -1;
            return one_process ? kLocal : static_cast<int>(id);
        case kCommandTaskWorker:
            if (one_process || id < 0 || id >= s->settings.task_worker_num) return -1;
            return static_cast<int>(s->settings.worker_num + id);
        default: return -1;
    }
}

ServerCommand *find_command(CommandState *st, std::string_view name) {
    for (auto &c : st->commands) {
        if (c->name == name) return c.get();
    }
    return nullptr;
}

// Runs the handler here with (server, data). The reply, or nullptr with EG(exception) set.
zend_string *run_handler(Server *s, ServerCommand *c, zend_string *data) {
    zval args[2], ret;
    ZVAL_OBJ(&args[0], s->self);
    ZVAL_STR(&args[1], data);
    c->handler.call(args, 2, &ret);
    if (EG(exception)) {
        zval_ptr_dtor(&ret);
        return nullptr;
    }
    // Swoole's error replies (codes -1 to -3) are JSON objects too, so a caller decoding them sees why.
    zend_string *reply =
        Z_TYPE(ret) == IS_STRING
            ? zend_string_copy(Z_STR(ret))
            : zend_string_init(ZEND_STRL("{\"code\":-2,\"data\":\"the handler did not return a string\"}"), 0);
    zval_ptr_dtor(&ret);
    return reply;
}

// Writes one whole message to `endpoint`'s inbox, waiting (bounded) while it is full.
bool post(CommandState *st, int endpoint, uint16_t flags, int from, uint64_t id, std::string_view a,
          std::string_view b = {}) {
    if (endpoint < 0 || static_cast<size_t>(endpoint) >= st->inboxes.size()) return false;
    const int fd = st->inboxes[static_cast<size_t>(endpoint)].first;
    ipc::Sender out(fd);
    ipc::Header h;
    h.type = ipc::MessageType::kControl;
    h.flags = flags;
    h.reactor_id = static_cast<uint16_t>(from);
    h.session_id = id;
    int rc = out.send_copy(h, a.data(), static_cast<uint32_t>(a.size()), b.data(), static_cast<uint32_t>(b.size()));
    // Queued (rc 0): flushed within 30 s while the inbox is full (as post_detached(), server_task.cc).
    const Nanos deadline = monotonic_now() + 30 * kNanosPerSecond;
    while (rc == 0 || rc == -EAGAIN) {
        rc = out.flush();
        if (rc != -EAGAIN || monotonic_now() >= deadline) break;
        pollfd p{fd, POLLOUT, 0};
        if (::poll(&p, 1, 10) > 0) usleep(1000);
    }
    if (rc < 0) GUST_LOG_WARN("command message to process endpoint %d failed: %s", endpoint, error_message(rc));
    return rc >= 0;
}

// A request from another process: "name\0data". The reply goes back even when the handler failed.
void serve_request(Server *s, CommandState *st, const ipc::Header &h, zend_string *payload) {
    std::string_view all(ZSTR_VAL(payload), ZSTR_LEN(payload));
    const size_t nul = all.find('\0');
    ServerCommand *c = nul == std::string_view::npos ? nullptr : find_command(st, all.substr(0, nul));
    std::string_view reply_text = "{\"code\":-3,\"data\":\"unknown command\"}";
    zend_string *reply = nullptr;
    if (c) {
        zend_string *data = zend_string_init(all.data() + nul + 1, all.size() - nul - 1, 0);
        reply = run_handler(s, c, data);
        zend_string_release(data);
        if (!reply) {
            reply_text = "{\"code\":-1,\"data\":\"the handler threw\"}";
            // The process goes on serving: what the handler threw becomes a warning.
            if (zend_is_unwind_exit(EG(exception)) || zend_is_graceful_exit(EG(exception))) {
                zend_clear_exception();
            } else {
                zend_exception_error(EG(exception), E_WARNING);
            }
        }
    }
    if (reply) reply_text = std::string_view(ZSTR_VAL(reply), ZSTR_LEN(reply));
    (void)post(st, h.reactor_id, kReply, st->reading, h.session_id, reply_text);
    if (reply) zend_string_release(reply);
}

// Reads what this process's inbox holds: replies to its waits, requests for its handlers.
void drain(CommandState *st) {
    for (int i = 0; i < 64 && st->receiver; ++i) {
        ipc::Message msg;
        const int rc = st->receiver->receive_one(&msg);
        if (rc == 0) continue;
        if (rc != 1) {
            if (rc == -EAGAIN) return;
            GUST_LOG_WARN("command inbox: message dropped (%s)", error_message(rc));
            if (rc == kErrProtocol || rc == kErrLimit) continue;
            return;
        }
        auto *str = static_cast<zend_string *>(msg.dest.cookie);
        if (!str) str = ZSTR_EMPTY_ALLOC();
        ZSTR_VAL(str)[ZSTR_LEN(str)] = '\0';
        if (msg.header.flags & kReply) {
            auto it = st->waits.find(msg.header.session_id);
            if (it == st->waits.end()) {
                zend_string_release(str);  // its caller gave up
                continue;
            }
            CommandWait *w = it->second;
            st->waits.erase(it);
            w->reply = str;
            w->done = true;
            if (w->co) loop_state()->scheduler->wake(w->co, 0);
        } else {
            serve_request(st->server, st, msg.header, str);
            zend_string_release(str);
        }
    }
}

// Makes `receiver` read `endpoint`'s inbox (a forked child inherits its parent's).
void read_inbox(CommandState *st, int endpoint) {
    if (st->reading == endpoint && st->receiver) return;
    ipc::Limits limits;
    limits.max_payload = 64u << 20;
    st->receiver = std::make_unique<ipc::Receiver>(st->inboxes[static_cast<size_t>(endpoint)].second, limits, st);
    st->reading = endpoint;
}

// Sends the request and waits for its reply (nullptr when none came).
zend_string *ask(Server *s, CommandState *st, int own, int target, ServerCommand *c, zend_string *data) {
    read_inbox(st, own);
    const uint64_t id = st->next_request++;
    CommandWait w;
    if (!post(st, target, kRequest, own, id, c->name + std::string(1, '\0'),
              std::string_view(ZSTR_VAL(data), ZSTR_LEN(data)))) {
        return nullptr;
    }
    st->waits[id] = &w;
    PhpCoroutine *p = current();
    if (p && st->watch.valid()) {
        w.co = p->co;
        (void)loop_state()->scheduler->park(static_cast<Nanos>(kReplyTimeoutSeconds) * kNanosPerSecond,
                                            coro::WaitInfo{"Server", 0, "command"});
        st->waits.erase(id);
        (void)resumed(p);
        return w.reply;
    }
    const int fd = st->inboxes[static_cast<size_t>(own)].second;
    for (int waited = 0; !w.done && waited < kReplyTimeoutSeconds * 10; ++waited) {
        pollfd pfd{fd, POLLIN, 0};
        if (::poll(&pfd, 1, 100) > 0) drain(st);
    }
    st->waits.erase(id);
    return w.reply;
}

}  // namespace

void CommandState::on_io(uint32_t) { drain(this); }

bool commands_prepare(Server *s) {
    CommandState *st = s->command_state;
    if (!st || st->commands.empty()) return true;
    for (zend_long i = 0; i < slots(s) + 2; ++i) {
        auto p = ipc::make_channel_pair();
        if (!p.ok()) {
            errno = -p.code();
            return false;
        }
        st->inboxes.push_back(p.value());
    }
    return true;
}

void commands_serve(Server *s, LoopState *rt) {
    CommandState *st = s->command_state;
    const int own = st && !st->inboxes.empty() ? own_endpoint(s) : -1;
    if (own < 0) return;
    read_inbox(st, own);
    st->watch = {};  // one inherited from the parent's loop is not ours
    auto w = rt->loop->watch(st->inboxes[static_cast<size_t>(own)].second, loop::kReadable, st);
    if (w.ok()) st->watch = w.value();
}

void commands_stop_serving(Server *s) {
    CommandState *st = s->command_state;
    LoopState *rt = loop_state_if_any();
    if (st && rt && st->watch.valid()) rt->loop->unwatch(st->watch);
    if (st) st->watch = {};
}

int commands_master_fd(Server *s) {
    CommandState *st = s->command_state;
    if (!st || st->inboxes.empty() || !s->process_mode) return -1;
    read_inbox(st, master_endpoint(s));
    return st->inboxes[static_cast<size_t>(master_endpoint(s))].second;
}

void commands_master_ready(Server *s) {
    if (s->command_state) drain(s->command_state);
}

void commands_gc(Server *s, zend_get_gc_buffer *buf) {
    if (!s->command_state) return;
    for (auto &c : s->command_state->commands) c->handler.gc(buf);
}

void commands_release(Server *s) {
    CommandState *st = s->command_state;
    if (!st) return;
    commands_stop_serving(s);
    st->receiver.reset();
    for (auto [w, r] : st->inboxes) {
        if (w >= 0) ::close(w);
        if (r >= 0) ::close(r);
    }
    for (auto &c : st->commands) c->handler.reset();
    s->command_state = nullptr;
    delete st;
}

}  // namespace gust::php::srv

using namespace gust::php::srv;

ZEND_METHOD(Swoole_Server, addCommand) {
    zend_string *name;
    zend_long kinds;
    zend_fcall_info fci = empty_fcall_info;
    zend_fcall_info_cache fcc = empty_fcall_info_cache;
    ZEND_PARSE_PARAMETERS_START(3, 3)
        Z_PARAM_STR(name)
        Z_PARAM_LONG(kinds)
        Z_PARAM_FUNC(fci, fcc)
    ZEND_PARSE_PARAMETERS_END();
    Server *s = server_from(Z_OBJ_P(ZEND_THIS));
    if (s->started) {
        php_error_docref(nullptr, E_WARNING, "commands must be added before the server starts");
        RETURN_FALSE;
    }
    if (kinds & kCommandReactorThread) {
        // Gust's reactor threads never run PHP (docs/ARCHITECTURE.md).
        php_error_docref(nullptr, E_WARNING, "reactor threads cannot run command handlers");
        RETURN_FALSE;
    }
    if (kinds == 0 || (kinds & ~kAllKinds)) {
        php_error_docref(nullptr, E_WARNING, "invalid accepted_process_types " ZEND_LONG_FMT, kinds);
        RETURN_FALSE;
    }
    if (!s->command_state) {
        s->command_state = new CommandState();
        s->command_state->server = s;
    }
    CommandState *st = s->command_state;
    if (find_command(st, std::string_view(ZSTR_VAL(name), ZSTR_LEN(name)))) RETURN_FALSE;  // as Swoole: no warning
    auto c = std::make_unique<ServerCommand>();
    c->name.assign(ZSTR_VAL(name), ZSTR_LEN(name));
    c->accepted = kinds;
    c->handler.assign(&fci, &fcc);
    st->commands.push_back(std::move(c));
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Server, command) {
    zend_string *name;
    zend_long process_id, kind;
    zval *data;
    bool json_decode = true;
    ZEND_PARSE_PARAMETERS_START(4, 5)
        Z_PARAM_STR(name)
        Z_PARAM_LONG(process_id)
        Z_PARAM_LONG(kind)
        Z_PARAM_ZVAL(data)
        Z_PARAM_OPTIONAL
        Z_PARAM_BOOL(json_decode)
    ZEND_PARSE_PARAMETERS_END();
    Server *s = server_from(Z_OBJ_P(ZEND_THIS));
    CommandState *st = s->command_state;
    // Like Swoole, a refusal is a notice in the server's log, not a PHP warning.
    if (!s->started || !st) {
        GUST_LOG(gust::LogLevel::kNotice, "command(%s): the server is not running", ZSTR_VAL(name));
        RETURN_FALSE;
    }
    ServerCommand *c = find_command(st, std::string_view(ZSTR_VAL(name), ZSTR_LEN(name)));
    if (!c) {
        GUST_LOG(gust::LogLevel::kNotice, "command(%s): unknown command", ZSTR_VAL(name));
        RETURN_FALSE;
    }
    if (!(c->accepted & kind)) {
        GUST_LOG(gust::LogLevel::kNotice, "command(%s): not accepted by process type " ZEND_LONG_FMT, ZSTR_VAL(name),
                 kind);
        RETURN_FALSE;
    }
    const int target = target_endpoint(s, st, kind, process_id);
    if (target == -1) {
        php_error_docref(nullptr, E_WARNING, "no process of type " ZEND_LONG_FMT " with id " ZEND_LONG_FMT, kind,
                         process_id);
        RETURN_FALSE;
    }
    if (target == kOtherThread) {
        php_error_docref(nullptr, E_WARNING,
                         "command(%s): a SWOOLE_THREAD server runs a command only in the calling thread; process "
                         "type " ZEND_LONG_FMT " id " ZEND_LONG_FMT " is another thread",
                         ZSTR_VAL(name), kind, process_id);
        RETURN_FALSE;
    }
    smart_str json = {};
    if (php_json_encode(&json, data, 0) != SUCCESS) {
        smart_str_free(&json);
        php_error_docref(nullptr, E_WARNING, "command(%s): the data cannot be encoded as JSON", ZSTR_VAL(name));
        RETURN_FALSE;
    }
    zend_string *encoded = json.s ? smart_str_extract(&json) : ZSTR_EMPTY_ALLOC();
    const int own = target == kLocal ? kLocal : own_endpoint(s);
    zend_string *reply = nullptr;
    if (own == target) {
        reply = run_handler(s, c, encoded);  // an exception goes on to command()'s caller
    } else if (own < 0) {
        php_error_docref(nullptr, E_WARNING,
                         "command() can be called from the master, the manager, a worker or a task worker");
    } else {
        reply = ask(s, st, own, target, c, encoded);
    }
    zend_string_release(encoded);
    if (!reply) RETURN_FALSE;
    if (!json_decode) RETURN_STR(reply);
    php_json_decode_ex(return_value, ZSTR_VAL(reply), ZSTR_LEN(reply), PHP_JSON_OBJECT_AS_ARRAY,
                       PHP_JSON_PARSER_DEFAULT_DEPTH);
    zend_string_release(reply);
    // The declared type is Swoole's string|array|false: other JSON values come back as false.
    if (Z_TYPE_P(return_value) != IS_ARRAY && Z_TYPE_P(return_value) != IS_STRING) {
        zval_ptr_dtor(return_value);
        RETURN_FALSE;
    }
}
