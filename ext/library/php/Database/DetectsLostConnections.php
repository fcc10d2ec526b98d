<?php
declare(strict_types=1);

namespace Swoole\Database;

/**
 * Tells whether an exception of a database driver means that the connection itself is gone
 * (the server closed it, restarted, or the network failed), so that a fresh connection may
 * succeed where this one failed.
 */
class DetectsLostConnections
{
    /** MySQL client errors: cannot connect (2002), server gone (2006), connection lost during a query (2013). */
    public const MYSQL_LOST_CODES = [2002, 2006, 2013];

    /** Parts of the messages drivers give for a connection that is gone. */
    private const MESSAGES = [
        'server has gone away',
        'lost connection',
        'error while sending',
        'error reading result',
        'is dead or not enabled',
        'no connection to the server',
        'server closed the connection unexpectedly',
        'ssl connection has been closed unexpectedly',
        'connection reset by peer',
        'broken pipe',
        'connection refused',
        'packets out of order',
        'went away',
    ];

    public static function causedByLostConnection(\Throwable $e): bool
    {
        if ($e instanceof \PDOException && is_array($e->errorInfo ?? null)
            && in_array($e->errorInfo[1] ?? null, self::MYSQL_LOST_CODES, true)) {
            return true;
        }
        $message = strtolower($e->getMessage());
        foreach (self::MESSAGES as $needle) {
            if (str_contains($message, $needle)) {
                return true;
            }
        }
        return false;
    }
}
