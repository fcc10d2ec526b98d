<?php

/**
 * Coroutines of the Swoole API (Swoole 6 signatures).
 *
 * @generate-class-entries
 */

namespace Swoole {
    class Coroutine {
        public static function create(callable $func, mixed ...$param): int|false {}
        public static function defer(callable $callback): void {}
        public static function set(array $options): void {}
        public static function getOptions(): ?array {}
        public static function exists(int $cid): bool {}
        public static function yield(): bool {}
        /** @alias Swoole\Coroutine::yield */
        public static function suspend(): bool {}
        public static function resume(int $cid): bool {}
        public static function cancel(int $cid, bool $throw_exception = false): bool {}
        public static function isCanceled(): bool {}
        public static function join(array $cid_array, float $timeout = -1): bool {}
        public static function stats(): array {}
        public static function getCid(): int {}
        /** @alias Swoole\Coroutine::getCid */
        public static function getuid(): int {}
        public static function getPcid(int $cid = 0): false|int {}
        public static function getContext(int $cid = 0): ?\Swoole\Coroutine\Context {}
        public static function getBackTrace(int $cid = 0, int $options = DEBUG_BACKTRACE_PROVIDE_OBJECT, int $limit = 0): false|array {}
        public static function getElapsed(int $cid = 0): int {}
        public static function list(): \Swoole\Coroutine\Iterator {}
        /** @alias Swoole\Coroutine::list */
        public static function listCoroutines(): \Swoole\Coroutine\Iterator {}
        public static function sleep(float $seconds): bool {}
        public static function printBackTrace(int $cid = 0, int $options = 0, int $limit = 0): void {}
        public static function getStackUsage(int $cid = 0): false|int {}
        /** Gust has no preemptive scheduler: always false. */
        public static function enableScheduler(): bool {}
        /** Gust has no preemptive scheduler: always false. */
        public static function disableScheduler(): bool {}
        /** Gust has no preemptive scheduler: always false. */
        public static function setTimeLimit(float $timeout): bool {}
        // Swoole's static aliases of Coroutine\System.
        /** @implementation-alias Swoole\Coroutine\System::gethostbyname */
        public static function gethostbyname(string $domain_name, int $type = AF_INET, float $timeout = -1): false|string {}
        /** @implementation-alias Swoole\Coroutine\System::dnsLookup */
        public static function dnsLookup(string $domain_name, float $timeout = 60, int $type = AF_INET): string|false {}
        /** @implementation-alias Swoole\Coroutine\System::exec */
        public static function exec(string $command, bool $get_error_stream = false): array|false {}
        /** @implementation-alias Swoole\Coroutine\System::getaddrinfo */
        public static function getaddrinfo(string $domain, int $family = AF_INET, int $socktype = SOCK_STREAM, int $protocol = STREAM_IPPROTO_TCP, ?string $service = null, float $timeout = -1): array|bool {}
        /** @implementation-alias Swoole\Coroutine\System::statvfs */
        public static function statvfs(string $path): array {}
        /** @implementation-alias Swoole\Coroutine\System::readFile */
        public static function readFile(string $filename, int $flag = 0): false|string {}
        /** @implementation-alias Swoole\Coroutine\System::writeFile */
        public static function writeFile(string $filename, string $fileContent, int $flags = 0): false|int {}
        /** @implementation-alias Swoole\Coroutine\System::wait */
        public static function wait(float $timeout = -1): array|false {}
        /** @implementation-alias Swoole\Coroutine\System::waitPid */
        public static function waitPid(int $pid, float $timeout = -1): array|false {}
        /** @implementation-alias Swoole\Coroutine\System::waitSignal */
        public static function waitSignal(int|array $signals, float $timeout = -1): int|false {}
        /** @implementation-alias Swoole\Coroutine\System::waitEvent */
        public static function waitEvent(mixed $socket, int $events = SWOOLE_EVENT_READ, float $timeout = -1): int|false {}
    }

    /** Thrown by exit() inside a coroutine. */
    class ExitException extends \Swoole\Exception {
        private int $flags = 0;
        private mixed $status = null;

        public function getFlags(): int {}
        public function getStatus(): mixed {}
    }
}

namespace Swoole\Coroutine {
    class Context extends \ArrayObject {}

    class Iterator extends \ArrayIterator {}

    /** Thrown in a coroutine canceled with Co::cancel($cid, true) when it wakes. */
    class CanceledException extends \Swoole\Exception {}

    /** Runs $fn in a new coroutine and the scheduler until every coroutine has ended. */
    function run(callable $fn, mixed ...$args): bool {}

    /** @alias swoole_coroutine_create */
    function go(callable $func, mixed ...$params): int|false {}

    /** @alias swoole_coroutine_defer */
    function defer(callable $callback): void {}

    /** Runs each task in its own coroutine; their results under the tasks' keys (null: not done within $timeout). */
    function batch(array $tasks, float $timeout = -1): array {}

    /** Runs $fn in $n coroutines and waits for all of them. */
    function parallel(int $n, callable $fn): void {}

    /** $fn over each element, each call in its own coroutine; the results under the list's keys (null: not done within $timeout). */
    function map(array $list, callable $fn, float $timeout = -1): array {}
}

namespace {
    /**
     * @var int
     * @cvalue GUST_EXIT_IN_COROUTINE
     */
    const SWOOLE_EXIT_IN_COROUTINE = UNKNOWN;
    /**
     * @var int
     * @cvalue GUST_EXIT_IN_SERVER
     */
    const SWOOLE_EXIT_IN_SERVER = UNKNOWN;

    function swoole_coroutine_create(callable $func, mixed ...$params): int|false {}

    function swoole_coroutine_defer(callable $callback): void {}

    /** Swoole\Coroutine\System::dnsLookup() under its Swoole 4 name. */
    function swoole_async_dns_lookup_coro(string $domain_name, float $timeout = 60, int $type = AF_INET): string|false {}
}
