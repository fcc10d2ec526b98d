<?php

/**
 * Swoole\Runtime: which blocking PHP functions yield inside coroutines.
 *
 * @generate-class-entries
 */

namespace Swoole {
    class Runtime {
        /**
         * enableCoroutine(true|false) or enableCoroutine($flags) as in Swoole.
         */
        public static function enableCoroutine(bool|int $enable = SWOOLE_HOOK_ALL, int $flags = SWOOLE_HOOK_ALL): bool {}
        public static function getHookFlags(): int {}
        public static function setHookFlags(int $flags): bool {}
    }
}

namespace {
    /**
     * @var int
     * @cvalue gust::php::hooks::kTcp
     */
    const SWOOLE_HOOK_TCP = UNKNOWN;
    /**
     * @var int
     * @cvalue gust::php::hooks::kUdp
     */
    const SWOOLE_HOOK_UDP = UNKNOWN;
    /**
     * @var int
     * @cvalue gust::php::hooks::kUnix
     */
    const SWOOLE_HOOK_UNIX = UNKNOWN;
    /**
     * @var int
     * @cvalue gust::php::hooks::kUdg
     */
    const SWOOLE_HOOK_UDG = UNKNOWN;
    /**
     * @var int
     * @cvalue gust::php::hooks::kSsl
     */
    const SWOOLE_HOOK_SSL = UNKNOWN;
    /**
     * @var int
     * @cvalue gust::php::hooks::kTls
     */
    const SWOOLE_HOOK_TLS = UNKNOWN;
    /**
     * @var int
     * @cvalue gust::php::hooks::kStreamFunction
     */
    const SWOOLE_HOOK_STREAM_FUNCTION = UNKNOWN;
    /**
     * @var int
     * @cvalue gust::php::hooks::kStreamFunction
     */
    const SWOOLE_HOOK_STREAM_SELECT = UNKNOWN;
    /**
     * @var int
     * @cvalue gust::php::hooks::kFile
     */
    const SWOOLE_HOOK_FILE = UNKNOWN;
    /**
     * @var int
     * @cvalue gust::php::hooks::kStdio
     */
    const SWOOLE_HOOK_STDIO = UNKNOWN;
    /**
     * @var int
     * @cvalue gust::php::hooks::kSleep
     */
    const SWOOLE_HOOK_SLEEP = UNKNOWN;
    /**
     * @var int
     * @cvalue gust::php::hooks::kProc
     */
    const SWOOLE_HOOK_PROC = UNKNOWN;
    /**
     * @var int
     * @cvalue gust::php::hooks::kCurl
     */
    const SWOOLE_HOOK_CURL = UNKNOWN;
    /**
     * @var int
     * @cvalue gust::php::hooks::kBlockingFunction
     */
    const SWOOLE_HOOK_BLOCKING_FUNCTION = UNKNOWN;
    /**
     * @var int
     * @cvalue gust::php::hooks::kSockets
     */
    const SWOOLE_HOOK_SOCKETS = UNKNOWN;
    /**
     * @var int
     * @cvalue gust::php::hooks::kPdoSqlite
     */
    const SWOOLE_HOOK_PDO_SQLITE = UNKNOWN;
    /**
     * @var int
     * @cvalue gust::php::hooks::kPdoPgsql
     */
    const SWOOLE_HOOK_PDO_PGSQL = UNKNOWN;
    /**
     * Every hook Gust implements (Swoole's value minus the flags of hooks Gust does not have).
     * @var int
     * @cvalue gust::php::hooks::all_flags()
     */
    const SWOOLE_HOOK_ALL = UNKNOWN;
}
