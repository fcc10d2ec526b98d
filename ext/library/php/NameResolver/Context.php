<?php
declare(strict_types=1);

namespace Swoole\NameResolver;

/**
 * The state of one name lookup through swoole_name_resolver_lookup(): the address family asked
 * for, whether the answer may carry a port ("ip:port"), and the nodes of a Cluster not handed out
 * yet (the next lookup with this context takes the next node: fail-over).
 */
class Context
{
    private int $family;

    private bool $withPort;

    private ?Cluster $cluster = null;

    public function __construct(int $family = 2 /* AF_INET */, bool $withPort = false)
    {
        $this->family = $family;
        $this->withPort = $withPort;
    }
}
