<?php

/**
 * Swoole\Coroutine\Socket (Co\Socket) and Swoole\Coroutine\Socket\Exception: a socket whose calls
 * park the calling coroutine instead of blocking. See docs/php-sockets.md.
 *
 * @generate-class-entries
 */

namespace Swoole\Coroutine {
    /** @not-serializable */
    class Socket {
        public int $fd = -1;
        public int $domain = 0;
        public int $type = 0;
        public int $protocol = 0;
        public int $errCode = 0;
        public string $errMsg = "";

        public function __construct(int $domain, int $type, int $protocol = 0) {}
        public function bind(string $address, int $port = 0): bool {}
        public function listen(int $backlog = 512): bool {}
        public function accept(float $timeout = 0): Socket|false {}
        public function connect(string $host, int $port = 0, float $timeout = 0): bool {}
        public function checkLiveness(): bool {}
        public function getBoundCid(int $event): int {}
        public function peek(int $length = 65536): string|false {}
        public function recv(int $length = 65536, float $timeout = 0): string|false {}
        public function recvAll(int $length = 65536, float $timeout = 0): string|false {}
        public function recvLine(int $length = 65536, float $timeout = 0): string|false {}
        public function recvWithBuffer(int $length = 65536, float $timeout = 0): string|false {}
        public function recvPacket(float $timeout = 0): string|false {}
        public function send(string $data, float $timeout = 0): int|false {}
        public function sendAll(string $data, float $timeout = 0): int|false {}
        public function readVector(array $io_vector, float $timeout = 0): array|false {}
        public function readVectorAll(array $io_vector, float $timeout = 0): array|false {}
        public function writeVector(array $io_vector, float $timeout = 0): int|false {}
        public function writeVectorAll(array $io_vector, float $timeout = 0): int|false {}
        public function sendFile(string $file, int $offset = 0, int $length = 0): bool {}
        public function recvfrom(mixed &$peername, float $timeout = 0): string|false {}
        public function sendto(string $addr, int $port, string $data): int|false {}
        public function getOption(int $level, int $opt_name): mixed {}
        public function setOption(int $level, int $opt_name, mixed $opt_value): bool {}
        public function setProtocol(array $settings): bool {}
        public function sslHandshake(): bool {}
        public function shutdown(int $how = 2): bool {}
        public function cancel(int $event = SWOOLE_EVENT_READ): bool {}
        public function close(): bool {}
        public function getpeername(): array|false {}
        public function getsockname(): array|false {}
        public function isClosed(): bool {}
        /** @param resource $stream */
        public static function import($stream): Socket|false {}
    }
}

namespace {
    /** @return array<int, \Swoole\Coroutine\Socket>|false */
    function swoole_coroutine_socketpair(int $domain, int $type, int $protocol): array|false {}
}

namespace Swoole\Coroutine\Socket {
    class Exception extends \Swoole\Exception {}
}
