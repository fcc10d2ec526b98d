// Swoole\Coroutine\batch(), parallel() and map(): the helpers Swoole ships in its PHP library.
// They are a few lines of PHP over Coroutine::create() and WaitGroup, so they are kept as PHP:
// each call compiles its body (a static closure; nothing enters the function table) and runs it.
// Task errors behave as in any coroutine (an uncaught exception ends the program, as in Swoole).
#include "coroutine/coroutine.h"

extern "C" {
#include "zend_execute.h"
}

// Declared and registered with the other Swoole\Coroutine functions (stubs/coroutine_arginfo.h).
ZEND_FUNCTION(Swoole_Coroutine_batch);
ZEND_FUNCTION(Swoole_Coroutine_parallel);
ZEND_FUNCTION(Swoole_Coroutine_map);

namespace {

// Every task starts at once (each runs until its first wait); the results array is filled with
// nulls first so that the keys keep the input's order and unfinished tasks read as null.
constexpr char kBatch[] = R"PHP(static function (array $tasks, float $timeout): array {
    $wg = new \Swoole\Coroutine\WaitGroup(count($tasks));
    $results = array_fill_keys(array_keys($tasks), null);
    foreach ($tasks as $key => $task) {
        \Swoole\Coroutine::create(static function () use ($wg, &$results, $key, $task): void {
            $results[$key] = $task();
            $wg->done();
        });
    }
    $wg->wait($timeout);
    return $results;
})PHP";

constexpr char kParallel[] = R"PHP(static function (int $n, callable $fn): void {
    $wg = new \Swoole\Coroutine\WaitGroup(max($n, 0));
    for ($i = 0; $i < $n; $i++) {
        \Swoole\Coroutine::create(static function () use ($wg, $fn): void {
            $fn();
            $wg->done();
        });
    }
    $wg->wait();
})PHP";

constexpr char kMap[] = R"PHP(static function (array $list, callable $fn, float $timeout): array {
    $wg = new \Swoole\Coroutine\WaitGroup(count($list));
    $results = array_fill_keys(array_keys($list), null);
    foreach ($list as $key => $value) {
        \Swoole\Coroutine::create(static function () use ($wg, &$results, $key, $value, $fn): void {
            $results[$key] = $fn($value);
            $wg->done();
        });
    }
    $wg->wait($timeout);
    return $results;
})PHP";

// Compiles the expression `body` (a closure; zend_eval_stringl adds the `return`) and calls the closure with `args`.
void run_library(const char *body, size_t len, const char *name, zval *args, uint32_t argc, zval *return_value) {
    zval fn;
    ZVAL_UNDEF(&fn);
    if (zend_eval_stringl(body, len, &fn, name) != SUCCESS || Z_TYPE(fn) != IS_OBJECT) {
        zval_ptr_dtor(&fn);
        if (!EG(exception)) zend_throw_error(nullptr, "%s: the library code did not compile", name);
        return;
    }
    (void)call_user_function(nullptr, nullptr, &fn, return_value, argc, args);
    zval_ptr_dtor(&fn);
}

}  // namespace

ZEND_FUNCTION(Swoole_Coroutine_batch) {
    zval *tasks;
    double timeout = -1;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_ARRAY(tasks)
        Z_PARAM_OPTIONAL
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    zval args[2];
    ZVAL_COPY_VALUE(&args[0], tasks);  // the caller's zval keeps its own type flags (an empty array is immutable)
    ZVAL_DOUBLE(&args[1], timeout);
    run_library(kBatch, sizeof(kBatch) - 1, "Swoole\\Coroutine\\batch", args, 2, return_value);
}

ZEND_FUNCTION(Swoole_Coroutine_parallel) {
    zend_long n;
    zval *fn;
    ZEND_PARSE_PARAMETERS_START(2, 2)
        Z_PARAM_LONG(n)
        Z_PARAM_ZVAL(fn)
    ZEND_PARSE_PARAMETERS_END();
    zval args[2];
    ZVAL_LONG(&args[0], n);
    ZVAL_COPY_VALUE(&args[1], fn);
    run_library(kParallel, sizeof(kParallel) - 1, "Swoole\\Coroutine\\parallel", args, 2, return_value);
}

ZEND_FUNCTION(Swoole_Coroutine_map) {
    zval *list;
    zval *fn;
    double timeout = -1;
    ZEND_PARSE_PARAMETERS_START(2, 3)
        Z_PARAM_ARRAY(list)
        Z_PARAM_ZVAL(fn)
        Z_PARAM_OPTIONAL
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    zval args[3];
    ZVAL_COPY_VALUE(&args[0], list);
    ZVAL_COPY_VALUE(&args[1], fn);
    ZVAL_DOUBLE(&args[2], timeout);
    run_library(kMap, sizeof(kMap) - 1, "Swoole\\Coroutine\\map", args, 3, return_value);
}
