<?php
declare(strict_types=1);

namespace Swoole\Database;

use Swoole\ConnectionPool;

/**
 * A pool of PDO connections, each wrapped in a PDOProxy (which reconnects a lost connection).
 *
 * @method PDOProxy|false get(float $timeout = -1)
 */
class PDOPool extends ConnectionPool
{
    protected PDOConfig $config;

    public function __construct(PDOConfig $config, int $size = self::DEFAULT_SIZE)
    {
        $this->config = $config;
        // Static: a closure holding $this would make a cycle through the pool's channel, which holds the
        // connections (and their proxies hold the closure).
        parent::__construct(static fn () => self::connect($config), $size, PDOProxy::class);
    }

    private static function connect(PDOConfig $config): \PDO
    {
        $driver = $config->getDriver();
        $dsn = $driver . ':' . ($config->hasUnixSocket()
            ? 'unix_socket=' . $config->getUnixSocket() . ';'
            : 'host=' . $config->getHost() . ';port=' . $config->getPort() . ';');
        $dsn .= 'dbname=' . $config->getDbname() . ';';
        if ($driver !== PDOConfig::DRIVER_PGSQL) {
            $dsn .= 'charset=' . $config->getCharset();
        }
        return new \PDO($dsn, $config->getUsername(), $config->getPassword(), $config->getOptions());
    }
}
