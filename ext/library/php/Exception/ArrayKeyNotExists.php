<?php
declare(strict_types=1);

namespace Swoole\Exception;

/**
 * Thrown by Swoole\ArrayObject::get() (and first()/last() through it) for a key the array does not
 * hold; the message is the key.
 */
class ArrayKeyNotExists extends \RuntimeException
{
}
