<?php
declare(strict_types=1);

namespace Swoole\Database;

/**
 * A statement of a PDOProxy. When execute() fails because the connection is gone (and no
 * transaction was open), the statement is prepared again on a new connection, with its
 * attributes, fetch mode and bindings replayed, and executed once more.
 */
class PDOStatementProxy extends ObjectProxy
{
    /** @var \PDOStatement */
    protected $__object;

    protected PDOProxy $parent;

    protected int $parentRound;

    protected array $setAttributeContext = [];

    protected ?array $setFetchModeContext = null;

    protected array $bindParamContext = [];

    protected array $bindColumnContext = [];

    protected array $bindValueContext = [];

    public function __construct(\PDOStatement $object, PDOProxy $parent)
    {
        parent::__construct($object);
        $this->parent = $parent;
        $this->parentRound = $parent->getRound();
    }

    public function __call(string $name, array $arguments)
    {
        try {
            return $this->__object->{$name}(...$arguments);
        } catch (\PDOException $e) {
            // Only execute() starts over: the other methods read a result that died with the connection.
            if (strcasecmp($name, 'execute') !== 0 || $this->parent->inTransaction()
                || !DetectsLostConnections::causedByLostConnection($e)) {
                throw $e;
            }
        }
        if ($this->parent->getRound() === $this->parentRound) {
            $this->parent->reconnect();  // else another statement already did
        }
        $this->parentRound = $this->parent->getRound();
        $this->__object = $this->parent->__getObject()->prepare($this->__object->queryString);
        foreach ($this->setAttributeContext as $attribute => $value) {
            $this->__object->setAttribute($attribute, $value);
        }
        if ($this->setFetchModeContext !== null) {
            $this->__object->setFetchMode(...$this->setFetchModeContext);
        }
        foreach ($this->bindParamContext as $parameter => $item) {
            $this->__object->bindParam($parameter, $item[0], ...array_slice($item, 1));
        }
        foreach ($this->bindColumnContext as $column => $item) {
            $this->__object->bindColumn($column, $item[0], ...array_slice($item, 1));
        }
        foreach ($this->bindValueContext as $parameter => $item) {
            $this->__object->bindValue($parameter, ...$item);
        }
        return $this->__object->{$name}(...$arguments);
    }

    public function setAttribute(int $attribute, mixed $value): bool
    {
        $this->setAttributeContext[$attribute] = $value;
        return $this->__object->setAttribute($attribute, $value);
    }

    public function setFetchMode(int $mode, ...$args): bool
    {
        $this->setFetchModeContext = func_get_args();
        return $this->__object->setFetchMode(...$this->setFetchModeContext);
    }

    public function bindParam(int|string $param, mixed &$var, int $type = \PDO::PARAM_STR, int $maxLength = 0, mixed $driverOptions = null): bool
    {
        $this->bindParamContext[$param] = [&$var, $type, $maxLength, $driverOptions];
        return $this->__object->bindParam($param, $var, $type, $maxLength, $driverOptions);
    }

    public function bindColumn(int|string $column, mixed &$var, int $type = \PDO::PARAM_STR, int $maxLength = 0, mixed $driverOptions = null): bool
    {
        $this->bindColumnContext[$column] = [&$var, $type, $maxLength, $driverOptions];
        return $this->__object->bindColumn($column, $var, $type, $maxLength, $driverOptions);
    }

    public function bindValue(int|string $param, mixed $value, int $type = \PDO::PARAM_STR): bool
    {
        $this->bindValueContext[$param] = [$value, $type];
        return $this->__object->bindValue($param, $value, $type);
    }
}
