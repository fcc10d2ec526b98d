// Messages between a server's processes: tasks (task/taskwait/taskWaitMulti/taskCo -> onTask ->
// finish -> onFinish or the waiter) and pipe messages (sendMessage -> onPipeMessage). Each worker
// and task worker owns an inbox, a SOCK_SEQPACKET pair made before the first fork; everybody writes
// records to its first end (whole records, so writers never interleave), its owner reads the other.
// Values that are not strings travel serialize()d. Task ids count per sending worker.
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <map>

#include "gust/base/error.h"
#include "gust/base/log.h"
#include "server/server.h"
#include "server/event_object.h"
#include "server/relay.h"
#include "server/process_mode.h"
#include "server/tasks.h"
#include "server/worker_status.h"
#include "server/server_metrics.h"
#include "zend/object.h"

extern "C" {
#include "ext/standard/php_var.h"
#include "zend_closures.h"
#include "zend_smart_str.h"
}

namespace gust::php::srv {

zend_class_entry *ce_server_task = nullptr;

namespace {

// Swoole\Server\Task objects keep their server alive (finish() needs it) in a hidden field.
struct TaskObject {
    zend_object *server = nullptr;
    bool no_reply = false;  // sent by a process that serves no inbox: finish() has nobody to answer
    ~TaskObject() {
        if (server) OBJ_RELEASE(server);
    }
};
using TaskClass = zobj::Class<TaskObject>;
TaskObject *task_object(zend_object *obj) { return TaskClass::from(obj); }

// taskwait / taskWaitMulti / taskCo: a coroutine parked until its tasks are finished.
struct TaskWait {
    coro::Coroutine *co = nullptr;
    size_t pending = 0;
    zval results;                    // array: key given by the caller -> result (false until it arrives)
    std::map<zend_long, zval> keys;  // task id -> key in results
};

}  // namespace

struct Messaging final : loop::IoHandler, ZendStringAllocator {
    Server *server = nullptr;
    int read_fd = -1;
    loop::WatchId watch{};
    std::unique_ptr<ipc::Receiver> receiver;
    std::vector<std::unique_ptr<ipc::Sender>> outboxes;  // by destination worker id, made on first use
    zend_long next_task_id = 0;
    size_t next_task_worker = 0;
    // task id -> finish callback given to task(); a plain zval (not a Callable): resolved when the
    // result arrives, then handed to release_later() (it is on the loop's stack).
    std::map<zend_long, zval> callbacks;
    std::map<zend_long, TaskWait *> waits;                                 // task id -> its waiter
    std::map<coro::CoroutineId, std::pair<zend_long, zend_long>> running;  // onTask coroutine -> task id, source

    void on_io(uint32_t) override;
};

namespace {

zend_long worker_count(Server *s) { return s->settings.worker_num; }
zend_long slot_count(Server *s) { return s->settings.worker_num + s->settings.task_worker_num; }

// The value a message carries: the string itself, or unserialize()d.
void decode(zend_string *str, uint16_t flags, zval *out) {
    if (!(flags & ipc::kFlagSerialized)) {
        ZVAL_STR_COPY(out, str);
        return;
    }
    const unsigned char *p = reinterpret_cast<const unsigned char *>(ZSTR_VAL(str));
    php_unserialize_data_t vh;
    PHP_VAR_UNSERIALIZE_INIT(vh);
    if (!php_var_unserialize(out, &p, p + ZSTR_LEN(str), &vh)) {
        zval_ptr_dtor(out);
        ZVAL_FALSE(out);
    }
    PHP_VAR_UNSERIALIZE_DESTROY(vh);
}

// A string as is, anything else serialize()d (flag set). nullptr when it cannot be serialized.
zend_string *encode(zval *value, uint16_t *flags) {
    if (Z_TYPE_P(value) == IS_STRING) {
        *flags = 0;
        return zend_string_copy(Z_STR_P(value));
    }
    smart_str buf = {};
    php_serialize_data_t vh;
    PHP_VAR_SERIALIZE_INIT(vh);
    php_var_serialize(&buf, value, &vh);
    PHP_VAR_SERIALIZE_DESTROY(vh);
    if (EG(exception)) {
        smart_str_free(&buf);
        return nullptr;
    }
    *flags = ipc::kFlagSerialized;
    return buf.s ? smart_str_extract(&buf) : ZSTR_EMPTY_ALLOC();
}

// Sends to worker `dst`'s inbox. The string stays referenced until written.
bool post(Server *s, zend_long dst, ipc::MessageType type, zend_long id, uint16_t flags, zend_string *data) {
    Messaging *m = s->messaging;
    if (!m || dst < 0 || dst >= slot_count(s)) return false;
    auto &out = m->outboxes[static_cast<size_t>(dst)];
    if (!out) {
        out = std::make_unique<ipc::Sender>(s->inboxes[static_cast<size_t>(dst)].first);
        LoopState *rt = loop_state_if_any();
        if (rt) (void)out->attach(rt->loop.get());
    }
    ipc::Header h;
    h.type = type;
    h.flags = flags;
    h.reactor_id = static_cast<uint16_t>(s->worker_id);
    h.session_id = static_cast<uint64_t>(id);
    zend_string_addref(data);
    int rc =
        out->send(h, ZSTR_VAL(data), static_cast<uint32_t>(ZSTR_LEN(data)), [data](int) { zend_string_release(data); });
    if (rc != 1) zend_string_release(data);
    if (rc < 0) {
        php_error_docref(nullptr, E_WARNING, "message to worker #" ZEND_LONG_FMT " failed: %s", dst, error_message(rc));
        return false;
    }
    return true;
}

// Swoole's SWOOLE_TASK_* bits, as Task->flags reports them (the inbox's own flags differ).
constexpr zend_long kTaskSerialize = 2, kTaskNonBlock = 4, kTaskCallback = 8, kTaskWaitAll = 16, kTaskCoroutine = 32,
                    kTaskPeek = 64, kTaskNoReply = 128;

zend_long swoole_task_flags(uint16_t flags, bool no_reply) {
    zend_long out = kTaskNonBlock;
    if (flags & ipc::kFlagSerialized) out |= kTaskSerialize;
    if (flags & ipc::kFlagTaskCallback) out |= kTaskCallback;
    if (flags & ipc::kFlagTaskCoroutine) out |= kTaskCoroutine;
    if (no_reply) out |= kTaskNoReply;
    return out;
}

// A task sent by a process that serves no inbox (the master in onStart, the manager, a user
// process): no reply can come back, so it carries this source and finish() goes nowhere.
constexpr uint16_t kNoReplySource = 0xFFFF;
thread_local zend_long g_detached_task_id = 0;

// Outside a worker there is no loop to queue on: the record is written now, waiting (bounded) while
// the inbox is full.
bool post_detached(Server *s, zend_long dst, zend_long id, uint16_t flags, zend_string *data,
                   ipc::MessageType type = ipc::MessageType::kTask) {
    if (dst < 0 || dst >= static_cast<zend_long>(s->inboxes.size())) return false;
    const int fd = s->inboxes[static_cast<size_t>(dst)].first;
    if (fd < 0) return false;
    ipc::Sender out(fd);
    ipc::Header h;
    h.type = type;
    h.flags = flags;
    h.reactor_id = kNoReplySource;
    h.session_id = static_cast<uint64_t>(id);
    int rc = out.send_copy(h, ZSTR_VAL(data), static_cast<uint32_t>(ZSTR_LEN(data)));
    // The record is queued (rc 0): flush until it is written, waiting up to 30 s while the inbox is
    // full. poll() may call the socket writable while a large record still does not fit: a short
    // sleep then, not a spin.
    const Nanos deadline = monotonic_now() + 30 * kNanosPerSecond;
    while (rc == 0 || rc == -EAGAIN) {
        rc = out.flush();
        if (rc != -EAGAIN || monotonic_now() >= deadline) break;
        pollfd p{fd, POLLOUT, 0};
        if (::poll(&p, 1, 10) > 0) usleep(1000);
    }
    if (rc < 0) {
        php_error_docref(nullptr, E_WARNING, "message to worker #" ZEND_LONG_FMT " failed: %s", dst, error_message(rc));
        return false;
    }
    return true;
}

// The master, the manager or a user process of a started server, which may send tasks too.
bool may_send_detached(Server *s) { return !s->messaging && s->started && !s->inboxes.empty(); }

}  // namespace

bool post_to_inbox(Server *s, zend_long dst, ipc::MessageType type, zend_long id, uint16_t flags, zend_string *data) {
    if (s->messaging) return post(s, dst, type, id, flags, data);
    if (!may_send_detached(s)) return false;
    return post_detached(s, dst, id, flags, data, type);
}

namespace {

bool require_worker(Server *s, const char *what) {
    if (!s->messaging) {
        php_error_docref(nullptr, E_WARNING,
                         "%s() needs a running server with a manager (worker_num > 1, "
                         "task_worker_num > 0 or SWOOLE_PROCESS)",
                         what);
        return false;
    }
    return true;
}

// Sends one task; its id, or -1.
zend_long send_task(Server *s, zval *data, zend_long dst, uint16_t extra_flags) {
    const bool detached = may_send_detached(s);
    if (!detached && !require_worker(s, "task")) return -1;
    if (s->settings.task_worker_num <= 0) {
        php_error_docref(nullptr, E_WARNING, "task() needs task_worker_num > 0");
        return -1;
    }
    if (is_task_worker(s)) {
        php_error_docref(nullptr, E_WARNING, "task() cannot be called in a task worker");
        return -1;
    }
    Messaging *m = s->messaging;
    static thread_local size_t detached_next_worker = 0;
    size_t &next_worker = m ? m->next_task_worker : detached_next_worker;
    if (dst < 0) {
        dst = worker_count(s) + static_cast<zend_long>(next_worker++ % s->settings.task_worker_num);
    } else if (dst >= s->settings.task_worker_num) {
        php_error_docref(nullptr, E_WARNING, "task worker #" ZEND_LONG_FMT " does not exist", dst);
        return -1;
    } else {
        dst += worker_count(s);
    }
    uint16_t flags = 0;
    zend_string *payload = encode(data, &flags);
    if (!payload) return -1;
    const zend_long id = m ? m->next_task_id++ : g_detached_task_id++;
    // Busy from now, whoever looks; counted before it can arrive, so the taker always finds it.
    shared_task_queued(s, dst, true);
    bool ok = m ? post(s, dst, ipc::MessageType::kTask, id, flags | extra_flags, payload)
                : post_detached(s, dst, id, flags, payload);
    zend_string_release(payload);
    if (!ok) shared_task_queued(s, dst, false);
    if (ok && s->process_mode) shared_count_task(s, false);
    if (ok) metrics_task(s, false);
    return ok ? id : -1;
}

bool send_finish(Server *s, zend_long task_id, zend_long src, zval *data) {
    uint16_t flags = 0;
    zend_string *payload = encode(data, &flags);
    if (!payload) return false;
    bool ok = post(s, src, ipc::MessageType::kFinish, task_id, flags, payload);
    zend_string_release(payload);
    return ok;
}

// ---- the task runner: an internal function that runs onTask in the task's coroutine and sends
// its return value back, the way a PHP closure wrapping onTask would.

ZEND_BEGIN_ARG_INFO_EX(arginfo_task_runner, 0, 0, 5)
ZEND_ARG_INFO(0, server)
ZEND_ARG_INFO(0, task_id)
ZEND_ARG_INFO(0, src_worker_id)
ZEND_ARG_INFO(0, data)
ZEND_ARG_INFO(0, flags)
ZEND_END_ARG_INFO()

void task_runner(INTERNAL_FUNCTION_PARAMETERS) {
    zval *server_zv, *data;
    zend_long task_id, src, flags;
    ZEND_PARSE_PARAMETERS_START(5, 5)
        Z_PARAM_OBJECT(server_zv)
        Z_PARAM_LONG(task_id)
        Z_PARAM_LONG(src)
        Z_PARAM_ZVAL(data)
        Z_PARAM_LONG(flags)
    ZEND_PARSE_PARAMETERS_END();
    Server *s = server_from(Z_OBJ_P(server_zv));
    Callback &cb = s->callbacks[kTask];
    if (!cb.is_set() || !s->messaging) RETURN_NULL();
    PhpCoroutine *p = current();
    const coro::CoroutineId cid = p ? p->co->id() : 0;
    s->messaging->running[cid] = {task_id, src};
    zval args[4], ret;
    uint32_t argc;
    ZVAL_COPY_VALUE(&args[0], server_zv);
    // Swoole gives a Task object with any of these options.
    if (s->settings.task_enable_coroutine || s->settings.task_object || s->settings.event_object) {
        object_init_ex(&args[1], ce_server_task);
        zend_object *t = Z_OBJ(args[1]);
        zend_update_property_long(ce_server_task, t, ZEND_STRL("id"), task_id);
        // A task from the master, the manager or a user process: worker 0 and NOREPLY, as in Swoole.
        zend_update_property_long(ce_server_task, t, ZEND_STRL("worker_id"), src < 0 ? 0 : src);
        zend_update_property_long(ce_server_task, t, ZEND_STRL("flags"),
                                  swoole_task_flags(static_cast<uint16_t>(flags), src < 0));
        task_object(t)->no_reply = src < 0;
        zend_update_property(ce_server_task, t, ZEND_STRL("data"), data);
        zend_update_property_double(ce_server_task, t, ZEND_STRL("dispatch_time"), dispatch_time_now());
        task_object(t)->server = Z_OBJ_P(server_zv);
        GC_ADDREF(Z_OBJ_P(server_zv));
        argc = 2;
    } else {
        ZVAL_LONG(&args[1], task_id);
        ZVAL_LONG(&args[2], src);
        ZVAL_COPY_VALUE(&args[3], data);
        argc = 4;
    }
    {
        BusyScope busy(true);  // getWorkerStatus() and stats() see a task worker in onTask as busy
        cb.call(args, argc, &ret);
    }
    if (s->process_mode) shared_count_task(s, true);
    metrics_task(s, true);
    if (argc == 2) zval_ptr_dtor(&args[1]);
    // A return value other than null finishes the task, unless finish() already did.
    if (s->messaging && s->messaging->running.count(cid) && !EG(exception) && Z_TYPE(ret) != IS_UNDEF &&
        Z_TYPE(ret) != IS_NULL) {
        (void)send_finish(s, task_id, src, &ret);
    }
    if (s->messaging) s->messaging->running.erase(cid);
    zval_ptr_dtor(&ret);
}

zend_internal_function g_task_runner;
// Per thread: the closure is an object of the request that made it (a THREAD server runs one per thread).
thread_local zval g_task_runner_closure;
thread_local zend_fcall_info_cache g_task_runner_fcc;

void run_task(Server *s, zend_long task_id, zend_long src, zval *data, uint16_t flags) {
    if (Z_TYPE(g_task_runner_closure) == IS_UNDEF) {
        zend_create_fake_closure(&g_task_runner_closure, reinterpret_cast<zend_function *>(&g_task_runner), nullptr,
                                 nullptr, nullptr);
        g_task_runner_fcc = empty_fcall_info_cache;
        (void)zend_is_callable_ex(&g_task_runner_closure, nullptr, 0, nullptr, &g_task_runner_fcc, nullptr);
    }
    zval args[5];
    ZVAL_OBJ(&args[0], s->self);
    ZVAL_LONG(&args[1], task_id);
    ZVAL_LONG(&args[2], src);
    ZVAL_COPY_VALUE(&args[3], data);
    ZVAL_LONG(&args[4], flags);
    (void)create(&g_task_runner_fcc, &g_task_runner_closure, args, 5);
}

void on_finish_message(Server *s, zend_long task_id, zend_long task_worker_id, zval *data) {
    Messaging *m = s->messaging;
    auto w = m->waits.find(task_id);
    if (w != m->waits.end()) {
        TaskWait *tw = w->second;
        zval *key = &tw->keys[task_id];
        Z_TRY_ADDREF_P(data);
        if (Z_TYPE_P(key) == IS_LONG) {
            zend_hash_index_update(Z_ARRVAL(tw->results), Z_LVAL_P(key), data);
        } else {
            zend_hash_update(Z_ARRVAL(tw->results), Z_STR_P(key), data);
        }
        m->waits.erase(w);
        if (--tw->pending == 0) loop_state()->scheduler->wake(tw->co, 0);
        return;
    }
    zval args[3];
    ZVAL_OBJ(&args[0], s->self);
    ZVAL_LONG(&args[1], task_id);
    ZVAL_COPY_VALUE(&args[2], data);
    auto cb = m->callbacks.find(task_id);
    if (cb != m->callbacks.end()) {
        zend_fcall_info_cache fcc;
        char *error = nullptr;
        if (zend_is_callable_ex(&cb->second, nullptr, 0, nullptr, &fcc, &error)) {
            (void)create(&fcc, &cb->second, args, 3);
        }
        if (error) efree(error);
        release_later(&cb->second);
        m->callbacks.erase(cb);
        return;
    }
    if (s->settings.event_object) {
        make_task_result(&args[1], task_id, task_worker_id, data);
        (void)run_callback(s, nullptr, kFinish, args, 2);
        zval_ptr_dtor(&args[1]);
        return;
    }
    (void)run_callback(s, nullptr, kFinish, args, 3);
}

}  // namespace

void Messaging::on_io(uint32_t) {
    for (int i = 0; i < 256 && watch.valid(); ++i) {
        ipc::Message msg;
        int rc = receiver->receive_one(&msg);
        if (rc == 0) continue;
        if (rc == -EAGAIN) return;
        if (rc != 1) {
            GUST_LOG_WARN("worker #%ld: inbox message dropped (%s)", static_cast<long>(server->worker_id),
                          error_message(rc));
            if (rc == kErrProtocol || rc == kErrLimit) continue;
            return;
        }
        auto *str = static_cast<zend_string *>(msg.dest.cookie);
        if (!str) str = ZSTR_EMPTY_ALLOC();
        ZSTR_VAL(str)[ZSTR_LEN(str)] = '\0';
        if (msg.header.type == ipc::MessageType::kData || msg.header.type == ipc::MessageType::kClose) {
            relay_arrived(server, msg.header, str);  // another process's send()/close() (server_relay.cc)
            zend_string_release(str);
            continue;
        }
        zval data;
        decode(str, msg.header.flags, &data);
        zend_string_release(str);
        const zend_long id = static_cast<zend_long>(msg.header.session_id);
        // A message from a process that is no worker (the master, the manager, a user process): -1.
        const zend_long src = msg.header.reactor_id == kNoReplySource ? -1 : msg.header.reactor_id;
        if (msg.header.type == ipc::MessageType::kTask) {
            // Off its count as it starts, not once done: a crash in onTask leaves none counted.
            shared_task_taken(server);
            run_task(server, id, src, &data, msg.header.flags);
        } else if (msg.header.type == ipc::MessageType::kFinish) {
            on_finish_message(server, id, src, &data);
        } else if (msg.header.type == ipc::MessageType::kPipeMessage) {
            zval args[3];
            ZVAL_OBJ(&args[0], server->self);
            ZVAL_LONG(&args[1], src);
            ZVAL_COPY_VALUE(&args[2], &data);
            (void)run_callback(server, nullptr, kPipeMessage, args, 3);
        }
        zval_ptr_dtor(&data);
    }
}

bool is_task_worker(Server *s) { return s->worker_id >= s->settings.worker_num && s->worker_id < slot_count(s); }

bool make_inboxes(Server *s) {
    for (zend_long i = 0; i < slot_count(s); ++i) {
        auto p = ipc::make_channel_pair();
        if (!p.ok()) return false;
        s->inboxes.push_back(p.value());
    }
    return true;
}

void close_inboxes(Server *s, zend_long keep) {
    for (size_t i = 0; i < s->inboxes.size(); ++i) {
        if (static_cast<zend_long>(i) == keep) continue;
        if (s->inboxes[i].second >= 0) ::close(s->inboxes[i].second);
        s->inboxes[i].second = -1;
    }
}

void messaging_start(Server *s) {
    if (s->inboxes.empty() || s->worker_id < 0) return;
    auto *m = new Messaging();
    m->server = s;
    m->outboxes.resize(s->inboxes.size());
    m->read_fd = s->inboxes[static_cast<size_t>(s->worker_id)].second;
    ipc::Limits limits;
    limits.max_payload = 64u << 20;
    m->receiver = std::make_unique<ipc::Receiver>(m->read_fd, limits, m);
    LoopState *rt = loop_state();
    auto w = rt->loop->watch(m->read_fd, loop::kReadable, m);
    if (w.ok()) m->watch = w.value();
    // Workers serve clients; their inbox alone must not keep them alive once they stop.
    s->messaging = m;
    zend_update_property_bool(s->self->ce, s->self, ZEND_STRL("taskworker"), is_task_worker(s));
}

void messaging_stop(Server *s) {
    Messaging *m = s->messaging;
    LoopState *rt = loop_state_if_any();
    if (m && rt && m->watch.valid()) rt->loop->unwatch(m->watch);
    if (m) m->watch = {};
}

void messaging_end(Server *s) {
    Messaging *m = s->messaging;
    if (!m) return;
    messaging_stop(s);
    for (auto &out : m->outboxes) {
        if (!out) continue;
        for (int i = 0; i < 100 && out->flush() == -EAGAIN; ++i) usleep(1000);
    }
    m->outboxes.clear();
    for (auto &[id, cb] : m->callbacks) zval_ptr_dtor(&cb);
    m->callbacks.clear();
    s->messaging = nullptr;
    delete m;
}

}  // namespace gust::php::srv

using namespace gust::php::srv;

namespace {

Server *this_server(zval *z) { return server_from(Z_OBJ_P(z)); }

// taskwait / taskWaitMulti / taskCo: sends every task, parks until all finish or the timeout.
void wait_tasks(Server *s, HashTable *tasks, double timeout, zend_long dst, zval *return_value) {
    gust::php::PhpCoroutine *p = gust::php::require_coroutine();
    auto *tw = new TaskWait();
    tw->co = p->co;
    array_init(&tw->results);
    zend_ulong idx;
    zend_string *key;
    zval *data;
    ZEND_HASH_FOREACH_KEY_VAL(tasks, idx, key, data) {
        zend_long id = send_task(s, data, dst, gust::ipc::kFlagTaskCoroutine);
        zval k;
        if (key) {
            ZVAL_STR_COPY(&k, key);
            add_assoc_bool_ex(&tw->results, ZSTR_VAL(key), ZSTR_LEN(key), false);
        } else {
            ZVAL_LONG(&k, static_cast<zend_long>(idx));
            add_index_bool(&tw->results, idx, false);
        }
        if (id < 0) {
            zval_ptr_dtor(&k);
            continue;
        }
        tw->keys[id] = k;
        s->messaging->waits[id] = tw;
        ++tw->pending;
    }
    ZEND_HASH_FOREACH_END();
    if (tw->pending > 0) {
        gust::Nanos t = timeout > 0 ? gust::seconds_to_nanos(timeout) : -1;
        (void)gust::php::loop_state()->scheduler->park(t, gust::coro::WaitInfo{"Server", 0, "taskwait"});
    }
    // Whatever did not finish in time stays false; a late finish goes to onFinish.
    if (s->messaging) {
        for (auto &[id, k] : tw->keys) {
            auto it = s->messaging->waits.find(id);
            if (it != s->messaging->waits.end() && it->second == tw) s->messaging->waits.erase(it);
        }
    }
    for (auto &[id, k] : tw->keys) zval_ptr_dtor(&k);
    ZVAL_COPY_VALUE(return_value, &tw->results);
    delete tw;
    (void)gust::php::resumed(p);
}

}  // namespace

ZEND_METHOD(Swoole_Server, task) {
    zval *data;
    zend_long dst = -1;
    zend_fcall_info fci = empty_fcall_info;
    zend_fcall_info_cache fcc = empty_fcall_info_cache;
    ZEND_PARSE_PARAMETERS_START(1, 3)
        Z_PARAM_ZVAL(data)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(dst)
        Z_PARAM_FUNC_OR_NULL(fci, fcc)
    ZEND_PARSE_PARAMETERS_END();
    Server *s = this_server(ZEND_THIS);
    zend_long id = send_task(s, data, dst, ZEND_FCI_INITIALIZED(fci) ? gust::ipc::kFlagTaskCallback : 0);
    if (id < 0) RETURN_FALSE;
    if (ZEND_FCI_INITIALIZED(fci) && s->messaging) {
        zval cb;
        ZVAL_COPY(&cb, &fci.function_name);
        s->messaging->callbacks[id] = cb;
    }
    RETURN_LONG(id);
}

ZEND_METHOD(Swoole_Server, taskwait) {
    zval *data;
    double timeout = 0.5;
    zend_long dst = -1;
    ZEND_PARSE_PARAMETERS_START(1, 3)
        Z_PARAM_ZVAL(data)
        Z_PARAM_OPTIONAL
        Z_PARAM_DOUBLE(timeout)
        Z_PARAM_LONG(dst)
    ZEND_PARSE_PARAMETERS_END();
    Server *s = this_server(ZEND_THIS);
    if (!require_worker(s, "taskwait")) RETURN_FALSE;
    HashTable *one = zend_new_array(1);
    Z_TRY_ADDREF_P(data);
    zend_hash_index_add_new(one, 0, data);
    zval results;
    ZVAL_UNDEF(&results);
    wait_tasks(s, one, timeout, dst, &results);
    zend_array_destroy(one);
    if (Z_TYPE(results) != IS_ARRAY) RETURN_FALSE;
    zval *r = zend_hash_index_find(Z_ARRVAL(results), 0);
    if (r) RETVAL_COPY(r);
    else RETVAL_FALSE;
    zval_ptr_dtor(&results);
}

ZEND_METHOD(Swoole_Server, taskWaitMulti) {
    HashTable *tasks;
    double timeout = 0.5;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_ARRAY_HT(tasks)
        Z_PARAM_OPTIONAL
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    Server *s = this_server(ZEND_THIS);
    if (!require_worker(s, "taskWaitMulti")) RETURN_FALSE;
    wait_tasks(s, tasks, timeout, -1, return_value);
}

ZEND_METHOD(Swoole_Server, finish) {
    zval *data;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ZVAL(data)
    ZEND_PARSE_PARAMETERS_END();
    Server *s = this_server(ZEND_THIS);
    // With task_enable_coroutine the task is a Task object and finishes through it; Swoole stops
    // here with a fatal error, and so does Gust (the same program must fail the same way).
    if (s->settings.task_enable_coroutine) {
        php_error_docref(nullptr, E_ERROR,
                         "please use Swoole\\Server\\Task->finish instead when task_enable_coroutine is enable");
        RETURN_FALSE;
    }
    gust::php::PhpCoroutine *p = gust::php::current();
    if (!s->messaging || !is_task_worker(s) || !p) {
        php_error_docref(nullptr, E_WARNING, "finish() must be called in onTask of a task worker");
        RETURN_FALSE;
    }
    auto it = s->messaging->running.find(p->co->id());
    if (it == s->messaging->running.end()) {
        php_error_docref(nullptr, E_WARNING, "finish() must be called in the coroutine of onTask");
        RETURN_FALSE;
    }
    auto [task_id, src] = it->second;
    s->messaging->running.erase(it);
    RETURN_BOOL(send_finish(s, task_id, src, data));
}

ZEND_METHOD(Swoole_Server, sendMessage) {
    zval *message;
    zend_long dst;
    ZEND_PARSE_PARAMETERS_START(2, 2)
        Z_PARAM_ZVAL(message)
        Z_PARAM_LONG(dst)
    ZEND_PARSE_PARAMETERS_END();
    Server *s = this_server(ZEND_THIS);
    // The master, the manager and user processes may send too (no reply comes back to them).
    const bool detached = may_send_detached(s);
    if (!detached && !require_worker(s, "sendMessage")) RETURN_FALSE;
    if ((!detached && dst == s->worker_id) || dst < 0 || dst >= slot_count(s)) {
        php_error_docref(nullptr, E_WARNING, "invalid worker_id[" ZEND_LONG_FMT "]", dst);
        RETURN_FALSE;
    }
    uint16_t flags = 0;
    zend_string *payload = encode(message, &flags);
    if (!payload) RETURN_FALSE;
    bool ok = post_to_inbox(s, dst, gust::ipc::MessageType::kPipeMessage, 0, flags, payload);
    zend_string_release(payload);
    RETURN_BOOL(ok);
}

ZEND_METHOD(Swoole_Server_Task, finish) {
    zval *data;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ZVAL(data)
    ZEND_PARSE_PARAMETERS_END();
    zend_object *t = Z_OBJ_P(ZEND_THIS);
    zval rv2, rv3;
    zval *id = zend_read_property(ce_server_task, t, ZEND_STRL("id"), 1, &rv2);
    zval *src = zend_read_property(ce_server_task, t, ZEND_STRL("worker_id"), 1, &rv3);
    if (!task_object(t)->server || task_object(t)->no_reply) RETURN_FALSE;
    Server *s = server_from(task_object(t)->server);
    if (!s->messaging) RETURN_FALSE;
    gust::php::PhpCoroutine *p = gust::php::current();
    if (p) s->messaging->running.erase(p->co->id());
    RETURN_BOOL(send_finish(s, zval_get_long(id), zval_get_long(src), data));
}

ZEND_METHOD(Swoole_Server_Task, pack) {
    zval *data;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ZVAL(data)
    ZEND_PARSE_PARAMETERS_END();
    uint16_t flags = 0;
    zend_string *payload = encode(data, &flags);
    if (!payload) RETURN_FALSE;
    RETURN_STR(payload);
}

ZEND_METHOD(Swoole_Server_Task, unpack) {
    zend_string *packed;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_STR(packed)
    ZEND_PARSE_PARAMETERS_END();
    decode(packed, gust::ipc::kFlagSerialized, return_value);
}

void gust::php::srv::register_task_class() {
    TaskClass::install(ce_server_task);
    const struct {
        const char *name;
        zend_long value;
    } flags[] = {{"SWOOLE_TASK_TMPFILE", 1},
                 {"SWOOLE_TASK_SERIALIZE", kTaskSerialize},
                 {"SWOOLE_TASK_NONBLOCK", kTaskNonBlock},
                 {"SWOOLE_TASK_CALLBACK", kTaskCallback},
                 {"SWOOLE_TASK_WAITALL", kTaskWaitAll},
                 {"SWOOLE_TASK_COROUTINE", kTaskCoroutine},
                 {"SWOOLE_TASK_PEEK", kTaskPeek},
                 {"SWOOLE_TASK_NOREPLY", kTaskNoReply}};
    for (const auto &c : flags) {
        zend_register_long_constant(c.name, strlen(c.name), c.value, CONST_CS | CONST_PERSISTENT,
                                    module_entry()->module_number);
    }
    ZVAL_UNDEF(&g_task_runner_closure);
    memset(&g_task_runner, 0, sizeof(g_task_runner));
    g_task_runner.type = ZEND_INTERNAL_FUNCTION;
    g_task_runner.function_name = zend_string_init_interned(ZEND_STRL("Swoole\\Server::{task}"), 1);
    g_task_runner.num_args = 5;
    g_task_runner.required_num_args = 5;
    g_task_runner.arg_info = const_cast<zend_internal_arg_info *>(arginfo_task_runner) + 1;
    g_task_runner.handler = task_runner;
    g_task_runner.module = module_entry();
}

void gust::php::srv::task_rshutdown() {
    zval_ptr_dtor(&g_task_runner_closure);
    ZVAL_UNDEF(&g_task_runner_closure);
}
