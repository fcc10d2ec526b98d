--TEST--
max_concurrency: a request arriving while that many are in progress gets a 503 (the others are served); worker_max_concurrency: excess requests wait for a slot and are all served, never more at once
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
use Swoole\Coroutine\Http\Client;

// Runs $n requests at once from coroutines of the worker; returns their status codes, sorted.
function burst(int $port, int $n): array {
    $wg = new Swoole\Coroutine\WaitGroup();
    $codes = [];
    for ($i = 0; $i < $n; $i++) {
        $wg->add();
        go(function () use ($port, &$codes, $wg) {
            $c = new Client('127.0.0.1', $port);
            $c->set(['timeout' => 5]);
            $c->get('/');
            $codes[] = $c->statusCode;
            $wg->done();
        });
    }
    $wg->wait(10);
    sort($codes);
    return $codes;
}

foreach ([['max_concurrency' => 2], ['worker_max_concurrency' => 2]] as $setting) {
    $server = new Swoole\Http\Server('127.0.0.1', 0, SWOOLE_BASE);
    $server->set(['worker_num' => 1, 'hook_flags' => SWOOLE_HOOK_ALL] + $setting);
    $now = 0;
    $most = 0;
    $server->on('request', function ($req, $resp) use (&$now, &$most) {
        $most = max($most, ++$now);
        Swoole\Coroutine::sleep(0.2);
        $now--;
        $resp->end('ok');
    });
    $server->on('workerStart', function ($s) use ($setting, &$most) {
        echo key($setting), ": ", implode(',', burst($s->port, 5)), "; at most $most at once\n";
        // Later, with the slots free again, requests are served.
        echo key($setting), " after: ", implode(',', burst($s->port, 2)), "\n";
        $s->shutdown();
    });
    $server->start();
}
?>
--EXPECT--
max_concurrency: 200,200,503,503,503; at most 2 at once
max_concurrency after: 200,200
worker_max_concurrency: 200,200,200,200,200; at most 2 at once
worker_max_concurrency after: 200,200
