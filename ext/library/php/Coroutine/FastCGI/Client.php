<?php
namespace Swoole\Coroutine\FastCGI;

use Swoole\Coroutine\FastCGI\Client\Exception;
use Swoole\Coroutine\Socket;
use Swoole\FastCGI;
use Swoole\FastCGI\HttpRequest;
use Swoole\FastCGI\HttpResponse;
use Swoole\FastCGI\Request;
use Swoole\FastCGI\Response;

/** A FastCGI client over a coroutine socket: one request at a time, connection kept when the request asks. */
class Client
{
    /** The id every request of this client uses (one request at a time on a connection). */
    private const REQUEST_ID = 1;

    protected $af;

    protected $host;

    protected $port;

    /** @var Socket|null */
    protected $socket;

    /** $host: an IP address or name with $port, or a unix socket path ('unix:/path', or '/path' with port 0). */
    public function __construct(string $host, int $port = 0)
    {
        if (stripos($host, 'unix:') === 0 || ($port === 0 && str_starts_with($host, '/'))) {
            $this->af = AF_UNIX;
            $host = stripos($host, 'unix:') === 0 ? substr($host, 5) : $host;
            $host = '/' . ltrim($host, '/');
            $port = 0;
        } else {
            $this->af = str_contains($host, ':') ? AF_INET6 : AF_INET;
        }
        $this->host = $host;
        $this->port = $port;
    }

    /** Sends $request and reads the whole answer; an HttpRequest gets an HttpResponse. */
    public function execute(Request $request, float $timeout = -1): Response
    {
        $deadline = $timeout > 0 ? microtime(true) + $timeout : null;
        try {
            if ($this->socket === null) {
                $socket = new Socket($this->af, SOCK_STREAM, 0);
                if (!$socket->connect($this->host, $this->port, $timeout)) {
                    throw new Exception($socket->errMsg, $socket->errCode);
                }
                $this->socket = $socket;
            }
            $data = $request->encode(self::REQUEST_ID);
            if ($this->socket->sendAll($data, self::remaining($deadline)) !== strlen($data)) {
                throw new Exception($this->socket->errMsg, $this->socket->errCode);
            }
            $records = $this->readRecords($deadline);
        } catch (Exception $e) {
            $this->close();  // the stream is out of step: start over on the next request
            throw $e;
        }
        if (!$request->getKeepConn()) {
            $this->close();
        }
        return $request instanceof HttpRequest ? new HttpResponse($records) : new Response($records);
    }

    public function close(): void
    {
        if ($this->socket !== null) {
            $this->socket->close();
            $this->socket = null;
        }
    }

    /**
     * Runs the script $path on the FastCGI server at $url (host:port or unix:/path) and returns its body;
     * $data (a string or a form as array) makes it a POST.
     */
    public static function call(string $url, string $path, $data = '', float $timeout = -1): string
    {
        [$host, $port] = static::parseUrl($url);
        $client = new static($host, $port);
        $request = (new HttpRequest())
            ->withDocumentRoot(dirname($path))
            ->withScriptFilename($path)
            ->withScriptName(basename($path))
            ->withDocumentUri('/' . basename($path))
            ->withMethod(($data === '' || $data === []) ? 'GET' : 'POST')
            ->withBody($data);
        try {
            $response = $client->execute($request, $timeout);
        } finally {
            $client->close();
        }
        return $response->getBody();
    }

    /** @return array [host, port] from 'host:port', '[v6]:port', 'tcp://host:port' or 'unix:/path' */
    public static function parseUrl(string $url): array
    {
        if (stripos($url, 'unix:') === 0 || str_starts_with($url, '/')) {
            return [$url, 0];
        }
        if (stripos($url, 'tcp://') === 0) {
            $url = substr($url, 6);
        }
        $colon = strrpos($url, ':');
        if ($colon === false || ($url[0] === '[' && $url[$colon - 1] !== ']')) {
            throw new \InvalidArgumentException("Invalid FastCGI server address '{$url}' (expected host:port or unix:/path)");
        }
        return [trim(substr($url, 0, $colon), '[]'), (int) substr($url, $colon + 1)];
    }

    /** Reads records until this request's END_REQUEST; returns [type, content] pairs. */
    private function readRecords(?float $deadline): array
    {
        $buffer = '';
        $records = [];
        while (true) {
            while (strlen($buffer) >= FastCGI::HEADER_LEN) {
                $h = unpack('Cversion/Ctype/nid/nlength/Cpadding', $buffer);
                if ($h['version'] !== FastCGI::VERSION_1) {
                    throw new Exception("Unsupported FastCGI version {$h['version']}", defined('SOCKET_EPROTO') ? SOCKET_EPROTO : 71);
                }
                $size = FastCGI::HEADER_LEN + $h['length'] + $h['padding'];
                if (strlen($buffer) < $size) {
                    break;
                }
                $content = substr($buffer, FastCGI::HEADER_LEN, $h['length']);
                $buffer = substr($buffer, $size);
                if ($h['id'] !== self::REQUEST_ID) {
                    continue;  // another request's record (or a management record): not ours
                }
                $records[] = [$h['type'], $content];
                if ($h['type'] === FastCGI::END_REQUEST) {
                    return $records;
                }
            }
            $chunk = $this->socket->recv(65536, self::remaining($deadline));
            if ($chunk === '') {
                throw new Exception('Connection closed by the FastCGI server before the end of the response', SOCKET_ECONNRESET);
            }
            if ($chunk === false) {
                throw new Exception($this->socket->errMsg, $this->socket->errCode);
            }
            $buffer .= $chunk;
        }
    }

    private static function remaining(?float $deadline): float
    {
        if ($deadline === null) {
            return -1;
        }
        $left = $deadline - microtime(true);
        if ($left <= 0) {
            throw new Exception('Operation timed out', SOCKET_ETIMEDOUT);
        }
        return $left;
    }
}
