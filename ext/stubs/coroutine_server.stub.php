<?php

/**
 * Swoole\Coroutine\Server, Swoole\Coroutine\Server\Connection and Swoole\Coroutine\Http\Server:
 * servers that run inside a coroutine (an accept loop, one coroutine per connection).
 * See docs/php-coroutine-server.md.
 *
 * @generate-class-entries
 */

namespace Swoole\Coroutine {
    /** @not-serializable */
    class Server {
        public string $host = "";
        public int $port = 0;
        public int $type = 2;
        public int $fd = -1;
        public int $errCode = 0;
        public string $errMsg = "";
        public bool $ssl = false;
        public array $setting = [];
        protected bool $running = false;
        /** @var callable|null */
        protected $fn = null;
        protected ?Socket $socket = null;

        public function __construct(string $host, int $port = 0, bool $ssl = false, bool $reuse_port = false) {}
        public function set(array $setting): void {}
        public function handle(callable $fn): void {}
        public function shutdown(): bool {}
        public function start(): bool {}
    }
}

namespace Swoole\Coroutine\Server {
    /** @not-serializable */
    class Connection {
        public ?\Swoole\Coroutine\Socket $socket = null;

        public function __construct(\Swoole\Coroutine\Socket $conn) {}
        public function recv(float $timeout = 0): string|false {}
        public function send(string $data): int|false {}
        public function close(): bool {}
        public function exportSocket(): \Swoole\Coroutine\Socket {}
    }
}

namespace Swoole\Coroutine\Http {
    /** @not-serializable */
    final class Server {
        public int $fd = -1;
        public string $host = "";
        public int $port = -1;
        public bool $ssl = false;
        public array $settings = [];
        public int $errCode = 0;
        public string $errMsg = "";

        public function __construct(string $host, int $port = 0, bool $ssl = false, bool $reuse_port = false) {}
        public function set(array $settings): bool {}
        public function handle(string $pattern, callable $callback): void {}
        public function start(): bool {}
        public function shutdown(): void {}
    }
}
