<?php

/**
 * Swoole\Http\Server, Request and Response (Swoole 6 signatures); docs/php-http-server.md.
 * Every request callback runs in its own coroutine.
 *
 * @generate-class-entries
 */

namespace Swoole\Http {
    class Server extends \Swoole\Server {}

    class Request {
        public int $fd = 0;
        public int $streamId = 0;
        public ?array $header = null;
        public ?array $server = null;
        public ?array $cookie = null;
        public ?array $get = null;
        public ?array $files = null;
        public ?array $post = null;
        public ?array $tmpfiles = null;

        public function getContent(): string|false {}
        /** @implementation-alias Swoole\Http\Request::getContent */
        public function rawContent(): string|false {}
        public function getData(): string|false {}
        public function getMethod(): string|false {}
        public function isCompleted(): bool {}
        public static function create(array $options = []): Request|false {}
        public function parse(string $data): int|false {}
        public function __destruct() {}
    }

    class Response {
        public int $fd = 0;
        public mixed $socket = null;
        public ?array $header = null;
        public ?array $cookie = null;
        public ?array $trailer = null;

        public function initHeader(): bool {}
        public function isWritable(): bool {}
        public function cookie(Cookie|string $name_or_object, ?string $value = '', int $expires = 0, string $path = '/',
                               string $domain = '', bool $secure = false, bool $httponly = false,
                               string $samesite = '', string $priority = '', bool $partitioned = false): bool {}
        /** @implementation-alias Swoole\Http\Response::cookie */
        public function setCookie(Cookie|string $name_or_object, ?string $value = '', int $expires = 0, string $path = '/',
                                  string $domain = '', bool $secure = false, bool $httponly = false,
                                  string $samesite = '', string $priority = '', bool $partitioned = false): bool {}
        public function rawcookie(Cookie|string $name_or_object, ?string $value = '', int $expires = 0, string $path = '/',
                                  string $domain = '', bool $secure = false, bool $httponly = false,
                                  string $samesite = '', string $priority = '', bool $partitioned = false): bool {}
        public function status(int $http_code, string $reason = ''): bool {}
        /** @implementation-alias Swoole\Http\Response::status */
        public function setStatusCode(int $http_code, string $reason = ''): bool {}
        public function header(string $key, string|array|null $value, bool $format = true): bool {}
        /** @implementation-alias Swoole\Http\Response::header */
        public function setHeader(string $key, string|array|null $value, bool $format = true): bool {}
        public function trailer(string $key, ?string $value): bool {}
        public function write(string $content): bool {}
        public function end(?string $content = null): bool {}
        public function sendfile(string $filename, int $offset = 0, int $length = 0): bool {}
        public function redirect(string $location, int $http_code = 302): bool {}
        public function detach(): bool {}
        public static function create(object|array|int $server = -1, int $fd = -1): Response|false {}
        public function close(): bool {}
        /** WebSocket on a Swoole\Coroutine\Http\Server connection (docs/php-coroutine-server.md). */
        public function upgrade(): bool {}
        public function push(\Swoole\WebSocket\Frame|string $data, int $opcode = 1, int $flags = 1): bool {}
        public function recv(float $timeout = 0): \Swoole\WebSocket\Frame|false|string {}
        /** A WebSocket ping on an upgraded connection; HTTP/2 is not served: false + warning otherwise. */
        public function ping(string $data = ''): bool {}
        /** HTTP/2 only: false + warning (no connection here speaks HTTP/2). */
        public function goaway(int $error_code = 0, string $debug_data = ''): bool {}
        /** Close frame ($code, $reason) then close, on an upgraded connection. */
        public function disconnect(int $code = SWOOLE_WEBSOCKET_CLOSE_NORMAL, string $reason = ''): bool {}
        public function __destruct() {}
    }
}
