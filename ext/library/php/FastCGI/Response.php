<?php
namespace Swoole\FastCGI;

/** What a FastCGI server answered: stdout is the body, stderr the error, plus the end status. */
class Response extends Message
{
    protected $appStatus = 0;

    protected $protocolStatus = 0;

    /** @param array $records [type, content] pairs in the order they came (STDOUT, STDERR, END_REQUEST) */
    public function __construct(array $records = [])
    {
        $body = $error = '';
        foreach ($records as [$type, $content]) {
            if ($type === \Swoole\FastCGI::STDOUT) {
                $body .= $content;
            } elseif ($type === \Swoole\FastCGI::STDERR) {
                $error .= $content;
            } elseif ($type === \Swoole\FastCGI::END_REQUEST && strlen($content) >= 5) {
                ['app' => $this->appStatus, 'proto' => $this->protocolStatus] = unpack('Napp/Cproto', $content);
            }
        }
        $this->body = $body;
        $this->error = $error;
    }

    public function getAppStatus(): int
    {
        return $this->appStatus;
    }

    public function getProtocolStatus(): int
    {
        return $this->protocolStatus;
    }
}
