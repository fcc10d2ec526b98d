// Process methods over plain system calls: scheduling priority, CPU affinity, exec(), set().
#include <sched.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <vector>

#include "process/process.h"
#include "process/process_object.h"
#include "zend/options.h"

namespace gust::php {
namespace {

// The pid a priority call without $who applies to: this process, or the child once started.
bool priority_target(zend_object *self, zend_long which, bool who_null, zend_long *who) {
    if (!who_null) return true;
    if (which != PRIO_PROCESS) {
        set_last_error(SwooleError::kInvalidParams);
        php_error_docref(nullptr, E_WARNING, "$who is required unless $which is PRIO_PROCESS");
        return false;
    }
    zval rv;
    zval *pid = zend_read_property(ce_process, self, ZEND_STRL("pid"), 1, &rv);
    *who = Z_TYPE_P(pid) == IS_LONG && Z_LVAL_P(pid) > 0 ? Z_LVAL_P(pid) : getpid();
    return true;
}

}  // namespace
}  // namespace gust::php

using namespace gust::php;

ZEND_METHOD(Swoole_Process, setPriority) {
    zend_long which, priority, who = 0;
    bool who_null = true;
    ZEND_PARSE_PARAMETERS_START(2, 3)
        Z_PARAM_LONG(which)
        Z_PARAM_LONG(priority)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG_OR_NULL(who, who_null)
    ZEND_PARSE_PARAMETERS_END();
    if (!priority_target(Z_OBJ_P(ZEND_THIS), which, who_null, &who)) RETURN_FALSE;
    if (setpriority(static_cast<__priority_which_t>(which), static_cast<id_t>(who), static_cast<int>(priority)) != 0) {
        set_last_error(errno);  // no warning, as in Swoole: swoole_last_error() tells
        RETURN_FALSE;
    }
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Process, getPriority) {
    zend_long which, who = 0;
    bool who_null = true;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_LONG(which)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG_OR_NULL(who, who_null)
    ZEND_PARSE_PARAMETERS_END();
    if (!priority_target(Z_OBJ_P(ZEND_THIS), which, who_null, &who)) RETURN_FALSE;
    errno = 0;  // -1 is also a valid priority
    int p = getpriority(static_cast<__priority_which_t>(which), static_cast<id_t>(who));
    if (p == -1 && errno != 0) {
        set_last_error(errno);
        RETURN_FALSE;
    }
    RETURN_LONG(p);
}

ZEND_METHOD(Swoole_Process, setAffinity) {
    HashTable *cpus;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ARRAY_HT(cpus)
    ZEND_PARSE_PARAMETERS_END();
    if (zend_hash_num_elements(cpus) == 0 || zend_hash_num_elements(cpus) > CPU_SETSIZE) {
        set_last_error(SwooleError::kInvalidParams);
        php_error_docref(nullptr, E_WARNING, "the CPU list must have 1 to %d entries", CPU_SETSIZE);
        RETURN_FALSE;
    }
    cpu_set_t set;
    CPU_ZERO(&set);
    zval *v;
    ZEND_HASH_FOREACH_VAL(cpus, v) {
        zend_long cpu = zval_get_long(v);
        if (cpu < 0 || cpu >= CPU_SETSIZE) {
            set_last_error(SwooleError::kInvalidParams);
            php_error_docref(nullptr, E_WARNING, "invalid CPU number " ZEND_LONG_FMT, cpu);
            RETURN_FALSE;
        }
        CPU_SET(static_cast<int>(cpu), &set);
    }
    ZEND_HASH_FOREACH_END();
    if (sched_setaffinity(getpid(), sizeof set, &set) != 0) {
        php_error_docref(nullptr, E_WARNING, "sched_setaffinity() failed: %s", strerror(set_last_error(errno)));
        RETURN_FALSE;
    }
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Process, getAffinity) {
    ZEND_PARSE_PARAMETERS_NONE();
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(getpid(), sizeof set, &set) != 0) {
        php_error_docref(nullptr, E_WARNING, "sched_getaffinity() failed: %s", strerror(set_last_error(errno)));
        RETURN_FALSE;
    }
    array_init(return_value);
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
        if (CPU_ISSET(cpu, &set)) add_next_index_long(return_value, cpu);
    }
}

// exec(): replaces this process's image; returns only when execv() failed.
ZEND_METHOD(Swoole_Process, exec) {
    zend_string *file;
    HashTable *args;
    ZEND_PARSE_PARAMETERS_START(2, 2)
        Z_PARAM_PATH_STR(file)
        Z_PARAM_ARRAY_HT(args)
    ZEND_PARSE_PARAMETERS_END();
    std::vector<zend_string *> strings;
    strings.reserve(zend_hash_num_elements(args));
    std::vector<char *> argv;
    argv.push_back(ZSTR_VAL(file));
    zval *v;
    ZEND_HASH_FOREACH_VAL(args, v) {
        zend_string *s = zval_get_string(v);
        strings.push_back(s);
        argv.push_back(ZSTR_VAL(s));
    }
    ZEND_HASH_FOREACH_END();
    argv.push_back(nullptr);
    // The process's pipe is close-on-exec by default; a redirected stdin/stdout stays (dup2'd).
    execv(ZSTR_VAL(file), argv.data());
    const int err = errno;
    for (zend_string *s : strings) zend_string_release(s);
    php_error_docref(nullptr, E_WARNING, "execv(%s) failed: %s", ZSTR_VAL(file), strerror(set_last_error(err)));
    RETURN_FALSE;
}

// set(): enable_coroutine is the only option, as in Swoole; it applies to the next start().
ZEND_METHOD(Swoole_Process, set) {
    HashTable *settings;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ARRAY_HT(settings)
    ZEND_PARSE_PARAMETERS_END();
    ProcessObject *o = process_object(Z_OBJ_P(ZEND_THIS));
    if (opt::find(settings, "enable_coroutine"))
        o->enable_coroutine = opt::bool_of(settings, "enable_coroutine", o->enable_coroutine);
}
