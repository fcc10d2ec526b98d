<?php
declare(strict_types=1);

namespace Swoole\Database;

/**
 * A PDO connection that replaces itself when the server drops it: a call that fails because the
 * connection is gone reconnects and runs once more, unless a transaction was open (its work died
 * with the connection, so the caller must hear of it; the next call reconnects).
 * The connection is put in exception mode, which is how a lost connection is seen.
 *
 * @method \PDO __getObject()
 */
class PDOProxy extends ObjectProxy
{
    /** @var \PDO */
    protected $__object;

    /** @var callable */
    protected $constructor;

    /** setAttribute() calls, replayed on a new connection. */
    protected array $setAttributeContext = [];

    /** How many times the connection was replaced (statements compare it to know). */
    protected int $round = 0;

    /** Transactions begun through beginTransaction() and not yet ended. */
    protected int $inTransaction = 0;

    /** The connection died and was not replaced yet; the next call reconnects first. */
    protected bool $lost = false;

    public function __construct(callable $constructor)
    {
        parent::__construct($constructor());
        $this->__object->setAttribute(\PDO::ATTR_ERRMODE, \PDO::ERRMODE_EXCEPTION);
        $this->constructor = $constructor;
    }

    public function __call(string $name, array $arguments)
    {
        if ($this->lost) {
            if (strcasecmp($name, 'rollBack') === 0) {
                // The server rolled the transaction back when the connection died: nothing to send.
                return true;
            }
            $this->reconnect();
        }
        $inTransaction = $this->inTransaction > 0 || $this->__object->inTransaction();
        try {
            $ret = $this->__object->{$name}(...$arguments);
        } catch (\PDOException $e) {
            if (!DetectsLostConnections::causedByLostConnection($e)) {
                throw $e;
            }
            if ($inTransaction) {
                $this->markAsLost();
                throw $e;
            }
            $this->reconnect();
            $ret = $this->__object->{$name}(...$arguments);
        }
        if (strcasecmp($name, 'beginTransaction') === 0) {
            $this->inTransaction++;
        } elseif ((strcasecmp($name, 'commit') === 0 || strcasecmp($name, 'rollBack') === 0) && $this->inTransaction > 0) {
            $this->inTransaction--;
        }
        if ($ret instanceof \PDOStatement) {
            $ret = new PDOStatementProxy($ret, $this);
        }
        return $ret;
    }

    public function getRound(): int
    {
        return $this->round;
    }

    /** Replaces the connection with a new one and replays the attributes set on the old one. */
    public function reconnect(): void
    {
        $this->lost = true;  // stays set when connecting throws: the next call tries again
        \Swoole\ObjectProxy::__construct(($this->constructor)());
        $this->lost = false;
        $this->inTransaction = 0;
        $this->__object->setAttribute(\PDO::ATTR_ERRMODE, \PDO::ERRMODE_EXCEPTION);
        $this->round++;
        foreach ($this->setAttributeContext as $attribute => $value) {
            $this->__object->setAttribute($attribute, $value);
        }
    }

    public function setAttribute(int $attribute, mixed $value): bool
    {
        $this->setAttributeContext[$attribute] = $value;
        return $this->__object->setAttribute($attribute, $value);
    }

    public function inTransaction(): bool
    {
        return $this->inTransaction > 0;
    }

    /** Forgets the transaction count (for a pool that rolled back by hand). */
    public function reset(): void
    {
        $this->inTransaction = 0;
    }

    public function isLost(): bool
    {
        return $this->lost;
    }

    /** The connection died inside a transaction: the next call reconnects first. */
    public function markAsLost(): void
    {
        $this->lost = true;
        $this->inTransaction = 0;
    }
}
