--TEST--
gust_metrics_listen: an address that is not an IP and a port, and a port already in use, make start() fail with a warning before anything forks; a start() failing later lets go of the bound port
--EXTENSIONS--
gust
--FILE--
<?php
// A port in use: held here for the whole test.
$held = stream_socket_server('tcp://127.0.0.1:0');
$busy = stream_socket_get_name($held, false);
foreach (['localhost:9100', '127.0.0.1', '127.0.0.1:0', '127.0.0.1:99999', '/tmp/metrics.sock', $busy] as $address) {
    $server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
    $server->set(['gust_metrics_listen' => $address, 'worker_num' => 1]);
    $server->on('receive', function () {});
    $started = $server->start();
    echo $address === $busy ? 'the port in use' : var_export($address, true), ': ', var_export($started, true), "\n";
}
// A good address, and start() failing afterwards (no onReceive): the port is free again.
$probe = stream_socket_server('tcp://127.0.0.1:0');
$free = stream_socket_get_name($probe, false);
fclose($probe);
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
$server->set(['gust_metrics_listen' => $free]);
var_dump($server->start());
$again = @stream_socket_server("tcp://$free");
echo 'port free again: ', var_export($again !== false, true), "\n";
?>
--EXPECTF--
Warning: Swoole\Server::start(): gust_metrics_listen must be an IP address and a port, as "127.0.0.1:9100" or "[::1]:9100", "localhost:9100" given in %s on line %d
'localhost:9100': false

Warning: Swoole\Server::start(): gust_metrics_listen must be an IP address and a port, as "127.0.0.1:9100" or "[::1]:9100", "127.0.0.1" given in %s on line %d
'127.0.0.1': false

Warning: Swoole\Server::start(): gust_metrics_listen must be an IP address and a port, as "127.0.0.1:9100" or "[::1]:9100", "127.0.0.1:0" given in %s on line %d
'127.0.0.1:0': false

Warning: Swoole\Server::start(): gust_metrics_listen must be an IP address and a port, as "127.0.0.1:9100" or "[::1]:9100", "127.0.0.1:99999" given in %s on line %d
'127.0.0.1:99999': false

Warning: Swoole\Server::start(): gust_metrics_listen must be an IP address and a port, as "127.0.0.1:9100" or "[::1]:9100", "/tmp/metrics.sock" given in %s on line %d
'/tmp/metrics.sock': false

Warning: Swoole\Server::start(): cannot listen on gust_metrics_listen 127.0.0.1:%d: Address already in use in %s on line %d
the port in use: false

Warning: Swoole\Server::start(): require onReceive callback in %s on line %d
bool(false)
port free again: true
