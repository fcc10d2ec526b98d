<?php

/**
 * The event loop of the Swoole API (Swoole 6 signatures). $fd is a stream resource, a Socket
 * (ext/sockets) or an int file descriptor. Each callback runs in a new coroutine.
 *
 * @generate-class-entries
 */

namespace Swoole {
    class Event {
        public static function add(mixed $fd, ?callable $read_callback = null, ?callable $write_callback = null, int $events = SWOOLE_EVENT_READ): false|int {}
        public static function del(mixed $fd): bool {}
        public static function set(mixed $fd, ?callable $read_callback = null, ?callable $write_callback = null, int $events = 0): bool {}
        public static function isset(mixed $fd, int $events = SWOOLE_EVENT_READ | SWOOLE_EVENT_WRITE): bool {}
        public static function dispatch(): bool {}
        public static function defer(callable $callback): bool {}
        public static function cycle(?callable $callback, bool $before = false): bool {}
        public static function write(mixed $fd, string $data): bool {}
        public static function wait(): void {}
        public static function exit(): void {}
        /** The shutdown function that runs the loop if the script did not (deprecated in Swoole). */
        public static function rshutdown(): void {}
    }
}

namespace {
    function swoole_event_add(mixed $fd, ?callable $read_callback = null, ?callable $write_callback = null, int $events = SWOOLE_EVENT_READ): false|int {}

    function swoole_event_set(mixed $fd, ?callable $read_callback = null, ?callable $write_callback = null, int $events = 0): bool {}

    function swoole_event_del(mixed $fd): bool {}

    function swoole_event_write(mixed $fd, string $data): bool {}

    /** Runs the event loop (and every coroutine) until nothing is left to do. */
    function swoole_event_wait(): void {}


    function swoole_event_exit(): void {}

    function swoole_event_defer(callable $callback): bool {}

    function swoole_event_cycle(?callable $callback, bool $before = false): bool {}

    function swoole_event_dispatch(): bool {}

    function swoole_event_isset(mixed $fd, int $events = SWOOLE_EVENT_READ | SWOOLE_EVENT_WRITE): bool {}
}
