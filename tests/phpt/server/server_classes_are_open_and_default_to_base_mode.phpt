--TEST--
Swoole\Server, Http\Server and WebSocket\Server are open (subclasses call parent::__construct() and parent::set()), and a server made without a mode is SWOOLE_BASE as in Swoole 6
--EXTENSIONS--
gust
--FILE--
<?php
class AppServer extends Swoole\Server {
    public function __construct(public string $app = 'app') { parent::__construct('127.0.0.1', 0); }
    public function set(array $settings): bool { return parent::set($settings + ['worker_num' => 1]); }
}
class AppHttp extends Swoole\Http\Server {}
class AppWs extends Swoole\WebSocket\Server {
    public function push(int $fd, Swoole\WebSocket\Frame|string $data, int $opcode = WEBSOCKET_OPCODE_TEXT, int $flags = SWOOLE_WEBSOCKET_FLAG_FIN): bool { return parent::push($fd, $data, $opcode, $flags); }
}
foreach (['Swoole\Server', 'Swoole\Http\Server', 'Swoole\WebSocket\Server', 'Swoole\Server\Task', 'Swoole\Connection\Iterator'] as $c) {
    echo $c, ': ', (new ReflectionClass($c))->isFinal() ? 'final' : 'open', "\n";
}
$s = new AppServer();
var_dump($s->set(['daemonize' => false]), $s->setting['worker_num'], $s->app, $s->mode === SWOOLE_BASE);
var_dump((new Swoole\Server('127.0.0.1', 0))->mode === SWOOLE_BASE);
var_dump((new Swoole\Server('127.0.0.1', 0, SWOOLE_PROCESS))->mode === SWOOLE_PROCESS);
var_dump((new AppHttp('127.0.0.1', 0))->mode === SWOOLE_BASE, (new AppWs('127.0.0.1', 0))->mode === SWOOLE_BASE);
var_dump((new ReflectionMethod('Swoole\Server', '__construct'))->getParameters()[2]->getDefaultValueConstantName());
?>
--EXPECT--
Swoole\Server: open
Swoole\Http\Server: open
Swoole\WebSocket\Server: open
Swoole\Server\Task: final
Swoole\Connection\Iterator: final
bool(true)
int(1)
string(3) "app"
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
string(11) "SWOOLE_BASE"
