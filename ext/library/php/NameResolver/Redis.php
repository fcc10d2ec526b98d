<?php
declare(strict_types=1);

namespace Swoole\NameResolver;

use Swoole\NameResolver;

/**
 * A registry kept in Redis (phpredis): each service is a set of "ip:port" members under
 * prefix . name. Connects per call, so that it works in and out of coroutines.
 */
class Redis extends NameResolver
{
    private string $serverHost;

    private int $serverPort;

    public function __construct($url, $prefix = 'swoole:service:')
    {
        parent::__construct($url, $prefix);
        $this->serverHost = $this->info['ip'];
        $this->serverPort = (int) ($this->info['port'] ?? 6379);
    }

    protected function connect()
    {
        $redis = new \Redis();
        try {
            if ($redis->connect($this->serverHost, $this->serverPort) === false) {
                return false;
            }
        } catch (\RedisException) {
            return false;
        }
        return $redis;
    }

    public function join(string $name, string $ip, int $port, array $options = []): bool
    {
        $redis = $this->connect();
        return $redis !== false && $redis->sAdd($this->prefix . $name, $ip . ':' . $port) !== false;
    }

    public function leave(string $name, string $ip, int $port): bool
    {
        $redis = $this->connect();
        return $redis !== false && $redis->sRem($this->prefix . $name, $ip . ':' . $port) !== false;
    }

    public function getCluster(string $name): ?Cluster
    {
        $redis = $this->connect();
        if ($redis === false) {
            return null;
        }
        $members = $redis->sMembers($this->prefix . $name);
        if (!$members) {
            return null;
        }
        $cluster = new Cluster();
        foreach ($members as $member) {
            [$host, $port] = explode(':', $member, 2) + [1 => '0'];
            $cluster->add($host, (int) $port);
        }
        return $cluster;
    }
}
