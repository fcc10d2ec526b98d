<?php
declare(strict_types=1);

namespace Swoole;

use Swoole\NameResolver\Cluster;

/**
 * A service registry that names resolve through (swoole_name_resolver_add(), or
 * Coroutine::set(['name_resolver' => [...]])). A subclass says how to join, leave and list a
 * service's nodes; lookup() turns the list into an answer for the resolver chain.
 */
abstract class NameResolver
{
    protected $baseUrl;

    protected $prefix;

    /** The parts of the registry's URL (parse_url()), with 'ip' the address its host resolved to. */
    protected $info;

    private $filter_fn;

    public function __construct($url, $prefix = 'swoole_service_')
    {
        $this->checkServerUrl($url);
        $this->prefix = $prefix;
    }

    abstract public function join(string $name, string $ip, int $port, array $options = []): bool;

    abstract public function leave(string $name, string $ip, int $port): bool;

    abstract public function getCluster(string $name): ?Cluster;

    /** Only names for which $fn returns true are looked up here; others go to the next resolver. */
    public function withFilter(callable $fn): self
    {
        $this->filter_fn = $fn;
        return $this;
    }

    public function getFilter()
    {
        return $this->filter_fn;
    }

    public function hasFilter(): bool
    {
        return !empty($this->filter_fn);
    }

    /**
     * @return null|Cluster|array|string null: not this resolver's name (the next one is asked);
     *         '': the service has no node (the lookup fails); a node ['host', 'port', 'weight'] when
     *         there is one; the Cluster when there are several (the caller may fail over)
     */
    public function lookup(string $name)
    {
        if ($this->hasFilter() && ($this->getFilter())($name) !== true) {
            return null;
        }
        $cluster = $this->getCluster($name);
        if ($cluster === null || $cluster->count() === 0) {
            return '';
        }
        if ($cluster->count() === 1) {
            return $cluster->pop();
        }
        return $cluster;
    }

    /** The registry's address must resolve without the registry itself: its host is resolved here, once. */
    protected function checkServerUrl($url)
    {
        $info = parse_url((string) $url);
        if (empty($info['scheme']) || empty($info['host'])) {
            throw new \RuntimeException("invalid url parameter '{$url}'");
        }
        if (filter_var($info['host'], FILTER_VALIDATE_IP)) {
            $info['ip'] = $info['host'];
        } else {
            $info['ip'] = gethostbyname($info['host']);
            if (!filter_var($info['ip'], FILTER_VALIDATE_IP)) {
                throw new \RuntimeException("Failed to resolve host '{$info['host']}'");
            }
        }
        $baseUrl = $info['scheme'] . '://' . $info['ip'];
        if (!empty($info['port'])) {
            $baseUrl .= ':' . $info['port'];
        }
        if (!empty($info['path'])) {
            $baseUrl .= rtrim($info['path'], '/');
        }
        $this->baseUrl = $baseUrl;
        $this->info = $info;
    }
}
