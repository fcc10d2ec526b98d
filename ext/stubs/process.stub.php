<?php

/**
 * Swoole\Process (Swoole 6 signatures): a child process running a PHP callable, with an optional
 * unix socket pair to talk to it, a System V message queue, process-level signal handlers.
 *
 * @generate-class-entries
 */

namespace {
    /**
     * Process::alarm()'s timer types (setitimer()).
     * @var int
     * @cvalue ITIMER_REAL
     */
    const ITIMER_REAL = UNKNOWN;
    /**
     * @var int
     * @cvalue ITIMER_VIRTUAL
     */
    const ITIMER_VIRTUAL = UNKNOWN;
    /**
     * @var int
     * @cvalue ITIMER_PROF
     */
    const ITIMER_PROF = UNKNOWN;
}

namespace Swoole {
    class Process {
        /**
         * @var int
         * @cvalue IPC_NOWAIT
         */
        public const IPC_NOWAIT = UNKNOWN;
        /** @var int */
        public const PIPE_MASTER = 1;
        /** @var int */
        public const PIPE_WORKER = 2;
        /** @var int */
        public const PIPE_READ = 3;
        /** @var int */
        public const PIPE_WRITE = 4;

        public int $pipe = -1;
        public ?int $msgQueueId = null;
        public ?int $msgQueueKey = null;
        public int $pid = -1;
        public int $id = -1;
        private mixed $callback = null;

        public function __construct(callable $callback, bool $redirect_stdin_and_stdout = false, int $pipe_type = 2,
                                    bool $enable_coroutine = false) {}
        public function __destruct() {}
        public function useQueue(int $key = 0, int $mode = 2, int $capacity = -1): bool {}
        public function statQueue(): array|false {}
        public function freeQueue(): bool {}
        public function pop(int $size = 65536): string|false {}
        public function push(string $data): bool {}
        public static function kill(int $pid, int $signal_no = 15): bool {}
        public static function signal(int $signal_no, ?callable $callback = null): bool {}
        public static function alarm(int $usec, int $type = 0): bool {}
        public static function wait(bool $blocking = true): false|array {}
        public static function daemon(bool $nochdir = true, bool $noclose = true, array $pipes = []): bool {}
        public static function setAffinity(array $cpu_settings): bool {}
        public static function getAffinity(): array|false {}
        public function set(array $settings): void {}
        public function setTimeout(float $seconds): bool {}
        public function setBlocking(bool $blocking): void {}
        public function setPriority(int $which, int $priority, ?int $who = null): bool {}
        public function getPriority(int $which, ?int $who = null): int|false {}
        public function start(): bool|int {}
        public function write(string $data): false|int {}
        public function read(int $size = 8192): false|string {}
        public function close(int $which = 0): bool {}
        public function exportSocket(): \Swoole\Coroutine\Socket|false {}
        public function exit(int $exit_code = 0): void {}
        public function exec(string $exec_file, array $args): bool {}
        public function name(string $process_name): bool {}
    }
}

namespace Swoole\Process {
    /**
     * A supervised group of worker processes (Swoole 6 signatures): the master forks worker_num
     * workers, respawns those that end (with a backoff after quick abnormal deaths) and stops
     * them all on shutdown(). See docs/php-process.md.
     */
    class Pool {
        public int $master_pid = -1;
        public ?array $workers = null;
        public int $workerId = -1;
        public int $workerPid = -1;
        public bool $workerRunning = false;
        public bool $running = false;

        public function __construct(int $worker_num, int $ipc_type = 0, int $msgqueue_key = 0,
                                    bool $enable_coroutine = false) {}
        public function __destruct() {}
        public function set(array $settings): void {}
        public function on(string $name, callable $callback): bool {}
        public function getProcess(int $work_id = -1): \Swoole\Process|false {}
        public function listen(string $host, int $port = 0, int $backlog = 2048): bool {}
        public function write(string $data): bool {}
        public function sendMessage(string $data, int $dst_worker_id): bool {}
        public function detach(): bool {}
        public function start(): null|false {}
        public function stop(): void {}
        public function shutdown(): bool {}
    }

    /** Swoole's process manager (a PHP class in Swoole's library; native here), built on Pool. */
    class Manager {
        public function __construct(int $ipcType = 0, int $msgQueueKey = 0) {}
        public function add(callable $func, bool $enableCoroutine = false): static {}
        public function addBatch(int $workerNum, callable $func, bool $enableCoroutine = false): static {}
        public function start(): void {}
        public function setIPCType(int $ipcType): static {}
        public function getIPCType(): int {}
        public function setMsgQueueKey(int $msgQueueKey): static {}
        public function getMsgQueueKey(): int {}
    }
}
