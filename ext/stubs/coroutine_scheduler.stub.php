<?php

/**
 * Swoole\Coroutine\Scheduler (Swoole 6 signatures): coroutines queued, then run together by start()
 * as Co\run() runs one.
 *
 * @generate-class-entries
 */

namespace Swoole\Coroutine {
    final class Scheduler {
        public function add(callable $func, mixed ...$param): ?bool {}
        public function parallel(int $n, callable $func, mixed ...$param): ?bool {}
        /** @implementation-alias Swoole\Coroutine::set */
        public function set(array $settings): ?bool {}
        /** @implementation-alias Swoole\Coroutine::getOptions */
        public static function getOptions(): ?array {}
        public function start(): bool {}
    }
}
