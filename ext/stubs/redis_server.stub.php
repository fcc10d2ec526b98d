<?php

/**
 * Swoole\Redis\Server: a Swoole\Server whose ports speak RESP (docs/php-redis-server.md).
 * Each command runs its handler in its own coroutine.
 *
 * @generate-class-entries
 */

namespace Swoole\Redis {
    class Server extends \Swoole\Server {
        /** @var int */
        public const NIL = 1;
        /** @var int */
        public const ERROR = 0;
        /** @var int */
        public const STATUS = 2;
        /** @var int */
        public const INT = 3;
        /** @var int */
        public const STRING = 4;
        /** @var int */
        public const SET = 5;
        /** @var int */
        public const MAP = 6;

        public function setHandler(string $command, callable $callback): bool {}
        public function getHandler(string $command): ?\Closure {}
        public static function format(int $type, mixed $value = null): string|false {}
    }
}
