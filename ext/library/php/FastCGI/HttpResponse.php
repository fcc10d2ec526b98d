<?php
namespace Swoole\FastCGI;

/** A CGI answer read as HTTP: the Status header, the other headers, then the body. */
class HttpResponse extends Response
{
    protected $statusCode = 200;

    protected $reasonPhrase = 'OK';

    /** Header names as the script sent them; a name sent twice keeps its last value. */
    protected $headers = [];

    /** Lower-case name => the name as in $headers. */
    protected $headerNames = [];

    protected $setCookieHeaderLines = [];

    public function __construct(array $records = [])
    {
        parent::__construct($records);
        $end = strpos($this->body, "\r\n\r\n");
        $sep = 4;
        if ($end === false && ($end = strpos($this->body, "\n\n")) !== false) {
            $sep = 2;
        }
        if ($end === false) {
            return;  // no header block: the whole output is the body
        }
        $head = substr($this->body, 0, $end);
        $this->body = (string) substr($this->body, $end + $sep);
        foreach (preg_split('/\r?\n/', $head) as $line) {
            $colon = strpos($line, ':');
            if ($colon === false) {
                continue;
            }
            $name = trim(substr($line, 0, $colon));
            $value = trim(substr($line, $colon + 1));
            $lc = strtolower($name);
            if ($lc === 'status') {
                $this->statusCode = (int) $value;
                $space = strpos($value, ' ');
                $this->reasonPhrase = $space === false ? self::reasonFor($this->statusCode) : substr($value, $space + 1);
            } elseif ($lc === 'set-cookie') {
                $this->setCookieHeaderLines[] = $value;
            } else {
                $this->withHeader($name, $value);
            }
        }
    }

    /** The usual phrase for a status php-fpm sent without one ("Status: 418"). */
    private static function reasonFor(int $code): string
    {
        static $phrases = [
            100 => 'Continue', 101 => 'Switching Protocols', 200 => 'OK', 201 => 'Created', 202 => 'Accepted',
            204 => 'No Content', 206 => 'Partial Content', 301 => 'Moved Permanently', 302 => 'Found',
            303 => 'See Other', 304 => 'Not Modified', 307 => 'Temporary Redirect', 308 => 'Permanent Redirect',
            400 => 'Bad Request', 401 => 'Unauthorized', 403 => 'Forbidden', 404 => 'Not Found',
            405 => 'Method Not Allowed', 406 => 'Not Acceptable', 408 => 'Request Timeout', 409 => 'Conflict',
            410 => 'Gone', 411 => 'Length Required', 413 => 'Payload Too Large', 415 => 'Unsupported Media Type',
            418 => "I'm a teapot", 422 => 'Unprocessable Entity', 429 => 'Too Many Requests',
            500 => 'Internal Server Error', 501 => 'Not Implemented', 502 => 'Bad Gateway',
            503 => 'Service Unavailable', 504 => 'Gateway Timeout',
        ];
        return $phrases[$code] ?? '';
    }

    public function getStatusCode(): int
    {
        return $this->statusCode;
    }

    public function withStatusCode(int $statusCode): static
    {
        $this->statusCode = $statusCode;
        return $this;
    }

    public function getReasonPhrase(): string
    {
        return $this->reasonPhrase;
    }

    public function withReasonPhrase(string $reasonPhrase): static
    {
        $this->reasonPhrase = $reasonPhrase;
        return $this;
    }

    /** Case-insensitive lookup. */
    public function getHeader(string $name): ?string
    {
        $key = $this->headerNames[strtolower($name)] ?? null;
        return $key === null ? null : $this->headers[$key];
    }

    public function getHeaders(): array
    {
        return $this->headers;
    }

    public function withHeader(string $name, string $value): static
    {
        $lc = strtolower($name);
        if (isset($this->headerNames[$lc])) {
            unset($this->headers[$this->headerNames[$lc]]);
        }
        $this->headerNames[$lc] = $name;
        $this->headers[$name] = $value;
        return $this;
    }

    public function withHeaders(array $headers): static
    {
        foreach ($headers as $name => $value) {
            $this->withHeader((string) $name, (string) $value);
        }
        return $this;
    }

    /** @return string[] each Set-Cookie value, in order */
    public function getSetCookieHeaderLines(): array
    {
        return $this->setCookieHeaderLines;
    }

    public function withSetCookieHeaderLine(string $value): static
    {
        $this->setCookieHeaderLines[] = $value;
        return $this;
    }
}
