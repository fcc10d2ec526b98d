<?php
declare(strict_types=1);

namespace Swoole\Database;

use Swoole\ConnectionPool;

/**
 * A pool of phpredis connections (not proxied: a connection that broke is put back as null).
 * put() ends a MULTI or pipeline the borrower left open, and replaces a connection that cannot.
 *
 * @method \Redis|false get(float $timeout = -1)
 */
class RedisPool extends ConnectionPool
{
    protected RedisConfig $config;

    public function __construct(RedisConfig $config, int $size = self::DEFAULT_SIZE)
    {
        $this->config = $config;
        // Static: a closure holding $this would make a cycle through the pool's channel, which holds the
        // connections (and their proxies hold the closure).
        parent::__construct(static fn () => self::connect($config), $size);
    }

    public function put($connection): void
    {
        if ($connection instanceof \Redis && !self::clean($connection)) {
            if ($this->pool !== null) {
                $this->takeBack($connection);  // a foreign one is refused here
            }
            parent::put(null);  // unusable: replaced
            return;
        }
        parent::put($connection);
    }

    private static function connect(RedisConfig $config): \Redis
    {
        $redis = new \Redis();
        $redis->connect(
            $config->getHost(),
            $config->getPort(),
            $config->getTimeout(),
            $config->getReserved() === '' ? null : $config->getReserved(),
            $config->getRetryInterval(),
            $config->getReadTimeout()
        );
        if ($config->getAuth() !== '') {
            $redis->auth($config->getAuth());
        }
        if ($config->getDbIndex() !== 0) {
            $redis->select($config->getDbIndex());
        }
        foreach ($config->getOptions() as $option => $value) {
            $redis->setOption($option, $value);
        }
        return $redis;
    }

    private static function clean(\Redis $redis): bool
    {
        try {
            if ($redis->getMode() !== \Redis::ATOMIC) {
                $redis->discard();
            }
            return $redis->getMode() === \Redis::ATOMIC;
        } catch (\RedisException) {
            return false;
        }
    }
}
