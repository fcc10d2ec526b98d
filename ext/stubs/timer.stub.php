<?php

/**
 * Timers of the Swoole API (Swoole 6 signatures; set() is kept from Swoole 4 as a no-op).
 * Each callback runs in a new coroutine; a tick callback receives the timer id first.
 *
 * @generate-class-entries
 */

namespace Swoole {
    class Timer {
        public static function set(array $settings): void {}
        public static function tick(int $ms, callable $callback, mixed ...$params): false|int {}
        public static function after(int $ms, callable $callback, mixed ...$params): false|int {}
        public static function exists(int $timer_id): bool {}
        public static function info(int $timer_id): ?array {}
        public static function stats(): array {}
        public static function list(): \Swoole\Timer\Iterator {}
        public static function clear(int $timer_id): bool {}
        public static function clearAll(): bool {}
    }
}

namespace Swoole\Timer {
    class Iterator extends \ArrayIterator {}
}

namespace {
    function swoole_timer_set(array $settings): void {}

    function swoole_timer_tick(int $ms, callable $callback, mixed ...$params): false|int {}

    function swoole_timer_after(int $ms, callable $callback, mixed ...$params): false|int {}

    function swoole_timer_exists(int $timer_id): bool {}

    function swoole_timer_info(int $timer_id): ?array {}

    function swoole_timer_stats(): array {}

    function swoole_timer_list(): Swoole\Timer\Iterator {}

    function swoole_timer_clear(int $timer_id): bool {}

    function swoole_timer_clear_all(): bool {}
}
