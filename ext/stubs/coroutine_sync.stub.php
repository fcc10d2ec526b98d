<?php

/**
 * Swoole\Coroutine\WaitGroup and Swoole\Coroutine\Barrier (Swoole 6 library signatures).
 *
 * @generate-class-entries
 */

namespace Swoole\Coroutine {
    class WaitGroup {
        public function __construct(int $delta = 0) {}
        public function add(int $delta = 1): void {}
        public function done(): void {}
        public function wait(float $timeout = -1): bool {}
        public function count(): int {}
    }

    /** @not-serializable */
    class Barrier {
        public static function make(): Barrier {}
        /** Waits until every other reference to $barrier is gone; sets $barrier to null. */
        public static function wait(Barrier &$barrier, float $timeout = -1): void {}
    }
}
