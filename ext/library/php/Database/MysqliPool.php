<?php
declare(strict_types=1);

namespace Swoole\Database;

use Swoole\ConnectionPool;

/**
 * A pool of mysqli connections, each wrapped in a MysqliProxy (which reconnects a lost connection).
 *
 * @method MysqliProxy|false get(float $timeout = -1)
 */
class MysqliPool extends ConnectionPool
{
    protected MysqliConfig $config;

    public function __construct(MysqliConfig $config, int $size = self::DEFAULT_SIZE)
    {
        $this->config = $config;
        // Static: a closure holding $this would make a cycle through the pool's channel, which holds the
        // connections (and their proxies hold the closure).
        parent::__construct(static fn () => self::connect($config), $size, MysqliProxy::class);
    }

    private static function connect(MysqliConfig $config): \mysqli
    {
        $mysqli = new \mysqli();
        foreach ($config->getOptions() as $option => $value) {
            $mysqli->options($option, $value);
        }
        try {
            $ok = @$mysqli->real_connect(
                $config->getHost(),
                $config->getUsername(),
                $config->getPassword(),
                $config->getDbname(),
                $config->getPort(),
                $config->getUnixSocket(),
                $config->getFlags()
            );
        } catch (\mysqli_sql_exception $e) {
            throw new MysqliException($e->getMessage(), $e->getCode(), $e);
        }
        if (!$ok || $mysqli->connect_errno) {
            throw new MysqliException((string) $mysqli->connect_error, (int) $mysqli->connect_errno);
        }
        if ($config->getCharset() !== '') {
            $mysqli->set_charset($config->getCharset());
        }
        return $mysqli;
    }
}
