<?php
declare(strict_types=1);

namespace Swoole\Database;

/** A mysqli failure reported by the pool or its proxies (the message and code are mysqli's). */
class MysqliException extends \Exception
{
}
