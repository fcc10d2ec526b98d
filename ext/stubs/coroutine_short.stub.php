<?php

/**
 * Short names of the coroutine API, registered when swoole.use_shortname is on.
 *
 * @generate-class-entries
 */

namespace {
    function go(callable $func, mixed ...$params): int|false {}

    function defer(callable $callback): void {}
}

namespace Co {
    function run(callable $fn, mixed ...$args): bool {}

    /** @alias go */
    function go(callable $func, mixed ...$params): int|false {}

    /** @alias defer */
    function defer(callable $callback): void {}
}
