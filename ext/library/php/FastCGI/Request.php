<?php
namespace Swoole\FastCGI;

use Swoole\FastCGI;

/** A responder request; its string form is the records a FastCGI server reads. */
class Request extends Message
{
    protected $keepConn = false;

    public function getKeepConn(): bool
    {
        return $this->keepConn;
    }

    public function withKeepConn(bool $keepConn): static
    {
        $this->keepConn = $keepConn;
        return $this;
    }

    /** The request as records with id 1 (one request per connection at a time). */
    public function __toString(): string
    {
        return $this->encode(1);
    }

    /** @internal the records for request id $id */
    public function encode(int $id): string
    {
        $out = self::record(FastCGI::BEGIN_REQUEST, $id,
            pack('nCx5', FastCGI::RESPONDER, $this->keepConn ? 1 : 0));
        $params = '';
        foreach ($this->params as $name => $value) {
            $params .= self::length(strlen((string) $name)) . self::length(strlen($value)) . $name . $value;
        }
        $out .= self::stream(FastCGI::PARAMS, $id, $params);
        $out .= self::stream(FastCGI::STDIN, $id, $this->body);
        return $out;
    }

    /** A stream's content cut into records, then its empty end record. */
    private static function stream(int $type, int $id, string $data): string
    {
        $out = '';
        for ($at = 0, $n = strlen($data); $at < $n; $at += FastCGI::MAX_CONTENT_LENGTH) {
            $out .= self::record($type, $id, substr($data, $at, FastCGI::MAX_CONTENT_LENGTH));
        }
        return $out . self::record($type, $id, '');
    }

    private static function record(int $type, int $id, string $content): string
    {
        // Padding to a multiple of 8, as the specification recommends.
        $padding = (8 - strlen($content) % 8) % 8;
        return pack('CCnnCx', FastCGI::VERSION_1, $type, $id, strlen($content), $padding)
            . $content . str_repeat("\0", $padding);
    }

    /** A name or value length: one byte below 128, else four with the high bit set. */
    private static function length(int $n): string
    {
        return $n < 128 ? chr($n) : pack('N', $n | 0x80000000);
    }
}
