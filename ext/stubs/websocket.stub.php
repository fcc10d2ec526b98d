<?php

/**
 * Swoole\WebSocket\Server, Frame and CloseFrame (Swoole 6 signatures); docs/php-websocket-server.md.
 *
 * @generate-class-entries
 */

namespace Swoole\WebSocket {
    class Server extends \Swoole\Http\Server {
        public function push(int $fd, \Swoole\WebSocket\Frame|string $data, int $opcode = SWOOLE_WEBSOCKET_OPCODE_TEXT,
                             int $flags = SWOOLE_WEBSOCKET_FLAG_FIN): bool {}
        public function disconnect(int $fd, int $code = SWOOLE_WEBSOCKET_CLOSE_NORMAL, string $reason = ''): bool {}
        public function isEstablished(int $fd): bool {}
        public function ping(int $fd, string $data = ''): bool {}
        public static function pack(\Swoole\WebSocket\Frame|string $data, int $opcode = SWOOLE_WEBSOCKET_OPCODE_TEXT,
                                    int $flags = SWOOLE_WEBSOCKET_FLAG_FIN): string {}
        public static function unpack(string $data): \Swoole\WebSocket\Frame|false {}
    }

    class Frame {
        public int $fd = 0;
        public string $data = '';
        public int $opcode = 1;
        public int $flags = 1;
        public bool $finish = true;

        public function __toString(): string {}
        public static function pack(\Swoole\WebSocket\Frame|string $data, int $opcode = SWOOLE_WEBSOCKET_OPCODE_TEXT,
                                    int $flags = SWOOLE_WEBSOCKET_FLAG_FIN): string {}
        public static function unpack(string $data): \Swoole\WebSocket\Frame|false {}
    }

    class CloseFrame extends Frame {
        public int $opcode = 8;
        public int $code = 1000;
        public string $reason = '';
    }
}
