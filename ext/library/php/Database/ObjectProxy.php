<?php
declare(strict_types=1);

namespace Swoole\Database;

/**
 * The base of the database proxies. A copy would share the connection, and two users on one
 * connection interleave their packets, so cloning is refused.
 */
class ObjectProxy extends \Swoole\ObjectProxy
{
    public function __clone()
    {
        throw new \Error('Trying to clone an uncloneable database proxy object');
    }
}
