<?php
declare(strict_types=1);

namespace Swoole\Database;

/** Where and how MysqliPool connects; every with*() returns the same object for chaining. */
class MysqliConfig
{
    protected string $host = '127.0.0.1';

    protected int $port = 3306;

    protected ?string $unixSocket = null;

    protected string $dbname = 'test';

    protected string $charset = 'utf8mb4';

    protected string $username = 'root';

    protected string $password = 'root';

    /** mysqli::options() settings (MYSQLI_OPT_* => value), applied before connecting. */
    protected array $options = [];

    /** mysqli::real_connect() flags (MYSQLI_CLIENT_SSL, ...). */
    protected int $flags = 0;

    public function getHost(): string
    {
        return $this->host;
    }

    public function withHost(string $host): self
    {
        $this->host = $host;
        return $this;
    }

    public function getPort(): int
    {
        return $this->port;
    }

    public function withPort(int $port): self
    {
        $this->port = $port;
        return $this;
    }

    public function getUnixSocket(): ?string
    {
        return $this->unixSocket;
    }

    public function withUnixSocket(?string $unixSocket): self
    {
        $this->unixSocket = $unixSocket;
        return $this;
    }

    public function getDbname(): string
    {
        return $this->dbname;
    }

    public function withDbname(string $dbname): self
    {
        $this->dbname = $dbname;
        return $this;
    }

    public function getCharset(): string
    {
        return $this->charset;
    }

    public function withCharset(string $charset): self
    {
        $this->charset = $charset;
        return $this;
    }

    public function getUsername(): string
    {
        return $this->username;
    }

    public function withUsername(string $username): self
    {
        $this->username = $username;
        return $this;
    }

    public function getPassword(): string
    {
        return $this->password;
    }

    public function withPassword(string $password): self
    {
        $this->password = $password;
        return $this;
    }

    public function getOptions(): array
    {
        return $this->options;
    }

    public function withOptions(array $options): self
    {
        $this->options = $options;
        return $this;
    }

    public function getFlags(): int
    {
        return $this->flags;
    }

    public function withFlags(int $flags): self
    {
        $this->flags = $flags;
        return $this;
    }
}
