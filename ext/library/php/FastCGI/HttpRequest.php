<?php
namespace Swoole\FastCGI;

/** An HTTP request as CGI params (what php-fpm reads into $_SERVER), with the HTTP body on stdin. */
class HttpRequest extends Request
{
    protected $params = [
        'REQUEST_SCHEME' => 'http',
        'REQUEST_METHOD' => 'GET',
        'DOCUMENT_ROOT' => '',
        'SCRIPT_NAME' => '',
        'SCRIPT_FILENAME' => '',
        'REQUEST_URI' => '/',
        'DOCUMENT_URI' => '/',
        'QUERY_STRING' => '',
        'CONTENT_TYPE' => 'text/plain',
        'CONTENT_LENGTH' => '0',
        'GATEWAY_INTERFACE' => 'CGI/1.1',
        'SERVER_PROTOCOL' => 'HTTP/1.1',
        'SERVER_SOFTWARE' => 'swoole/' . SWOOLE_VERSION,
        'REMOTE_ADDR' => 'unknown',
        'REMOTE_PORT' => '0',
        'SERVER_ADDR' => 'unknown',
        'SERVER_PORT' => '0',
        'SERVER_NAME' => 'Swoole',
        'REDIRECT_STATUS' => '200',
    ];

    public function getScheme(): ?string
    {
        return $this->params['REQUEST_SCHEME'] ?? null;
    }

    public function withScheme(string $scheme): static
    {
        $this->params['REQUEST_SCHEME'] = $scheme;
        return $this;
    }

    public function withoutScheme(): void
    {
        unset($this->params['REQUEST_SCHEME']);
    }

    public function getMethod(): ?string
    {
        return $this->params['REQUEST_METHOD'] ?? null;
    }

    public function withMethod(string $method): static
    {
        $this->params['REQUEST_METHOD'] = $method;
        return $this;
    }

    public function withoutMethod(): void
    {
        unset($this->params['REQUEST_METHOD']);
    }

    public function getDocumentRoot(): ?string
    {
        return $this->params['DOCUMENT_ROOT'] ?? null;
    }

    public function withDocumentRoot(string $documentRoot): static
    {
        $this->params['DOCUMENT_ROOT'] = $documentRoot;
        return $this;
    }

    public function withoutDocumentRoot(): void
    {
        unset($this->params['DOCUMENT_ROOT']);
    }

    public function getScriptName(): ?string
    {
        return $this->params['SCRIPT_NAME'] ?? null;
    }

    public function withScriptName(string $scriptName): static
    {
        $this->params['SCRIPT_NAME'] = $scriptName;
        return $this;
    }

    public function withoutScriptName(): void
    {
        unset($this->params['SCRIPT_NAME']);
    }

    public function getScriptFilename(): ?string
    {
        return $this->params['SCRIPT_FILENAME'] ?? null;
    }

    public function withScriptFilename(string $scriptFilename): static
    {
        $this->params['SCRIPT_FILENAME'] = $scriptFilename;
        return $this;
    }

    public function withoutScriptFilename(): void
    {
        unset($this->params['SCRIPT_FILENAME']);
    }

    public function getUri(): ?string
    {
        return $this->params['REQUEST_URI'] ?? null;
    }

    /** Sets REQUEST_URI, and DOCUMENT_URI and QUERY_STRING from its parts. */
    public function withUri(string $uri): static
    {
        $this->params['REQUEST_URI'] = $uri;
        $at = strpos($uri, '?');
        $this->params['DOCUMENT_URI'] = $at === false ? $uri : substr($uri, 0, $at);
        $this->params['QUERY_STRING'] = $at === false ? '' : substr($uri, $at + 1);
        return $this;
    }

    public function withoutUri(): void
    {
        unset($this->params['REQUEST_URI']);
    }

    public function getDocumentUri(): ?string
    {
        return $this->params['DOCUMENT_URI'] ?? null;
    }

    public function withDocumentUri(string $documentUri): static
    {
        $this->params['DOCUMENT_URI'] = $documentUri;
        return $this;
    }

    public function withoutDocumentUri(): void
    {
        unset($this->params['DOCUMENT_URI']);
    }

    public function getQueryString(): ?string
    {
        return $this->params['QUERY_STRING'] ?? null;
    }

    /** @param string|array $queryString */
    public function withQueryString($queryString): static
    {
        $this->params['QUERY_STRING'] = is_array($queryString) ? http_build_query($queryString) : (string) $queryString;
        return $this;
    }

    public function withoutQueryString(): void
    {
        unset($this->params['QUERY_STRING']);
    }

    public function getContentType(): ?string
    {
        return $this->params['CONTENT_TYPE'] ?? null;
    }

    public function withContentType(string $contentType): static
    {
        $this->params['CONTENT_TYPE'] = $contentType;
        return $this;
    }

    public function withoutContentType(): void
    {
        unset($this->params['CONTENT_TYPE']);
    }

    public function getContentLength(): ?int
    {
        return isset($this->params['CONTENT_LENGTH']) ? (int) $this->params['CONTENT_LENGTH'] : null;
    }

    public function withContentLength(int $contentLength): static
    {
        $this->params['CONTENT_LENGTH'] = (string) $contentLength;
        return $this;
    }

    public function withoutContentLength(): void
    {
        unset($this->params['CONTENT_LENGTH']);
    }

    public function getGatewayInterface(): ?string
    {
        return $this->params['GATEWAY_INTERFACE'] ?? null;
    }

    public function withGatewayInterface(string $gatewayInterface): static
    {
        $this->params['GATEWAY_INTERFACE'] = $gatewayInterface;
        return $this;
    }

    public function withoutGatewayInterface(): void
    {
        unset($this->params['GATEWAY_INTERFACE']);
    }

    public function getServerProtocol(): ?string
    {
        return $this->params['SERVER_PROTOCOL'] ?? null;
    }

    public function withServerProtocol(string $serverProtocol): static
    {
        $this->params['SERVER_PROTOCOL'] = $serverProtocol;
        return $this;
    }

    public function withoutServerProtocol(): void
    {
        unset($this->params['SERVER_PROTOCOL']);
    }

    public function withProtocolVersion(string $protocolVersion): static
    {
        $this->params['SERVER_PROTOCOL'] = 'HTTP/' . $protocolVersion;
        return $this;
    }

    public function getServerSoftware(): ?string
    {
        return $this->params['SERVER_SOFTWARE'] ?? null;
    }

    public function withServerSoftware(string $serverSoftware): static
    {
        $this->params['SERVER_SOFTWARE'] = $serverSoftware;
        return $this;
    }

    public function withoutServerSoftware(): void
    {
        unset($this->params['SERVER_SOFTWARE']);
    }

    public function getRemoteAddr(): ?string
    {
        return $this->params['REMOTE_ADDR'] ?? null;
    }

    public function withRemoteAddr(string $remoteAddr): static
    {
        $this->params['REMOTE_ADDR'] = $remoteAddr;
        return $this;
    }

    public function withoutRemoteAddr(): void
    {
        unset($this->params['REMOTE_ADDR']);
    }

    public function getRemotePort(): ?int
    {
        return isset($this->params['REMOTE_PORT']) ? (int) $this->params['REMOTE_PORT'] : null;
    }

    public function withRemotePort(int $remotePort): static
    {
        $this->params['REMOTE_PORT'] = (string) $remotePort;
        return $this;
    }

    public function withoutRemotePort(): void
    {
        unset($this->params['REMOTE_PORT']);
    }

    public function getServerAddr(): ?string
    {
        return $this->params['SERVER_ADDR'] ?? null;
    }

    public function withServerAddr(string $serverAddr): static
    {
        $this->params['SERVER_ADDR'] = $serverAddr;
        return $this;
    }

    public function withoutServerAddr(): void
    {
        unset($this->params['SERVER_ADDR']);
    }

    public function getServerPort(): ?int
    {
        return isset($this->params['SERVER_PORT']) ? (int) $this->params['SERVER_PORT'] : null;
    }

    public function withServerPort(int $serverPort): static
    {
        $this->params['SERVER_PORT'] = (string) $serverPort;
        return $this;
    }

    public function withoutServerPort(): void
    {
        unset($this->params['SERVER_PORT']);
    }

    public function getServerName(): ?string
    {
        return $this->params['SERVER_NAME'] ?? null;
    }

    public function withServerName(string $serverName): static
    {
        $this->params['SERVER_NAME'] = $serverName;
        return $this;
    }

    public function withoutServerName(): void
    {
        unset($this->params['SERVER_NAME']);
    }

    public function getRedirectStatus(): ?string
    {
        return $this->params['REDIRECT_STATUS'] ?? null;
    }

    public function withRedirectStatus(string $redirectStatus): static
    {
        $this->params['REDIRECT_STATUS'] = $redirectStatus;
        return $this;
    }

    public function withoutRedirectStatus(): void
    {
        unset($this->params['REDIRECT_STATUS']);
    }

    public function getHttps(): ?string
    {
        return $this->params['HTTPS'] ?? null;
    }

    public function withHttps($https): static
    {
        if ($https) {
            $this->params['HTTPS'] = '1';
        } else {
            unset($this->params['HTTPS']);
        }
        return $this;
    }

    public function isHttps(): bool
    {
        return !empty($this->params['HTTPS']) && $this->params['HTTPS'] !== 'off';
    }

    /** A header as php-fpm sees it: HTTP_ + upper case, '-' as '_' (Content-Type/Length are params of their own). */
    private static function headerParam(string $name): string
    {
        return 'HTTP_' . str_replace('-', '_', strtoupper($name));
    }

    public function getHeader(string $name): ?string
    {
        return $this->params[self::headerParam($name)] ?? null;
    }

    public function withHeader(string $name, string $value): static
    {
        $this->params[self::headerParam($name)] = $value;
        return $this;
    }

    public function withoutHeader(string $name): void
    {
        unset($this->params[self::headerParam($name)]);
    }

    /** The HTTP_* params as header names (Content-Type form). */
    public function getHeaders(): array
    {
        $headers = [];
        foreach ($this->params as $name => $value) {
            if (str_starts_with($name, 'HTTP_')) {
                $headers[ucwords(strtolower(str_replace('_', '-', substr($name, 5))), '-')] = $value;
            }
        }
        return $headers;
    }

    public function withHeaders(array $headers): static
    {
        foreach ($headers as $name => $value) {
            $this->withHeader((string) $name, (string) $value);
        }
        return $this;
    }

    /** An array body is sent as a form; the length follows the body. */
    public function withBody($body): static
    {
        if (is_array($body)) {
            $body = http_build_query($body);
            $this->withContentType('application/x-www-form-urlencoded');
        }
        parent::withBody($body);
        return $this->withContentLength(strlen($this->body));
    }
}
