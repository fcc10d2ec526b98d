<?php

/**
 * Swoole\Coroutine\Http2\Client: a coroutine HTTP/2 client (h2 over TLS with ALPN, h2c by prior
 * knowledge) with streaming requests and responses, and its Swoole\Http2\Request and
 * Swoole\Http2\Response. See docs/php-http2-client.md.
 *
 * @generate-class-entries
 */

namespace Swoole\Coroutine\Http2 {
    class Client {
        /** @var int */
        public $errCode = 0;
        /** @var string */
        public $errMsg = '';
        /** @var int */
        public $sock = -1;
        /** @var int */
        public $type = 0;
        /** @var mixed */
        public $setting = null;
        /** @var bool */
        public $connected = false;
        /** @var mixed */
        public $host = null;
        /** @var int */
        public $port = 0;
        /** @var bool */
        public $ssl = false;
        /** @var int */
        public $serverLastStreamId = 0;

        public function __construct(string $host, int $port = 80, bool $open_ssl = false) {}
        public function __destruct() {}
        public function set(array $settings): bool {}
        public function connect(): bool {}
        /** All counters and settings, or the one named by $key (false for an unknown key). */
        public function stats(string $key = ''): array|int|false {}
        public function isStreamExist(int $stream_id): bool {}
        public function send(\Swoole\Http2\Request $request): int|false {}
        public function write(int $stream_id, mixed $data, bool $end_stream = false): bool {}
        public function recv(float $timeout = 0): \Swoole\Http2\Response|false {}
        /** As recv(), and a response still streaming comes back in parts (pipeline = true). */
        public function read(float $timeout = 0): \Swoole\Http2\Response|false {}
        public function goaway(int $error_code = SWOOLE_HTTP2_ERROR_NO_ERROR, string $debug_data = ''): bool {}
        public function ping(): bool {}
        public function close(): bool {}
    }
}

namespace Swoole\Coroutine\Http2\Client {
    class Exception extends \Swoole\Exception {}
}

namespace Swoole\Http2 {
    class Request {
        /** @var string */
        public $path = '/';
        /** @var string */
        public $method = 'GET';
        /** @var mixed */
        public $headers = null;
        /** @var mixed */
        public $cookies = null;
        /** @var mixed */
        public $data = '';
        /** @var bool */
        public $pipeline = false;
        /** @var bool */
        public $usePipelineRead = false;
    }

    class Response {
        /** @var int */
        public $streamId = 0;
        /** @var int */
        public $errCode = 0;
        /** @var int */
        public $statusCode = 0;
        /** @var bool */
        public $pipeline = false;
        /** @var mixed */
        public $headers = null;
        /** @var mixed */
        public $set_cookie_headers = null;
        /** @var mixed */
        public $cookies = null;
        /** @var mixed */
        public $data = null;
    }
}

namespace {
    /** @var int */
    const SWOOLE_HTTP2_TYPE_DATA = 0;
    /** @var int */
    const SWOOLE_HTTP2_TYPE_HEADERS = 1;
    /** @var int */
    const SWOOLE_HTTP2_TYPE_PRIORITY = 2;
    /** @var int */
    const SWOOLE_HTTP2_TYPE_RST_STREAM = 3;
    /** @var int */
    const SWOOLE_HTTP2_TYPE_SETTINGS = 4;
    /** @var int */
    const SWOOLE_HTTP2_TYPE_PUSH_PROMISE = 5;
    /** @var int */
    const SWOOLE_HTTP2_TYPE_PING = 6;
    /** @var int */
    const SWOOLE_HTTP2_TYPE_GOAWAY = 7;
    /** @var int */
    const SWOOLE_HTTP2_TYPE_WINDOW_UPDATE = 8;
    /** @var int */
    const SWOOLE_HTTP2_TYPE_CONTINUATION = 9;
    /** @var int */
    const SWOOLE_HTTP2_ERROR_NO_ERROR = 0;
    /** @var int */
    const SWOOLE_HTTP2_ERROR_PROTOCOL_ERROR = 1;
    /** @var int */
    const SWOOLE_HTTP2_ERROR_INTERNAL_ERROR = 2;
    /** @var int */
    const SWOOLE_HTTP2_ERROR_FLOW_CONTROL_ERROR = 3;
    /** @var int */
    const SWOOLE_HTTP2_ERROR_SETTINGS_TIMEOUT = 4;
    /** @var int */
    const SWOOLE_HTTP2_ERROR_STREAM_CLOSED = 5;
    /** @var int */
    const SWOOLE_HTTP2_ERROR_FRAME_SIZE_ERROR = 6;
    /** @var int */
    const SWOOLE_HTTP2_ERROR_REFUSED_STREAM = 7;
    /** @var int */
    const SWOOLE_HTTP2_ERROR_CANCEL = 8;
    /** @var int */
    const SWOOLE_HTTP2_ERROR_COMPRESSION_ERROR = 9;
    /** @var int */
    const SWOOLE_HTTP2_ERROR_CONNECT_ERROR = 10;
    /** @var int */
    const SWOOLE_HTTP2_ERROR_ENHANCE_YOUR_CALM = 11;
    /** @var int */
    const SWOOLE_HTTP2_ERROR_INADEQUATE_SECURITY = 12;
}
