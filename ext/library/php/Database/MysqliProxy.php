<?php
declare(strict_types=1);

namespace Swoole\Database;

/**
 * A mysqli connection that replaces itself when the server drops it: a method that talks to the
 * server and fails with a connection error (2002, 2006, 2013) reconnects and runs again, up to
 * twice, unless a transaction is open (its work died with the connection). mysqli's own report
 * mode is kept: failures throw mysqli_sql_exception or return false as the caller set it up.
 *
 * @method \mysqli __getObject()
 */
class MysqliProxy extends ObjectProxy
{
    /** The methods that talk to the server. */
    public const IO_METHOD_REGEX = '/^(autocommit|begin_transaction|change_user|close|commit|execute_query|kill|multi_query|ping|prepare|query|real_connect|real_query|reap_async_query|refresh|release_savepoint|rollback|savepoint|select_db|send_query|set_charset|ssl_set)$/i';

    public const IO_ERRORS = [2002, 2006, 2013];

    /** @var \mysqli */
    protected $__object;

    /** @var callable */
    protected $constructor;

    protected int $round = 0;

    protected string $charsetContext = '';

    protected array $setOptContext = [];

    protected array $changeUserContext = [];

    protected bool $inTransaction = false;

    public function __construct(callable $constructor)
    {
        parent::__construct($constructor());
        $this->constructor = $constructor;
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
            $retry = $tries > 1 && !$this->inTransaction && preg_match(static::IO_METHOD_REGEX, $name)
                && in_array($errno, static::IO_ERRORS, true);
            if (!$retry) {
                if ($exception) {
                    if (in_array($errno, static::IO_ERRORS, true)) {
                        $this->inTransaction = false;  // it died with the connection
                    }
                    throw $exception;
                }
                return false;
            }
            $this->reconnect();
        }
        if (strcasecmp($name, 'begin_transaction') === 0) {
            $this->inTransaction = true;
        } elseif (strcasecmp($name, 'commit') === 0 || strcasecmp($name, 'rollback') === 0) {
            $this->inTransaction = false;
        } elseif (strcasecmp($name, 'prepare') === 0) {
            $ret = new MysqliStatementProxy($ret, $arguments[0], $this);
        } elseif (strcasecmp($name, 'stmt_init') === 0) {
            $ret = new MysqliStatementProxy($ret, null, $this);
        }
        return $ret;
    }

    public function getRound(): int
    {
        return $this->round;
    }

    public function inTransaction(): bool
    {
        return $this->inTransaction;
    }

    /** Replaces the connection and replays set_charset(), options() and change_user(). */
    public function reconnect(): void
    {
        \Swoole\ObjectProxy::__construct(($this->constructor)());
        $this->round++;
        $this->inTransaction = false;
        if ($this->charsetContext !== '') {
            $this->__object->set_charset($this->charsetContext);
        }
        foreach ($this->setOptContext as $option => $value) {
            $this->__object->options($option, $value);
        }
        if ($this->changeUserContext) {
            $this->__object->change_user(...$this->changeUserContext);
        }
    }

    public function options(int $option, mixed $value): bool
    {
        $this->setOptContext[$option] = $value;
        return $this->__object->options($option, $value);
    }

    public function set_opt(int $option, mixed $value): bool
    {
        return $this->options($option, $value);
    }

    public function set_charset(string $charset): bool
    {
        $this->charsetContext = $charset;
        return $this->__call('set_charset', [$charset]);
    }

    public function change_user(string $username, string $password, ?string $database): bool
    {
        $this->changeUserContext = [$username, $password, $database];
        return $this->__call('change_user', [$username, $password, $database]);
    }
}
