<?php
declare(strict_types=1);

namespace Swoole\Database;

/**
 * A statement of a MysqliProxy. When a method that talks to the server fails because the
 * connection is gone (and no transaction is open), the statement is prepared again on a new
 * connection, its bindings and attributes replayed, and the method run again (up to twice).
 */
class MysqliStatementProxy extends ObjectProxy
{
    public const IO_METHOD_REGEX = '/^(close|execute|fetch|prepare)$/i';

    /** @var \mysqli_stmt */
    protected $__object;

    protected ?string $queryString;

    protected MysqliProxy $parent;

    protected int $parentRound;

    protected array $attrSetContext = [];

    protected array $bindParamContext = [];

    protected array $bindResultContext = [];

    public function __construct(\mysqli_stmt $object, ?string $queryString, MysqliProxy $parent)
    {
        parent::__construct($object);
        $this->queryString = $queryString;
        $this->parent = $parent;
        $this->parentRound = $parent->getRound();
    }

    public function __call(string $name, array $arguments)
    {
        for ($tries = 3; ; $tries--) {
            $exception = null;
            try {
                $ret = @$this->__object->{$name}(...$arguments);
            } catch (\mysqli_sql_exception $exception) {
                $ret = false;
            }
            if ($ret !== false) {
                break;
            }
            $errno = $exception ? $exception->getCode() : $this->__object->errno;
            $retry = $tries > 1 && !$this->parent->inTransaction() && preg_match(static::IO_METHOD_REGEX, $name)
                && in_array($errno, MysqliProxy::IO_ERRORS, true);
            if (!$retry) {
                if ($exception) {
                    throw $exception;
                }
                return false;
            }
            $this->renew();
        }
        if (strcasecmp($name, 'prepare') === 0) {
            $this->queryString = $arguments[0];
        }
        return $ret;
    }

    /** Prepares the statement again on the parent's current (or a new) connection. */
    private function renew(): void
    {
        if ($this->parent->getRound() === $this->parentRound) {
            $this->parent->reconnect();  // else another statement already did
        }
        $this->parentRound = $this->parent->getRound();
        $mysqli = $this->parent->__getObject();
        $statement = $this->queryString !== null ? $mysqli->prepare($this->queryString) : $mysqli->stmt_init();
        if ($statement === false) {
            throw new MysqliException($mysqli->error, $mysqli->errno);
        }
        $this->__object = $statement;
        foreach ($this->attrSetContext as $attribute => $value) {
            $this->__object->attr_set($attribute, $value);
        }
        if ($this->bindParamContext) {
            $this->__object->bind_param($this->bindParamContext[0], ...$this->bindParamContext[1]);
        }
        if ($this->bindResultContext) {
            $this->__object->bind_result(...$this->bindResultContext);
        }
    }

    public function attr_set(int $attribute, int $value): bool
    {
        $this->attrSetContext[$attribute] = $value;
        return $this->__object->attr_set($attribute, $value);
    }

    public function bind_param(string $types, mixed &...$vars): bool
    {
        $this->bindParamContext = [$types, &$vars];
        return $this->__object->bind_param($types, ...$vars);
    }

    public function bind_result(mixed &...$vars): bool
    {
        $this->bindResultContext = &$vars;
        return $this->__object->bind_result(...$vars);
    }
}
