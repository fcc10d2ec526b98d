// Autoloading from coroutines. The engine guards autoload recursion with one table of the class
// names being loaded (EG(in_autoload)); with coroutines that table would be shared, so a second
// coroutine asking for a class whose autoloader yielded (file I/O hooked, a lock...) got "Class not
// found". Each coroutine keeps its own table (saved and loaded with its engine state, coroutine.cc),
// and a coroutine asking for a class another one is loading waits for that load to finish.
#include <string>
#include <unordered_map>
#include <vector>

#include "coroutine/coroutine.h"

extern "C" {
#include "zend_execute.h"
}

namespace gust::php {
namespace {

zend_class_entry *(*g_engine_autoload)(zend_string *name, zend_string *lc_name) = nullptr;

// A class being loaded by a coroutine, and the coroutines waiting for it.
struct Loading {
    coro::Coroutine *owner = nullptr;
    std::vector<coro::Coroutine *> waiters;
};
std::unordered_map<std::string, Loading> g_loading;  // by lower-case class name

zend_class_entry *loaded(zend_string *lc_name) {
    return static_cast<zend_class_entry *>(zend_hash_find_ptr(EG(class_table), lc_name));
}

zend_class_entry *coroutine_autoload(zend_string *name, zend_string *lc_name) {
    PhpCoroutine *p = current();
    if (!p) return g_engine_autoload(name, lc_name);
    const std::string key(ZSTR_VAL(lc_name), ZSTR_LEN(lc_name));
    for (;;) {
        auto it = g_loading.find(key);
        if (it == g_loading.end()) break;
        it->second.waiters.push_back(p->co);
        (void)loop_state()->scheduler->park(-1, coro::WaitInfo{"autoload", 0, "class"});
        // Woken early (canceled, killed): no longer in line, so the loader never wakes a coroutine
        // that may be gone by then.
        auto again = g_loading.find(key);
        if (again != g_loading.end()) {
            auto &w = again->second.waiters;
            for (size_t i = 0; i < w.size(); ++i) {
                if (w[i] == p->co) {
                    w.erase(w.begin() + static_cast<std::ptrdiff_t>(i));
                    break;
                }
            }
        }
        if (!resumed(p)) return nullptr;
        if (zend_class_entry *ce = loaded(lc_name)) return ce;
        // That load failed: this coroutine tries for itself (unless another began meanwhile).
    }
    g_loading[key].owner = p->co;
    zend_class_entry *ce = g_engine_autoload(name, lc_name);
    auto it = g_loading.find(key);
    if (it != g_loading.end()) {
        LoopState *rt = loop_state_if_any();
        for (coro::Coroutine *co : it->second.waiters) {
            if (rt) rt->scheduler->wake(co, 0);
        }
        g_loading.erase(it);
    }
    return ce;
}

}  // namespace

void install_autoload_guard() {
    if (g_engine_autoload || !zend_autoload) return;
    g_engine_autoload = zend_autoload;
    zend_autoload = coroutine_autoload;
}

void forget_autoload_waits() { g_loading.clear(); }

}  // namespace gust::php
