<?php

/**
 * Swoole\Server (Swoole 6 signatures). Swoole's sendwait() is not implemented yet.
 * Every event callback runs in its own coroutine.
 *
 * @generate-class-entries
 */

namespace Swoole {
    class Server {
        public array $setting = [];
        public ?\Swoole\Connection\Iterator $connections = null;
        public string $host = '';
        public int $port = 0;
        public int $type = 0;
        public bool $ssl = false;
        public int $mode = 0;
        public array $ports = [];
        public int $master_pid = 0;
        public int $manager_pid = 0;
        public int $worker_id = -1;
        public bool $taskworker = false;
        public int $worker_pid = 0;

        public function __construct(string $host = '0.0.0.0', int $port = 0, int $mode = SWOOLE_BASE,
                                    int $sock_type = SWOOLE_SOCK_TCP) {}
        public function __destruct() {}
        public function listen(string $host, int $port, int $sock_type): false|\Swoole\Server\Port {}
        /** @implementation-alias Swoole\Server::listen */
        public function addlistener(string $host, int $port, int $sock_type): false|\Swoole\Server\Port {}
        public function on(string $event_name, callable $callback): bool {}
        public function getCallback(string $event_name): ?\Closure {}
        public function set(array $settings): bool {}
        public function start(): bool {}
        public function send(int|string $fd, string $send_data, int $serverSocket = -1): bool {}
        public function sendto(string $ip, int $port, string $send_data, int $server_socket = -1): bool {}
        public function sendfile(int $conn_fd, string $filename, int $offset = 0, int $length = 0): bool {}
        public function exists(int $fd): bool {}
        /** @implementation-alias Swoole\Server::exists */
        public function exist(int $fd): bool {}
        /** @implementation-alias Swoole\Server::exists */
        public function isEstablished(int $fd): bool {}
        public function protect(int $fd, bool $is_protected = true): bool {}
        public function close(int $fd, bool $reset = false): bool {}
        public function pause(int $fd): bool {}
        public function resume(int $fd): bool {}
        public function shutdown(): bool {}
        public function stop(int $workerId = -1, bool $waitEvent = false): bool {}
        public function reload(bool $only_reload_taskworker = false): bool {}
        public function getLastError(): int {}
        public function heartbeat(bool $ifCloseConnection = true): false|array {}
        public function getClientInfo(int $fd, int $reactor_id = -1, bool $ignoreError = false): false|array {}
        public function getSocket(int $port = 0): \Socket|false {}
        /** @implementation-alias Swoole\Server::getClientInfo */
        public function connection_info(int $fd, int $reactor_id = -1, bool $ignoreError = false): false|array {}
        public function getClientList(int $start_fd = 0, int $find_count = 10): false|array {}
        /** @implementation-alias Swoole\Server::getClientList */
        public function connection_list(int $start_fd = 0, int $find_count = 10): false|array {}
        public function getWorkerId(): int|false {}
        public function getWorkerPid(int $worker_id = -1): int|false {}
        public function getWorkerStatus(int $worker_id = -1): int|false {}
        public function getManagerPid(): int {}
        public function getMasterPid(): int {}
        public function stats(): array {}
        public function bind(int $fd, int $uid): bool {}
        public function task(mixed $data, int $taskWorkerIndex = -1, ?callable $finishCallback = null): int|false {}
        public function taskwait(mixed $data, float $timeout = 0.5, int $taskWorkerIndex = -1): mixed {}
        public function taskWaitMulti(array $tasks, float $timeout = 0.5): false|array {}
        /** @implementation-alias Swoole\Server::taskWaitMulti */
        public function taskCo(array $tasks, float $timeout = 0.5): false|array {}
        public function finish(mixed $data): bool {}
        public function sendMessage(mixed $message, int $dst_worker_id): bool {}
        public function addProcess(\Swoole\Process $process): int|false {}
        public function after(int $ms, callable $callback, mixed ...$params): int|false {}
        public function tick(int $ms, callable $callback, mixed ...$params): int|false {}
        public function clearTimer(int $timer_id): bool {}
        public function defer(callable $callback): bool {}
        /** Before start(): a handler other processes run through command() (server_command.cc). */
        public function addCommand(string $name, int $accepted_process_types, callable $callback): bool {}
        public function command(string $name, int $process_id, int $process_type, mixed $data,
                                bool $json_decode = true): string|array|false {}
    }
}

namespace Swoole\Server {
    final class Task {
        public mixed $data = null;
        public float $dispatch_time = 0;
        public int $id = -1;
        public int $worker_id = -1;
        public int $flags = 0;

        public function finish(mixed $data): bool {}
        public static function pack(mixed $data): string|false {}
        public static function unpack(string $data): mixed {}
    }

    // event_object => true: what the callbacks of connections, datagrams, pipe messages, task
    // results and worker errors get in place of their separate arguments (event_object.cc).
    class Event {
        public int $reactor_id = 0;
        public int $fd = 0;
        public float $dispatch_time = 0;
        public ?string $data = null;
    }

    class Packet {
        public int $server_socket = 0;
        public int $server_port = 0;
        public float $dispatch_time = 0;
        public ?string $address = null;
        public int $port = 0;
        public ?string $data = null;
    }

    class PipeMessage {
        public int $source_worker_id = 0;
        public int $worker_id = 0;
        public float $dispatch_time = 0;
        public mixed $data = null;
    }

    class TaskResult {
        public int $task_id = 0;
        public int $task_worker_id = 0;
        public float $dispatch_time = 0;
        public mixed $data = null;
    }

    class StatusInfo {
        public int $worker_id = 0;
        public int $worker_pid = 0;
        public int $status = 0;
        public int $exit_code = 0;
        public int $signal = 0;
    }

    class Port {
        public string $host = '';
        public int $port = 0;
        public int $type = 0;
        public bool $ssl = false;
        public array $setting = [];
        public ?\Swoole\Connection\Iterator $connections = null;

        private function __construct() {}
        public function __destruct() {}
        public function set(array $settings): void {}
        public function on(string $event_name, callable $callback): bool {}
        public function getCallback(string $event_name): ?\Closure {}
        public function getSocket(): \Socket|false {}
    }
}

namespace Swoole\Connection {
    final class Iterator implements \Iterator, \Countable, \ArrayAccess {
        public function __construct() {}
        public function rewind(): void {}
        public function next(): void {}
        public function current(): mixed {}
        public function key(): mixed {}
        public function valid(): bool {}
        public function count(): int {}
        public function offsetExists(mixed $fd): bool {}
        public function offsetGet(mixed $fd): mixed {}
        public function offsetSet(mixed $fd, mixed $value): void {}
        public function offsetUnset(mixed $fd): void {}
    }
}

namespace {
    /**
     * addCommand()/command(): The master process (in SWOOLE_BASE: the process that ran onStart).
     * @var int
     * @cvalue gust::php::srv::kCommandMaster
     */
    const SWOOLE_SERVER_COMMAND_MASTER = UNKNOWN;
    /**
     * addCommand()/command(): Reactor threads: addCommand() refuses it (they run no PHP).
     * @var int
     * @cvalue gust::php::srv::kCommandReactorThread
     */
    const SWOOLE_SERVER_COMMAND_REACTOR_THREAD = UNKNOWN;
    /**
     * addCommand()/command(): An event worker, by its id.
     * @var int
     * @cvalue gust::php::srv::kCommandEventWorker
     */
    const SWOOLE_SERVER_COMMAND_EVENT_WORKER = UNKNOWN;
    /**
     * addCommand()/command(): The same as SWOOLE_SERVER_COMMAND_EVENT_WORKER.
     * @var int
     * @cvalue gust::php::srv::kCommandEventWorker
     */
    const SWOOLE_SERVER_COMMAND_WORKER = UNKNOWN;
    /**
     * addCommand()/command(): A task worker, by its id among task workers.
     * @var int
     * @cvalue gust::php::srv::kCommandTaskWorker
     */
    const SWOOLE_SERVER_COMMAND_TASK_WORKER = UNKNOWN;
    /**
     * addCommand()/command(): The manager process.
     * @var int
     * @cvalue gust::php::srv::kCommandManager
     */
    const SWOOLE_SERVER_COMMAND_MANAGER = UNKNOWN;
    /**
     * Each package to the next worker in turn; no onConnect/onClose on plain TCP ports.
     * @var int
     * @cvalue gust::php::srv::kDispatchRound
     */
    const SWOOLE_DISPATCH_ROUND = UNKNOWN;
    /**
     * Each connection to one worker, by its fd (the default).
     * @var int
     * @cvalue gust::php::srv::kDispatchFdMod
     */
    const SWOOLE_DISPATCH_FDMOD = UNKNOWN;
    /**
     * Each package to an idle worker (the least busy); no onConnect/onClose on plain TCP ports.
     * @var int
     * @cvalue gust::php::srv::kDispatchIdleWorker
     */
    const SWOOLE_DISPATCH_IDLE_WORKER = UNKNOWN;
    /**
     * Each connection to one worker, by its client IP.
     * @var int
     * @cvalue gust::php::srv::kDispatchIpMod
     */
    const SWOOLE_DISPATCH_IPMOD = UNKNOWN;
    /**
     * By the uid bind() gave the connection (uid % worker_num); by fd until then.
     * @var int
     * @cvalue gust::php::srv::kDispatchUidMod
     */
    const SWOOLE_DISPATCH_UIDMOD = UNKNOWN;
    /**
     * What dispatch_func selects (setting dispatch_func is enough).
     * @var int
     * @cvalue gust::php::srv::kDispatchUserFunc
     */
    const SWOOLE_DISPATCH_USERFUNC = UNKNOWN;
    /**
     * Each package to an idle worker, as SWOOLE_DISPATCH_IDLE_WORKER; no onConnect/onClose on plain TCP ports.
     * @var int
     * @cvalue gust::php::srv::kDispatchStream
     */
    const SWOOLE_DISPATCH_STREAM = UNKNOWN;
    /**
     * Each connection to the worker holding the fewest connections.
     * @var int
     * @cvalue gust::php::srv::kDispatchCoConnLb
     */
    const SWOOLE_DISPATCH_CO_CONN_LB = UNKNOWN;
    /**
     * Each package to the worker with the fewest live coroutines.
     * @var int
     * @cvalue gust::php::srv::kDispatchCoReqLb
     */
    const SWOOLE_DISPATCH_CO_REQ_LB = UNKNOWN;
    /**
     * Each package to the worker with the fewest requests in progress (as SWOOLE_DISPATCH_CO_REQ_LB).
     * @var int
     * @cvalue gust::php::srv::kDispatchConcurrentLb
     */
    const SWOOLE_DISPATCH_CONCURRENT_LB = UNKNOWN;
    /**
     * dispatch_func: drop the package.
     * @var int
     * @cvalue gust::php::srv::kDispatchResultDiscardPacket
     */
    const SWOOLE_DISPATCH_RESULT_DISCARD_PACKET = UNKNOWN;
    /**
     * dispatch_func: close the connection.
     * @var int
     * @cvalue gust::php::srv::kDispatchResultCloseConnection
     */
    const SWOOLE_DISPATCH_RESULT_CLOSE_CONNECTION = UNKNOWN;
    /**
     * dispatch_func: let dispatch_mode choose.
     * @var int
     * @cvalue gust::php::srv::kDispatchResultUserfuncFallback
     */
    const SWOOLE_DISPATCH_RESULT_USERFUNC_FALLBACK = UNKNOWN;

    /** @var int */
    const SWOOLE_IPC_NONE = 0;
    /**
     * task_ipc_mode: unix sockets (the default).
     * @var int
     */
    const SWOOLE_IPC_UNIXSOCK = 1;
    /** @var int */
    const SWOOLE_IPC_UNSOCK = 1;
    /**
     * task_ipc_mode: a SysV message queue.
     * @var int
     */
    const SWOOLE_IPC_MSGQUEUE = 2;
    /** @var int */
    const SWOOLE_IPC_SOCKET = 3;
    /**
     * task_ipc_mode: a SysV message queue read by whichever task worker is idle.
     * @var int
     */
    const SWOOLE_IPC_PREEMPTIVE = 3;
}
