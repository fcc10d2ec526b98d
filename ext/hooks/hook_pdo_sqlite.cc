// SWOOLE_HOOK_PDO_SQLITE: pdo_sqlite's blocking SQLite calls (open, prepare, step, exec) run on
// the blocking-call thread pool while the calling coroutine parks. pdo_sqlite calls libsqlite3
// directly, so its imports are redirected (import_patch.h); outside coroutines, or with the flag
// off, the replacement calls the real function.
//
// One connection is never used by two threads at once: every hooked call on a connection holds
// that connection's coroutine mutex, so a second coroutine on the same PDO waits its turn
// (reentrant for the holder). Connections with PHP callbacks (sqliteCreateFunction,
// sqliteCreateCollation/Aggregate, the open_basedir authorizer) run their calls on this thread,
// still under the mutex: PHP code must never run on a worker thread. The registrations are
// watched from MINIT on, so a connection made before the flag came on is judged correctly.
#include <dlfcn.h>

#include <unordered_map>
#include <unordered_set>

#include "gust/base/error.h"
#include "gust/coro/blocking.h"
#include "gust/coro/sync.h"
#include "hooks/hooks.h"
#include "hooks/import_patch.h"
#include "hooks/offload.h"

namespace gust::php::hooks {
namespace {

// libsqlite3's types and codes (its header is not a build dependency).
struct sqlite3;
struct sqlite3_stmt;
constexpr int kSqliteInterrupt = 9;  // SQLITE_INTERRUPT: what a coroutine canceled while waiting gets

using OpenFn = int (*)(const char *, sqlite3 **, int, const char *);
using PrepareFn = int (*)(sqlite3 *, const char *, int, sqlite3_stmt **, const char **);
using StepFn = int (*)(sqlite3_stmt *);
using ExecCallback = int (*)(void *, int, char **, char **);
using ExecFn = int (*)(sqlite3 *, const char *, ExecCallback, void *, char **);
using CloseFn = int (*)(sqlite3 *);
using DbHandleFn = sqlite3 *(*)(sqlite3_stmt *);
using CreateFunctionFn = int (*)(sqlite3 *, const char *, int, int, void *, void *, void *, void *);
using CreateCollationFn = int (*)(sqlite3 *, const char *, int, void *, void *);
using SetAuthorizerFn = int (*)(sqlite3 *, void *, void *);

// Who imports SQLite: pdo_sqlite.so when PHP loads it as a module (Debian), the main program
// when pdo_sqlite is compiled into PHP (the project's ZTS PHP: a module without a handle);
// nullptr when pdo_sqlite is absent. A PHP with ext/sqlite3 built in too has its SQLite3 class's
// calls redirected with pdo_sqlite's; they go through the same rules (watched callbacks, mutex).
const char *sqlite_importer() {
    auto *module = static_cast<zend_module_entry *>(zend_hash_str_find_ptr(&module_registry, ZEND_STRL("pdo_sqlite")));
    if (module == nullptr) return nullptr;
    return module->handle != nullptr ? "pdo_sqlite.so" : "";
}

OpenFn real_open = nullptr;
PrepareFn real_prepare = nullptr;
StepFn real_step = nullptr;
ExecFn real_exec = nullptr;
CloseFn real_close = nullptr;
DbHandleFn real_db_handle = nullptr;
CreateFunctionFn real_create_function = nullptr;
CreateCollationFn real_create_collation = nullptr;
SetAuthorizerFn real_set_authorizer = nullptr;

bool g_watching_since_minit = false;  // the PHP-callback registrations were seen from the start
bool g_blocking_patched = false;

// Connections on which SQLite may call PHP code (they never leave this thread).
std::unordered_set<sqlite3 *> &php_callback_connections() {
    static std::unordered_set<sqlite3 *> set;
    return set;
}

struct ConnectionLock {
    coro::Mutex mutex;
    int depth = 0;  // the holder's nested acquisitions (a PHP callback that queries its own PDO)
};
std::unordered_map<sqlite3 *, std::unique_ptr<ConnectionLock>> &connection_locks() {
    static std::unordered_map<sqlite3 *, std::unique_ptr<ConnectionLock>> map;
    return map;
}

bool active() { return (flags() & kPdoSqlite) && in_coroutine(); }

coro::CoroutineId running_id() {
    coro::Scheduler *s = coro::Scheduler::current();
    return s && s->running() ? s->running()->id() : 0;
}

// Holds one connection's coroutine mutex for the life of the guard; `held` is false when the
// coroutine was canceled while waiting (the call is then not made).
class ConnectionGuard {
public:
    explicit ConnectionGuard(sqlite3 *db) {
        auto &slot = connection_locks()[db];
        if (!slot) slot = std::make_unique<ConnectionLock>();
        lock_ = slot.get();
        if (lock_->mutex.locked() && lock_->mutex.owner() == running_id()) {
            ++lock_->depth;
        } else if (lock_->mutex.lock() != 0) {
            lock_ = nullptr;
        }
    }
    ~ConnectionGuard() {
        if (!lock_) return;
        if (lock_->depth > 0) {
            --lock_->depth;
        } else {
            static_cast<void>(lock_->mutex.unlock());  // held by this coroutine: cannot fail
        }
    }
    ConnectionGuard(const ConnectionGuard &) = delete;
    ConnectionGuard &operator=(const ConnectionGuard &) = delete;
    bool held() const { return lock_ != nullptr; }

private:
    ConnectionLock *lock_;
};

// May this connection's calls run on a worker thread?
bool may_offload(sqlite3 *db) { return g_watching_since_minit && !php_callback_connections().count(db); }

template <class Call>
int offload(Call call) {
    return hooks::offload(call, coro::WaitInfo{"sqlite", 0, "query"});
}

// A coroutine canceled while waiting for its turn makes no call, so SQLite has no error to give
// pdo_sqlite (which would then fail silently): throw the PDOException here, as PDO words them.
void throw_canceled() {
    const char *message =
        "SQLSTATE[HY000]: General error: 9 interrupted (coroutine canceled while waiting for the connection)";
    auto *ce = static_cast<zend_class_entry *>(zend_hash_str_find_ptr(CG(class_table), ZEND_STRL("pdoexception")));
    if (ce == nullptr || EG(exception)) return;
    zval ex, info;
    object_init_ex(&ex, ce);
    zend_update_property_string(ce, Z_OBJ(ex), ZEND_STRL("message"), message);
    zend_update_property_string(ce, Z_OBJ(ex), ZEND_STRL("code"), "HY000");
    array_init(&info);
    add_next_index_string(&info, "HY000");
    add_next_index_long(&info, kSqliteInterrupt);
    add_next_index_string(&info, "interrupted");
    zend_update_property(ce, Z_OBJ(ex), ZEND_STRL("errorInfo"), &info);
    zval_ptr_dtor(&info);
    zend_throw_exception_object(&ex);
}

// A call on `db`: under its mutex, on the pool unless SQLite may call PHP code from it.
template <class Call>
int on_connection(sqlite3 *db, bool inline_only, Call call) {
    ConnectionGuard guard(db);
    if (!guard.held()) {
        throw_canceled();
        return kSqliteInterrupt;
    }
    if (inline_only || !may_offload(db)) return call();
    return offload(call);
}

int hooked_open(const char *filename, sqlite3 **db, int open_flags, const char *vfs) {
    if (!active()) return real_open(filename, db, open_flags, vfs);
    return offload([=] { return real_open(filename, db, open_flags, vfs); });
}

int hooked_prepare(sqlite3 *db, const char *sql, int bytes, sqlite3_stmt **stmt, const char **tail) {
    if (!active()) return real_prepare(db, sql, bytes, stmt, tail);
    return on_connection(db, false, [=] { return real_prepare(db, sql, bytes, stmt, tail); });
}

int hooked_step(sqlite3_stmt *stmt) {
    if (!active() || real_db_handle == nullptr) return real_step(stmt);
    return on_connection(real_db_handle(stmt), false, [=] { return real_step(stmt); });
}

int hooked_exec(sqlite3 *db, const char *sql, ExecCallback callback, void *arg, char **errmsg) {
    if (!active()) return real_exec(db, sql, callback, arg, errmsg);
    // A row callback is the caller's code: it runs on this thread.
    return on_connection(db, callback != nullptr, [=] { return real_exec(db, sql, callback, arg, errmsg); });
}

int hooked_close(sqlite3 *db) {
    php_callback_connections().erase(db);
    auto &locks = connection_locks();
    if (auto it = locks.find(db); it != locks.end() && !it->second->mutex.locked()) locks.erase(it);
    return real_close(db);
}

int watched_create_function(sqlite3 *db, const char *name, int args, int text_rep, void *app, void *func, void *step,
                            void *final) {
    php_callback_connections().insert(db);
    return real_create_function(db, name, args, text_rep, app, func, step, final);
}

int watched_create_collation(sqlite3 *db, const char *name, int text_rep, void *arg, void *compare) {
    php_callback_connections().insert(db);
    return real_create_collation(db, name, text_rep, arg, compare);
}

int watched_set_authorizer(sqlite3 *db, void *callback, void *data) {
    php_callback_connections().insert(db);
    return real_set_authorizer(db, callback, data);
}

template <class Fn>
bool patch(const char *symbol, Fn replacement, Fn *real) {
    if (*real) return true;
    const char *object = sqlite_importer();
    if (object == nullptr) return false;
    *real = reinterpret_cast<Fn>(patch_import(object, symbol, reinterpret_cast<void *>(replacement)));
    return *real != nullptr;
}

// The watchers of PHP-callback registrations; true when all three are in place.
bool watch_callbacks() {
    bool ok = patch("sqlite3_create_function", &watched_create_function, &real_create_function);
    ok = patch("sqlite3_create_collation", &watched_create_collation, &real_create_collation) && ok;
    ok = patch("sqlite3_set_authorizer", &watched_set_authorizer, &real_set_authorizer) && ok;
    return ok;
}

void apply(uint32_t new_flags) {
    if (!(new_flags & kPdoSqlite) || g_blocking_patched) return;
    // First time on: resolve sqlite3_db_handle as pdo_sqlite would (it does not import it), then
    // redirect the blocking calls. Patching twice is harmless, so a missing object is retried.
    const char *object = sqlite_importer();
    if (object == nullptr) return;
    if (void *self = dlopen(*object != '\0' ? object : nullptr, RTLD_LAZY | RTLD_NOLOAD)) {
        real_db_handle = reinterpret_cast<DbHandleFn>(dlsym(self, "sqlite3_db_handle"));
        dlclose(self);
    }
    if (real_db_handle == nullptr) return;  // pdo_sqlite is not loaded
    watch_callbacks();
    patch("sqlite3_close_v2", &hooked_close, &real_close);
    patch("sqlite3_open_v2", &hooked_open, &real_open);
    patch("sqlite3_prepare_v2", &hooked_prepare, &real_prepare);
    patch("sqlite3_exec", &hooked_exec, &real_exec);
    patch("sqlite3_step", &hooked_step, &real_step);
    g_blocking_patched = true;
}

}  // namespace

void pdo_sqlite_minit() {
    // At MINIT every extension named in php.ini is loaded (their MINITs may not have run yet).
    g_watching_since_minit = watch_callbacks();
}

}  // namespace gust::php::hooks

GUST_HOOK_AREA(g_pdo_sqlite_area, "pdo_sqlite", gust::php::hooks::kPdoSqlite, gust::php::hooks::apply);
