<?php

/**
 * Swoole\Lock (Swoole 6.1: one lock() with an operation and a timeout) and Swoole\Coroutine\Lock
 * (parks the coroutine, not the process). Locks in shared memory survive a holder that dies: the
 * next locker takes over (docs/php-shm.md).
 *
 * @generate-class-entries
 */

namespace Swoole {
    /** @not-serializable */
    class Lock {
        /**
         * @var int
         * @cvalue GUST_LOCK_RWLOCK
         */
        public const RWLOCK = UNKNOWN;
        /**
         * @var int
         * @cvalue GUST_LOCK_MUTEX
         */
        public const MUTEX = UNKNOWN;
        /**
         * @var int
         * @cvalue GUST_LOCK_SPINLOCK
         */
        public const SPINLOCK = UNKNOWN;

        public int $errCode = 0;

        public function __construct(int $type = SWOOLE_MUTEX) {}
        public function lock(int $operation = LOCK_EX, float $timeout = -1): bool {}
        public function unlock(): bool {}
    }
}

namespace Swoole\Coroutine {
    /** @not-serializable */
    class Lock {
        public int $errCode = 0;

        public function __construct(bool $shared = false) {}
        public function lock(int $operation = LOCK_EX): bool {}
        public function unlock(): bool {}
    }
}

namespace {
    /**
     * @var int
     * @cvalue GUST_LOCK_RWLOCK
     */
    const SWOOLE_RWLOCK = UNKNOWN;
    /**
     * @var int
     * @cvalue GUST_LOCK_MUTEX
     */
    const SWOOLE_MUTEX = UNKNOWN;
    /**
     * @var int
     * @cvalue GUST_LOCK_SPINLOCK
     */
    const SWOOLE_SPINLOCK = UNKNOWN;
}
