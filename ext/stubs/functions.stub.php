<?php

/**
 * Global functions of the Swoole API that Gust provides, and Gust's own.
 *
 * @generate-class-entries
 */

namespace {
    /** The version of the Swoole API this build implements, e.g. "6.0.0". */
    function swoole_version(): string {}

    /** Number of online CPUs. */
    function swoole_cpu_num(): int {}
}

namespace Gust {
    /** The version of Gust itself. */
    function version(): string {}

    /** The build mode of this gust.so: "debug" or "release". */
    function build_mode(): string {}
}
