<?php
namespace Swoole\FastCGI;

/** What requests and responses share: name-value params, a body and an error text (stderr). */
class Message
{
    protected $params = [];

    protected $body = '';

    protected $error = '';

    public function getParam(string $name): ?string
    {
        return $this->params[$name] ?? null;
    }

    public function withParam(string $name, string $value): static
    {
        $this->params[$name] = $value;
        return $this;
    }

    public function withoutParam(string $name): static
    {
        unset($this->params[$name]);
        return $this;
    }

    public function getParams(): array
    {
        return $this->params;
    }

    public function withParams(array $params): static
    {
        foreach ($params as $name => $value) {
            $this->params[(string) $name] = (string) $value;
        }
        return $this;
    }

    public function getBody(): string
    {
        return $this->body;
    }

    public function withBody($body): static
    {
        $this->body = (string) $body;
        return $this;
    }

    public function getError(): string
    {
        return $this->error;
    }

    public function withError(string $error): static
    {
        $this->error = $error;
        return $this;
    }
}
