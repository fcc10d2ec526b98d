<?php

/**
 * Gust's own functions (module "gust"; the Swoole API belongs to module "swoole").
 *
 * @generate-class-entries
 */

namespace Gust {
    /** The version of Gust itself. */
    function version(): string {}

    /** The build mode of this gust.so: "debug" or "release". */
    function build_mode(): string {}

    /**
     * Every live coroutine of this process: id, state (running, runnable, suspended, waiting on
     * what and for how long) and PHP backtrace. With $log true it is also written to the log.
     */
    function dump(bool $log = false): string {}
}

namespace {
    /**
     * @var string
     * @cvalue PHP_GUST_VERSION
     */
    const GUST_VERSION = UNKNOWN;
}
