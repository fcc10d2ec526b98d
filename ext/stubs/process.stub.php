<?php

/**
 * Swoole\Process (Swoole 6 signatures): a child process running a PHP callable, with an optional
 * unix socket pair to talk to it. Not yet: exportSocket(), the SysV message queue (useQueue/push/pop),
 * alarm(), setAffinity().
 *
 * @generate-class-entries
 */

namespace Swoole {
    class Process {
        public int $pipe = -1;
        public ?int $msgQueueId = null;
        public ?int $msgQueueKey = null;
        public int $pid = -1;
        public int $id = -1;

        public function __construct(callable $callback, bool $redirect_stdin_and_stdout = false, int $pipe_type = 2,
                                    bool $enable_coroutine = false) {}
        public function __destruct() {}
        public function start(): bool|int {}
        public function write(string $data): false|int {}
        public function read(int $size = 8192): false|string {}
        public function close(int $which = 0): bool {}
        public function setTimeout(float $seconds): bool {}
        public function setBlocking(bool $blocking): void {}
        public function name(string $process_name): bool {}
        public function exit(int $exit_code = 0): void {}
        public static function wait(bool $blocking = true): false|array {}
        public static function kill(int $pid, int $signal_no = 15): bool {}
        public static function daemon(bool $nochdir = true, bool $noclose = true, array $pipes = []): bool {}
    }
}
