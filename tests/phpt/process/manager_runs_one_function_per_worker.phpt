--TEST--
Swoole\Process\Manager: add() and addBatch() give each worker its function (with its pool and worker id), in a coroutine when asked; IPC type and queue key setters/getters; start() with no worker or a bad IPC type throws
--EXTENSIONS--
gust
posix
pcntl
--FILE--
<?php
use Swoole\Process\Manager;
use Swoole\Process\Pool;

$m = new Manager();
var_dump($m->getIPCType() === SWOOLE_IPC_NONE, $m->getMsgQueueKey());
var_dump($m->setIPCType(SWOOLE_IPC_UNIXSOCK) === $m, $m->getIPCType() === SWOOLE_IPC_UNIXSOCK);
var_dump($m->setMsgQueueKey(0x1234)->getMsgQueueKey() === 0x1234);
try { $m->setIPCType(42); } catch (ValueError $e) { echo $e->getMessage(), "\n"; }
try { (new Manager())->start(); } catch (Error $e) { echo $e->getMessage(), "\n"; }

[$r, $w] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
[$gate_r, $gate_w] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$master = pcntl_fork();
if ($master === 0) {
    fclose($r);
    fclose($gate_w);
    $report = function (string $kind) use ($w, $gate_r) {
        return function (Pool $pool, int $id) use ($kind, $w, $gate_r) {
            $co = Swoole\Coroutine::getCid() > 0 ? 'coroutine' : 'plain';
            fwrite($w, "$kind worker $id $co " . ($pool instanceof Pool ? 'pool' : '?') . "\n");
            fgets($gate_r);  // until the test closes the gate
        };
    };
    (new Manager())
        ->add($report('single'))
        ->addBatch(2, $report('batch'), true)
        ->start();
    exit(0);
}
fclose($w);
fclose($gate_r);
stream_set_timeout($r, 10);
$lines = [fgets($r), fgets($r), fgets($r)];
sort($lines);
echo implode('', $lines);
posix_kill($master, SIGTERM);
fclose($gate_w);
pcntl_waitpid($master, $status);
var_dump(pcntl_wexitstatus($status));
?>
--EXPECT--
bool(true)
int(0)
bool(true)
bool(true)
bool(true)
Swoole\Process\Manager::setIPCType(): Argument #1 ($ipcType) must be one of the SWOOLE_IPC_* constants
Swoole\Process\Manager::start(): no worker was added (add() or addBatch())
batch worker 1 coroutine pool
batch worker 2 coroutine pool
single worker 0 plain pool
int(0)
