<?php

/**
 * Global functions of the Swoole API that Gust provides, and Gust's own.
 *
 * @generate-class-entries
 */

namespace {
    /** The version of the Swoole API this build implements, e.g. "6.0.0". */
    function swoole_version(): string {}

    /**
     * Text for an error code: $error_type 1 (default) takes an errno or a Gust error code,
     * 2 a getaddrinfo() code (EAI_*).
     */
    function swoole_strerror(int $errno, int $error_type = 1): string {}

    /**
     * Code of the last failure recorded by the Swoole API (Coroutine::join() so far): a Gust
     * error code (swoole_strerror() names it), 0 when none.
     */
    function swoole_last_error(): int {}

    /** Forgets the last error: swoole_last_error() gives 0 until the next failure. */
    function swoole_clear_error(): void {}

    /** Number of online CPUs. */
    function swoole_cpu_num(): int {}
}

namespace Gust {
    /** The version of Gust itself. */
    function version(): string {}

    /** The build mode of this gust.so: "debug" or "release". */
    function build_mode(): string {}
}
