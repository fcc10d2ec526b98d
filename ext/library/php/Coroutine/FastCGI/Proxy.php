<?php
namespace Swoole\Coroutine\FastCGI;

use Swoole\FastCGI\HttpRequest;
use Swoole\FastCGI\HttpResponse;

/**
 * Passes a Swoole\Http\Request to a FastCGI server (php-fpm) and writes the answer to the
 * Swoole\Http\Response; files that are not scripts are sent from the document root directly.
 */
class Proxy
{
    protected $host;

    protected $port;

    protected $timeout = -1;

    protected $documentRoot;

    protected $https = false;

    protected $index = 'index.php';

    protected $params = [];

    protected $addHeaders = [];

    /**
     * @var callable|null|false false means the built-in filter (the method below); storing
     * [$this, 'staticFileFilter'] instead would make every Proxy a reference cycle.
     */
    protected $staticFileFilter = false;

    public function __construct(string $url, string $documentRoot = '/')
    {
        [$this->host, $this->port] = Client::parseUrl($url);
        $this->documentRoot = $documentRoot === '/' ? '' : rtrim($documentRoot, '/');
    }

    public function withTimeout(float $timeout): static
    {
        $this->timeout = $timeout;
        return $this;
    }

    public function withHttps(bool $https): static
    {
        $this->https = $https;
        return $this;
    }

    /** The script a directory URI (ending in '/') runs. */
    public function withIndex(string $index): static
    {
        $this->index = $index;
        return $this;
    }

    public function getParam(string $name): ?string
    {
        return $this->params[$name] ?? null;
    }

    /** An extra FastCGI param for every request. */
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

    /** Extra headers for every request (name => value). */
    public function withAddHeader(array $extraHeaders): static
    {
        $this->addHeaders = $extraHeaders;
        return $this;
    }

    /**
     * fn(HttpRequest $request, Swoole\Http\Response $userResponse): bool — true when it answered the
     * request itself; null turns the static file filter off (everything goes to the FastCGI server).
     */
    public function withStaticFileFilter(?callable $filter): static
    {
        $this->staticFileFilter = $filter;
        return $this;
    }

    /** @param \Swoole\Http\Request $userRequest */
    public function translateRequest($userRequest): HttpRequest
    {
        $server = $userRequest->server ?? [];
        $headers = $userRequest->header ?? [];
        $path = $server['request_uri'] ?? '/';
        $query = $server['query_string'] ?? '';
        $script = str_ends_with($path, '/') ? $path . $this->index : $path;
        $host = $headers['host'] ?? '';
        $colon = strrpos($host, ':');
        $serverName = $colon === false || str_ends_with($host, ']') ? $host : substr($host, 0, $colon);

        $request = (new HttpRequest())
            ->withDocumentRoot($this->documentRoot === '' ? '/' : $this->documentRoot)
            ->withScriptFilename($this->documentRoot . $script)
            ->withScriptName($script)
            ->withMethod($server['request_method'] ?? 'GET')
            ->withUri($query === '' ? $path : "{$path}?{$query}")
            ->withServerProtocol($server['server_protocol'] ?? 'HTTP/1.1')
            ->withRemoteAddr((string) ($server['remote_addr'] ?? 'unknown'))
            ->withRemotePort((int) ($server['remote_port'] ?? 0))
            ->withServerPort((int) ($server['server_port'] ?? 0))
            ->withServerName($serverName === '' ? 'localhost' : $serverName)
            ->withHttps($this->https)
            ->withBody((string) $userRequest->getContent());
        if ($this->https) {
            $request->withScheme('https');
        }
        // A repeated request header arrives as the list of its values: CGI takes them joined.
        $text = fn ($value) => is_array($value) ? implode(', ', $value) : (string) $value;
        $request->withContentType($text($headers['content-type'] ?? ''));
        foreach ($headers as $name => $value) {
            $lc = strtolower((string) $name);
            if ($lc !== 'content-type' && $lc !== 'content-length') {
                $request->withHeader((string) $name, $text($value));
            }
        }
        $request->withHeaders($this->addHeaders);
        return $request->withParams($this->params);
    }

    /** @param \Swoole\Http\Response $userResponse */
    public function translateResponse(HttpResponse $response, $userResponse): void
    {
        $userResponse->status($response->getStatusCode(), $response->getReasonPhrase());
        foreach ($response->getHeaders() as $name => $value) {
            $userResponse->header($name, $value);
        }
        $cookies = $response->getSetCookieHeaderLines();
        if ($cookies) {
            $userResponse->header('Set-Cookie', $cookies);
        }
        $userResponse->end($response->getBody());
    }

    /**
     * Answers $userRequest through the FastCGI server (or the static file filter). A server that cannot
     * be reached or fails mid-answer gives the user 502 Bad Gateway, and the exception is thrown on.
     */
    public function pass($userRequest, $userResponse): void
    {
        $request = $this->translateRequest($userRequest);
        $filter = $this->staticFileFilter;
        if ($filter === false ? $this->staticFileFilter($request, $userResponse)
                : ($filter !== null && $filter($request, $userResponse))) {
            return;
        }
        $client = new Client($this->host, $this->port);
        try {
            $response = $client->execute($request, $this->timeout);
        } catch (Client\Exception $e) {
            $userResponse->status(502, 'Bad Gateway');
            $userResponse->end('Bad Gateway');
            throw $e;
        } finally {
            $client->close();
        }
        $this->translateResponse($response, $userResponse);
    }

    /** Sends an existing non-PHP file below the document root itself. */
    public function staticFileFilter(HttpRequest $request, $userResponse): bool
    {
        $file = $request->getScriptFilename();
        $ext = strtolower(pathinfo($file, PATHINFO_EXTENSION));
        if ($ext === '' || $ext === 'php') {
            return false;
        }
        $real = realpath($file);
        $root = realpath($this->documentRoot === '' ? '/' : $this->documentRoot);
        // Only inside the document root: "/../" in the URI must not reach other files.
        if ($real === false || $root === false || !is_file($real)
            || !str_starts_with($real, rtrim($root, '/') . '/')) {
            return false;
        }
        $userResponse->sendfile($real);
        return true;
    }
}
