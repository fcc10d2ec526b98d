<?php

/**
 * Swoole\Atomic (32-bit unsigned, wait/wakeup across processes) and Swoole\Atomic\Long (64-bit
 * signed): counters in shared memory, shared by every process forked after they were made.
 *
 * @generate-class-entries
 */

namespace Swoole {
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
}

namespace Swoole\Atomic {
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
