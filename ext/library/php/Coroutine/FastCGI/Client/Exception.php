<?php
namespace Swoole\Coroutine\FastCGI\Client;

/** A FastCGI exchange that failed; the code is the socket error (SOCKET_ETIMEDOUT, SOCKET_ECONNRESET, ...). */
class Exception extends \Swoole\Exception
{
}
