<?php
// The PHP side of test_mariadb_tls_redis.py, on the debug gust.so with SWOOLE_HOOK_ALL:
//   db_client.php mariadb-tls PORT CA_FILE   MySQL over TLS (mysqlnd's STARTTLS on a hooked stream)
//   db_client.php redis PORT                 phpredis BLPOPs in coroutines
// Prints one JSON object; the test judges it.
Swoole\Runtime::enableCoroutine(SWOOLE_HOOK_ALL);
$mode = $argv[1] ?? '';
$port = (int) ($argv[2] ?? 0);
$out = [];

// Runs $n coroutines of $fn and returns [results, seconds taken].
function concurrently(int $n, callable $fn): array
{
    $results = [];
    $t = microtime(true);
    Co\run(function () use ($n, $fn, &$results) {
        for ($i = 0; $i < $n; $i++) {
            go(function () use ($i, $fn, &$results) {
                try {
                    $results[$i] = $fn($i);
                } catch (Throwable $e) {
                    $results[$i] = get_class($e) . ': ' . $e->getMessage();
                }
            });
        }
    });
    ksort($results);
    return [$results, microtime(true) - $t];
}

if ($mode === 'mariadb-tls') {
    $ca = $argv[3];
    $dsn = "mysql:host=127.0.0.1;port=$port;dbname=information_schema";
    $tls = [PDO::MYSQL_ATTR_SSL_CA => $ca, PDO::MYSQL_ATTR_SSL_VERIFY_SERVER_CERT => true,
            PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION];
    // PDO: four coroutines, each its own TLS connection, each a SLEEP(0.3).
    [$out['pdo'], $out['pdo_seconds']] = concurrently(4, function ($i) use ($dsn, $tls) {
        $pdo = new PDO($dsn, 'root', '', $tls);
        $cipher = $pdo->query("SHOW SESSION STATUS LIKE 'Ssl_cipher'")->fetch(PDO::FETCH_NUM)[1];
        $slept = $pdo->query("SELECT SLEEP(0.3), $i")->fetch(PDO::FETCH_NUM)[1];
        return ['cipher' => $cipher, 'i' => (int) $slept];
    });
    // mysqli with MYSQLI_CLIENT_SSL.
    [$out['mysqli'], $out['mysqli_seconds']] = concurrently(3, function ($i) use ($port, $ca) {
        $m = mysqli_init();
        $m->ssl_set(null, null, $ca, null, null);
        $m->real_connect('127.0.0.1', 'root', '', 'information_schema', $port, null, MYSQLI_CLIENT_SSL);
        $cipher = $m->query("SHOW SESSION STATUS LIKE 'Ssl_cipher'")->fetch_row()[1];
        $slept = $m->query("SELECT SLEEP(0.3), $i")->fetch_row()[1];
        return ['cipher' => $cipher, 'i' => (int) $slept];
    });
    // Through the pool: 6 coroutines over 3 TLS connections (two rounds of SLEEP(0.3)).
    $pool = null;
    [$out['pool'], $out['pool_seconds']] = concurrently(6, function ($i) use ($port, $ca, &$pool) {
        $pool ??= new Swoole\Database\PDOPool((new Swoole\Database\PDOConfig())->withHost('127.0.0.1')
            ->withPort($port)->withDbname('information_schema')->withPassword('')
            ->withOptions([PDO::MYSQL_ATTR_SSL_CA => $ca, PDO::MYSQL_ATTR_SSL_VERIFY_SERVER_CERT => true]), 3);
        $pdo = $pool->get();
        $cipher = $pdo->query("SHOW SESSION STATUS LIKE 'Ssl_cipher'")->fetch(PDO::FETCH_NUM)[1];
        $pdo->query('SELECT SLEEP(0.3)')->fetchAll();
        $pool->put($pdo);
        return ['cipher' => $cipher, 'i' => $i];
    });
    // Without TLS options: refused (require_secure_transport) or, where the server lets it in (it
    // does with --skip-grant-tables), unencrypted: either way the ciphers above are the TLS's.
    [$out['plain']] = concurrently(1, function () use ($dsn) {
        $pdo = new PDO($dsn, 'root', '', [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]);
        return ['cipher' => $pdo->query("SHOW SESSION STATUS LIKE 'Ssl_cipher'")->fetch(PDO::FETCH_NUM)[1]];
    });
} elseif ($mode === 'redis') {
    // Three coroutines block in BLPOP on their own connections; a fourth pushes after 0.2 s.
    [$out['blpop'], $out['blpop_seconds']] = concurrently(4, function ($i) use ($port) {
        $redis = new Redis();
        $redis->connect('127.0.0.1', $port);
        $key = 'gust:conf:' . getmypid() . ":$i";
        if ($i < 3) {
            return $redis->blPop([$key], 3)[1] ?? null;
        }
        usleep(200000);
        foreach ([2, 1, 0] as $j) $redis->rPush('gust:conf:' . getmypid() . ":$j", "v$j");
        return $redis->ping();
    });
}
echo json_encode($out), "\n";
