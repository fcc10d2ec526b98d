<?php
declare(strict_types=1);

namespace Swoole\NameResolver;

/** A registry that failed to answer, or a node with a bad address. */
class Exception extends \Swoole\Exception
{
}
