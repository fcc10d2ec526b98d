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
}

namespace {
    /**
     * @var string
     * @cvalue PHP_GUST_VERSION
     */
    const GUST_VERSION = UNKNOWN;
}
