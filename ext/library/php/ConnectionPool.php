<?php
declare(strict_types=1);

namespace Swoole;

use Swoole\Coroutine\Channel;

/**
 * A fixed-size pool of connections shared by coroutines.
 *
 * Connections are made lazily (get() makes one while the pool is not full and none is free) or
 * all at once by fill(). A connection goes back with put(); put(null) says the borrowed one is
 * broken, and the pool makes a replacement. Gust refuses to take back what it did not lend
 * (a foreign object, or the same connection twice): docs/DIFFERENCES.md.
 */
class ConnectionPool
{
    public const DEFAULT_SIZE = 64;

    protected ?Channel $pool;

    /** @var callable */
    protected $constructor;

    protected int $size;

    protected int $num = 0;

    protected ?string $proxy;

    /** The objects this pool has lent and not got back yet (a WeakMap: a dropped one frees its entry). */
    private \WeakMap $lent;

    /** Lent connections that are not objects (they cannot be told apart, only counted). */
    private int $lentValues = 0;

    public function __construct(callable $constructor, int $size = self::DEFAULT_SIZE, ?string $proxy = null)
    {
        if ($size < 1) {
            throw new \ValueError(sprintf('%s(): Argument #2 ($size) must be greater than 0', __METHOD__));
        }
        $this->pool = new Channel($size);
        $this->constructor = $constructor;
        $this->size = $size;
        $this->proxy = $proxy;
        $this->lent = new \WeakMap();
    }

    /** Makes connections until the pool holds as many as its size. */
    public function fill(): void
    {
        while ($this->pool !== null && $this->size > $this->num) {
            $this->make();
        }
    }

    /**
     * A connection, made now if none is free and the pool is not full yet.
     *
     * @return mixed the connection, or false when none was put back within $timeout seconds
     *               (a negative timeout waits for ever) or the pool was closed meanwhile
     */
    public function get(float $timeout = -1)
    {
        if ($this->pool === null) {
            throw new \RuntimeException('Pool has been closed');
        }
        if ($this->pool->isEmpty() && $this->num < $this->size) {
            $this->make();
        }
        $pool = $this->pool;
        if ($pool === null) {
            return false;
        }
        $connection = $pool->pop($timeout);
        if ($connection === false) {
            return false;
        }
        if (is_object($connection)) {
            $this->lent[$connection] = true;
        } else {
            $this->lentValues++;
        }
        return $connection;
    }

    /**
     * Gives back a connection taken with get(); null says it is broken: the pool forgets it and
     * makes a replacement (when that fails, the next get() tries again and reports why).
     */
    public function put($connection): void
    {
        if ($this->pool === null) {
            return;
        }
        if ($connection === null) {
            $this->num--;
            try {
                $this->make();
            } catch (\Throwable) {
                // The server may be away: the free slot is filled by the next get(), which reports the failure.
            }
            return;
        }
        $this->takeBack($connection);
        $this->pool->push($connection);
    }

    /** Closes the pool: coroutines waiting in get() get false, the free connections are dropped. */
    public function close(): void
    {
        if ($this->pool === null) {
            return;
        }
        $this->pool->close();
        $this->pool = null;
        $this->num = 0;
    }

    /**
     * Records that a lent connection came back; refuses one this pool did not lend (or got back
     * already), since taking it would overfill the pool or hand one connection to two borrowers.
     */
    protected function takeBack(mixed $connection): void
    {
        if (is_object($connection)) {
            if (!isset($this->lent[$connection])) {
                throw new \InvalidArgumentException(sprintf(
                    '%s::put(): the %s was not taken from this pool with get(), or was put back already',
                    static::class,
                    get_class($connection)
                ));
            }
            unset($this->lent[$connection]);
        } elseif ($this->lentValues > 0) {
            $this->lentValues--;
        } else {
            throw new \InvalidArgumentException(sprintf('%s::put(): more connections put back than taken', static::class));
        }
    }

    protected function make(): void
    {
        $this->num++;
        try {
            if ($this->proxy) {
                $connection = new $this->proxy($this->constructor);
            } else {
                $connection = ($this->constructor)();
            }
        } catch (\Throwable $e) {
            $this->num--;
            throw $e;
        }
        if ($this->pool === null) {
            return;  // closed while the connection was being made
        }
        $this->pool->push($connection);
    }
}
