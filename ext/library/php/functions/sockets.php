<?php
// SWOOLE_HOOK_SOCKETS: while the flag is on, the sockets extension's socket_xxx() functions run
// swoole_socket_xxx() below inside coroutines (ext/hooks/hook_sockets.cc forwards the call), so
// the sockets they make and take are Swoole\Coroutine\Socket objects, as in Swoole. Errors keep
// PHP's shape: false and the error code in the socket's errCode (socket_last_error()).

use Swoole\Coroutine\Socket;

/** @internal Per-socket state: the non-blocking flag with the timeouts it replaced, an imported stream. */
function swoole_socket_state(Socket $socket): \ArrayObject
{
    static $states = null;
    $states ??= new \WeakMap();
    return $states[$socket] ??= new \ArrayObject();
}

function swoole_socket_create(int $domain, int $type, int $protocol): Socket|false
{
    try {
        return new Socket($domain, $type, $protocol);
    } catch (Socket\Exception $e) {
        return false;
    }
}

function swoole_socket_create_listen(int $port, int $backlog = 128): Socket|false
{
    $socket = swoole_socket_create(AF_INET, SOCK_STREAM, SOL_TCP);
    if ($socket === false || !$socket->bind('0.0.0.0', $port) || !$socket->listen($backlog)) {
        return false;
    }
    return $socket;
}

function swoole_socket_create_pair(int $domain, int $type, int $protocol, &$pair): bool
{
    $sockets = swoole_coroutine_socketpair($domain, $type, $protocol);
    if ($sockets === false) {
        return false;
    }
    $pair = $sockets;
    return true;
}

function swoole_socket_import_stream($stream): Socket|false
{
    $socket = Socket::import($stream);
    if ($socket !== false) {
        // socket_close() closes the stream as well, as PHP's does.
        swoole_socket_state($socket)['stream'] = $stream;
    }
    return $socket;
}

function swoole_socket_connect(Socket $socket, string $address, int $port = 0): bool
{
    return $socket->connect($address, $port);
}

function swoole_socket_bind(Socket $socket, string $address, int $port = 0): bool
{
    return $socket->bind($address, $port);
}

function swoole_socket_listen(Socket $socket, int $backlog = 0): bool
{
    return $socket->listen($backlog);
}

function swoole_socket_accept(Socket $socket): Socket|false
{
    return $socket->accept();
}

function swoole_socket_read(Socket $socket, int $length, int $mode = PHP_BINARY_READ): string|false
{
    return $mode === PHP_NORMAL_READ ? $socket->recvLine($length) : $socket->recv($length);
}

/** @internal $data cut to $length; as in Swoole, a $length of 0 (or less) sends all of it. */
function swoole_socket_cut(string $data, ?int $length): string
{
    return $length === null || $length <= 0 || $length >= strlen($data) ? $data : substr($data, 0, $length);
}

function swoole_socket_write(Socket $socket, string $data, ?int $length = null): int|false
{
    return $socket->send(swoole_socket_cut($data, $length));
}

function swoole_socket_recv(Socket $socket, &$data, int $length, int $flags): int|false
{
    if ($flags & MSG_PEEK) {
        $got = $socket->peek($length);
    } elseif ($flags & MSG_WAITALL) {
        $got = $socket->recvAll($length);
    } else {
        $got = $socket->recv($length);
    }
    if ($got === false || $got === '') {
        $data = null;  // PHP's socket_recv() leaves null at the end of the stream and on errors
        return $got === false ? false : 0;
    }
    $data = $got;
    return strlen($got);
}

function swoole_socket_send(Socket $socket, string $data, int $length, int $flags): int|false
{
    return $socket->send(swoole_socket_cut($data, $length));
}

function swoole_socket_recvfrom(Socket $socket, &$data, int $length, int $flags, &$address, &$port = null): int|false
{
    $got = $socket->recvfrom($peer);
    if ($got === false) {
        return false;
    }
    $data = substr($got, 0, $length);  // a datagram longer than $length is cut, as recvfrom(2) does
    $address = $peer['address'] ?? '';
    if (isset($peer['port'])) {
        $port = $peer['port'];
    }
    return strlen($data);
}

function swoole_socket_sendto(Socket $socket, string $data, int $length, int $flags, string $address, ?int $port = null): int|false
{
    return $socket->sendto($address, $port ?? 0, swoole_socket_cut($data, $length));
}

function swoole_socket_set_option(Socket $socket, int $level, int $option, $value): bool
{
    return $socket->setOption($level, $option, $value);
}

function swoole_socket_get_option(Socket $socket, int $level, int $option): array|int|false
{
    return $socket->getOption($level, $option);
}

// Coroutine\Socket has no non-blocking mode: a read or write that must wait gives up at once
// (ETIMEDOUT), which is what the timeouts below do; socket_set_block() puts the old ones back.
function swoole_socket_set_nonblock(Socket $socket): bool
{
    if ($socket->isClosed()) {
        return false;
    }
    $state = swoole_socket_state($socket);
    if (!isset($state['timeouts'])) {
        $state['timeouts'] = [$socket->getOption(SOL_SOCKET, SO_RCVTIMEO), $socket->getOption(SOL_SOCKET, SO_SNDTIMEO)];
        $socket->setProtocol(['read_timeout' => 0.001, 'write_timeout' => 0.001]);
    }
    return true;
}

function swoole_socket_set_block(Socket $socket): bool
{
    if ($socket->isClosed()) {
        return false;
    }
    $state = swoole_socket_state($socket);
    if (isset($state['timeouts'])) {
        [$read, $write] = $state['timeouts'];
        unset($state['timeouts']);
        $socket->setOption(SOL_SOCKET, SO_RCVTIMEO, $read);
        $socket->setOption(SOL_SOCKET, SO_SNDTIMEO, $write);
    }
    return true;
}

function swoole_socket_getpeername(Socket $socket, &$address, &$port = null): bool
{
    return swoole_socket_name($socket->getpeername(), $address, $port);
}

function swoole_socket_getsockname(Socket $socket, &$address, &$port = null): bool
{
    return swoole_socket_name($socket->getsockname(), $address, $port);
}

/** @internal */
function swoole_socket_name(array|false $name, &$address, &$port): bool
{
    if ($name === false) {
        return false;
    }
    $address = $name['address'] ?? '';
    if (isset($name['port'])) {
        $port = $name['port'];
    }
    return true;
}

function swoole_socket_shutdown(Socket $socket, int $mode = 2): bool
{
    return $socket->shutdown($mode);
}

function swoole_socket_close(Socket $socket): void
{
    $state = swoole_socket_state($socket);
    $socket->close();
    if (isset($state['stream']) && is_resource($state['stream'])) {
        fclose($state['stream']);
    }
    unset($state['stream']);
}

function swoole_socket_last_error(?Socket $socket = null): int
{
    return $socket?->errCode ?? 0;
}

function swoole_socket_clear_error(?Socket $socket = null): void
{
    if ($socket) {
        $socket->errCode = 0;
        $socket->errMsg = '';
    }
}
