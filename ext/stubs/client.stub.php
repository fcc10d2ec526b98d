<?php

/**
 * Swoole\Client in its synchronous mode (SWOOLE_SOCK_SYNC): a blocking TCP/UDP/unix client for code
 * outside coroutines, and swoole_client_select(). See docs/php-client.md.
 *
 * @generate-class-entries
 */

namespace Swoole {
    /** @not-serializable */
    class Client {
        /**
         * @var int
         * @cvalue MSG_OOB
         */
        public const MSG_OOB = UNKNOWN;
        /**
         * @var int
         * @cvalue MSG_PEEK
         */
        public const MSG_PEEK = UNKNOWN;
        /**
         * @var int
         * @cvalue MSG_DONTWAIT
         */
        public const MSG_DONTWAIT = UNKNOWN;
        /**
         * @var int
         * @cvalue MSG_WAITALL
         */
        public const MSG_WAITALL = UNKNOWN;
        /**
         * @var int
         * @cvalue SHUT_RDWR
         */
        public const SHUT_RDWR = UNKNOWN;
        /**
         * @var int
         * @cvalue SHUT_RD
         */
        public const SHUT_RD = UNKNOWN;
        /**
         * @var int
         * @cvalue SHUT_WR
         */
        public const SHUT_WR = UNKNOWN;

        public int $errCode = 0;
        public string $errMsg = "";
        public int $sock = -1;
        public bool $reuse = false;
        public int $reuseCount = 0;
        public int $type = 0;
        public mixed $id = null;
        public ?array $setting = null;

        public function __construct(int $type, bool $async = false, string $id = "") {}
        public function __destruct() {}
        public function set(array $settings): bool {}
        public function connect(string $host, int $port = 0, float $timeout = 0.5, int $sock_flag = 0): bool {}
        public function recv(int $size = 65536, int $flag = 0): string|false {}
        public function send(string $data, int $flag = 0): int|false {}
        public function sendfile(string $filename, int $offset = 0, int $length = 0): bool {}
        public function sendto(string $ip, int $port, string $data): bool {}
        public function shutdown(int $how): bool {}
        public function enableSSL(?callable $onSslReady = null): bool {}
        public function getPeerCert(): string|false {}
        public function verifyPeerCert(bool $allow_self_signed = false): bool {}
        public function isConnected(): bool {}
        public function getsockname(): array|false {}
        public function getpeername(): array|false {}
        /** The connection as an ext/sockets Socket (sharing the connection; needs ext/sockets). */
        public function getSocket(): \Socket|false {}
        public function close(bool $force = false): bool {}
    }
}

namespace {
    function swoole_client_select(?array &$read_array, ?array &$write_array, ?array &$error_array, float $timeout = 0.5): int|false {}

    /** @alias swoole_client_select */
    function swoole_select(?array &$read_array, ?array &$write_array, ?array &$error_array, float $timeout = 0.5): int|false {}
}
