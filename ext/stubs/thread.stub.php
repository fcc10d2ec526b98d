<?php

/**
 * Swoole\Thread and its shared containers (registered on thread-safe PHP only, as Swoole does).
 *
 * @generate-class-entries
 */

namespace Swoole {
    /** @not-serializable */
    class Thread {
        /**
         * @var int
         * @cvalue GUST_THREAD_HARDWARE_CONCURRENCY
         */
        public const HARDWARE_CONCURRENCY = UNKNOWN;
        /** @var string */
        public const API_NAME = "POSIX Threads";
        /**
         * @var int
         * @cvalue SCHED_OTHER
         */
        public const SCHED_OTHER = UNKNOWN;
        /**
         * @var int
         * @cvalue SCHED_FIFO
         */
        public const SCHED_FIFO = UNKNOWN;
        /**
         * @var int
         * @cvalue SCHED_RR
         */
        public const SCHED_RR = UNKNOWN;
        /**
         * @var int
         * @cvalue SCHED_BATCH
         */
        public const SCHED_BATCH = UNKNOWN;
        /**
         * @var int
         * @cvalue SCHED_IDLE
         */
        public const SCHED_IDLE = UNKNOWN;

        public int $id = 0;

        public function __construct(string $script_file, mixed ...$args) {}
        public function join(): bool {}
        public function joinable(): bool {}
        public function getExitStatus(): int {}
        public function isAlive(): bool {}
        public function detach(): bool {}

        public static function getArguments(): ?array {}
        public static function getId(): int {}
        public static function getInfo(): array {}
        public static function activeCount(): int {}
        public static function yield(): void {}
        public static function setName(string $name): bool {}
        public static function setAffinity(array $cpu_settings): bool {}
        public static function getAffinity(): array {}
        public static function setPriority(int $priority, int $policy = 0): bool {}
        public static function getPriority(): array {}
        public static function getNativeId(): int {}
    }
}

namespace Swoole\Thread {
    /** @not-serializable */
    class Map implements \ArrayAccess, \Countable {
        public function __construct(?array $array = null) {}
        public function offsetGet(mixed $key): mixed {}
        public function offsetExists(mixed $key): bool {}
        public function offsetSet(mixed $key, mixed $value): void {}
        public function offsetUnset(mixed $key): void {}
        public function find(mixed $value): mixed {}
        public function count(): int {}
        public function keys(): array {}
        public function values(): array {}
        public function incr(mixed $key, mixed $value = 1): mixed {}
        public function decr(mixed $key, mixed $value = 1): mixed {}
        public function add(mixed $key, mixed $value): bool {}
        public function update(mixed $key, mixed $value): bool {}
        public function clean(): void {}
        public function toArray(): array {}
        public function sort(): void {}
    }

    /** @not-serializable */
    class ArrayList implements \ArrayAccess, \Countable {
        public function __construct(?array $array = null) {}
        public function offsetGet(mixed $key): mixed {}
        public function offsetExists(mixed $key): bool {}
        public function offsetSet(mixed $key, mixed $value): void {}
        public function offsetUnset(mixed $key): void {}
        public function find(mixed $value): int {}
        public function count(): int {}
        public function incr(mixed $key, mixed $value = 1): mixed {}
        public function decr(mixed $key, mixed $value = 1): mixed {}
        public function clean(): void {}
        public function toArray(): array {}
        public function sort(): void {}
    }

    /** @not-serializable */
    class Queue implements \Countable {
        /** @var int */
        public const NOTIFY_ONE = 1;
        /** @var int */
        public const NOTIFY_ALL = 2;

        public function __construct() {}
        public function push(mixed $value, int $notify_which = 0): void {}
        public function pop(float $wait = 0): mixed {}
        public function count(): int {}
        public function clean(): void {}
    }

    /** @not-serializable */
    class Lock {
        public function __construct(int $type = SWOOLE_MUTEX) {}
        public function lock(int $operation = LOCK_EX, float $timeout = -1): bool {}
        public function unlock(): bool {}
    }

    /** @not-serializable */
    class Atomic {
        public function __construct(int $value = 0) {}
        public function add(int $add_value = 1): int {}
        public function sub(int $sub_value = 1): int {}
        public function get(): int {}
        public function set(int $value): void {}
        public function cmpset(int $cmp_value, int $new_value): bool {}
        public function wait(float $timeout = 1.0): bool {}
        public function wakeup(int $count = 1): bool {}
    }

    /** @not-serializable */
    class Barrier {
        public function __construct(int $count) {}
        public function wait(): void {}
    }
}

namespace Swoole\Thread\Atomic {
    /** @not-serializable */
    class Long {
        public function __construct(int $value = 0) {}
        public function add(int $add_value = 1): int {}
        public function sub(int $sub_value = 1): int {}
        public function get(): int {}
        public function set(int $value): void {}
        public function cmpset(int $cmp_value, int $new_value): bool {}
    }
}
