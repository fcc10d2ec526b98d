<?php

/**
 * Swoole\Coroutine\Client (Co\Client): a TCP/UDP/unix client whose calls park the calling
 * coroutine, over a Coroutine\Socket. See docs/php-client.md.
 *
 * @generate-class-entries
 */

namespace Swoole\Coroutine {
    /** @not-serializable */
    final class Client {
        public int $errCode = 0;
        public string $errMsg = "";
        public int $fd = -1;
        public ?\Swoole\Coroutine\Socket $socket = null;
        public int $type = 1;
        public ?array $setting = null;
        public bool $connected = false;

        public function __construct(int $type) {}
        public function __destruct() {}
        public function set(array $settings): bool {}
        public function connect(string $host, int $port = 0, float $timeout = 0, int $sock_flag = 0): bool {}
        public function recv(float $timeout = 0): string|false {}
        public function peek(int $length = 65535): string|false {}
        public function send(string $data, float $timeout = 0): int|false {}
        public function sendfile(string $filename, int $offset = 0, int $length = 0): bool {}
        public function sendto(string $address, int $port, string $data): bool {}
        public function recvfrom(int $length, mixed &$address, mixed &$port = 0): string|false {}
        public function enableSSL(): bool {}
        public function getPeerCert(): string|false {}
        public function verifyPeerCert(bool $allow_self_signed = false): bool {}
        public function isConnected(): bool {}
        public function getsockname(): array|false {}
        public function getpeername(): array|false {}
        public function close(): bool {}
        public function exportSocket(): \Swoole\Coroutine\Socket|false {}
    }
}
