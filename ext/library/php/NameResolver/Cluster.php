<?php
declare(strict_types=1);

namespace Swoole\NameResolver;

/** The nodes of one service; pop() hands them out in random order, each once. */
class Cluster
{
    private array $nodes = [];

    public function add(string $host, int $port, int $weight = 100): void
    {
        if (!filter_var($host, FILTER_VALIDATE_IP)) {
            throw new Exception("Bad IP Address [{$host}]");
        }
        if ($port < 0 || $port > 65535) {
            throw new Exception("Bad Port [{$port}]");
        }
        if ($weight < 0 || $weight > 100) {
            throw new Exception("Bad Weight [{$weight}]");
        }
        $this->nodes[] = ['host' => $host, 'port' => $port, 'weight' => $weight];
    }

    /** @return array|false a node ['host' => string, 'port' => int, 'weight' => int], or false when none is left */
    public function pop()
    {
        if (!$this->nodes) {
            return false;
        }
        $key = array_rand($this->nodes);
        $node = $this->nodes[$key];
        unset($this->nodes[$key]);
        return $node;
    }

    public function count(): int
    {
        return count($this->nodes);
    }
}
