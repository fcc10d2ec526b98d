<?php

/**
 * Swoole\Coroutine\Http\Client: a coroutine HTTP/1.1 client with WebSocket support, and the
 * Swoole\Coroutine\Http\get()/post()/request() shortcuts. See docs/php-http-client.md.
 *
 * @generate-class-entries
 */

namespace Swoole\Coroutine\Http {
    class Client {
        /** @var int */
        public $errCode = 0;
        /** @var string */
        public $errMsg = '';
        /** @var bool */
        public $connected = false;
        /** @var string */
        public $host = '';
        /** @var int */
        public $port = 0;
        /** @var bool */
        public $ssl = false;
        /** @var mixed */
        public $setting = null;
        /** @var mixed */
        public $requestMethod = null;
        /** @var mixed */
        public $requestHeaders = null;
        /** @var mixed */
        public $requestBody = null;
        /** @var mixed */
        public $uploadFiles = null;
        /** @var mixed */
        public $downloadFile = null;
        /** @var int */
        public $downloadOffset = 0;
        /** @var int */
        public $statusCode = 0;
        /** @var mixed */
        public $headers = null;
        /** @var mixed */
        public $set_cookie_headers = null;
        /** @var mixed */
        public $cookies = null;
        /** @var string */
        public $body = '';

        public function __construct(string $host, int $port = 0, bool $ssl = false) {}
        public function __destruct() {}
        public function set(array $settings): bool {}
        public function setMethod(string $method): bool {}
        public function setHeaders(array $headers): bool {}
        public function setBasicAuth(string $username, string $password): void {}
        public function setCookies(array $cookies): bool {}
        public function setData(string|array $data): bool {}
        public function addFile(string $path, string $name, ?string $type = null, ?string $filename = null,
                                int $offset = 0, int $length = 0): bool {}
        public function addData(string $data, string $name, ?string $type = null, ?string $filename = null): bool {}
        public function execute(string $path): bool {}
        public function getpeername(): array|false {}
        public function getsockname(): array|false {}
        public function get(string $path): bool {}
        public function post(string $path, mixed $data): bool {}
        public function download(string $path, string $file, int $offset = 0): bool {}
        public function getBody(): string|false {}
        public function getHeaders(): array|null|false {}
        public function getCookies(): array|null|false {}
        public function getStatusCode(): int|false {}
        public function getHeaderOut(): string|false {}
        public function getPeerCert(): string|false {}
        public function upgrade(string $path): bool {}
        /** @param int $opcode SWOOLE_WEBSOCKET_OPCODE_TEXT; $flags SWOOLE_WEBSOCKET_FLAG_FIN */
        public function push(mixed $data, int $opcode = 1, int $flags = 1): bool {}
        /** A WebSocket message (Frame), or after a deferred request whether its answer came (bool). */
        public function recv(float $timeout = 0): mixed {}
        /** A WebSocket ping frame (at most 125 bytes of data). */
        public function ping(string $data = ''): bool {}
        /** A WebSocket close frame with `code` and `reason`, then the connection is closed. */
        public function disconnect(int $code = 1000, string $reason = ''): bool {}
        /** get()/post()/execute() return once the request is sent; recv() reads the answer. */
        public function setDefer(bool $defer = true): bool {}
        public function getDefer(): bool {}
        public function close(): bool {}
    }

    /** What get()/post()/request() answer. */
    class ClientProxy {
        /** @var mixed */
        private $body;
        /** @var mixed */
        private $statusCode;
        /** @var mixed */
        private $headers;
        /** @var mixed */
        private $cookies;

        public function __construct(string $body, int $statusCode, ?array $headers, ?array $cookies) {}
        public function getBody(): string {}
        public function getStatusCode(): int {}
        public function getHeaders(): ?array {}
        public function getCookies(): ?array {}
    }

    function request(string $url, string $method, mixed $data = null, ?array $options = null,
                     ?array $headers = null, ?array $cookies = null): ClientProxy {}
    function get(string $url, ?array $options = null, ?array $headers = null, ?array $cookies = null): ClientProxy {}
    function post(string $url, mixed $data, ?array $options = null, ?array $headers = null,
                  ?array $cookies = null): ClientProxy {}
}

namespace Swoole\Coroutine\Http\Client {
    class Exception extends \Swoole\Exception {}
}

namespace {
    /**
     * @var int
     * @cvalue gust::php::http_client::kStatusConnectFailed
     */
    const SWOOLE_HTTP_CLIENT_ESTATUS_CONNECT_FAILED = UNKNOWN;
    /**
     * @var int
     * @cvalue gust::php::http_client::kStatusRequestTimeout
     */
    const SWOOLE_HTTP_CLIENT_ESTATUS_REQUEST_TIMEOUT = UNKNOWN;
    /**
     * @var int
     * @cvalue gust::php::http_client::kStatusServerReset
     */
    const SWOOLE_HTTP_CLIENT_ESTATUS_SERVER_RESET = UNKNOWN;
    /**
     * @var int
     * @cvalue gust::php::http_client::kStatusSendFailed
     */
    const SWOOLE_HTTP_CLIENT_ESTATUS_SEND_FAILED = UNKNOWN;
}
