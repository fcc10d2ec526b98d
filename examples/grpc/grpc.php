<?php
// Just enough protobuf (proto3 wire format: varints and length-delimited fields) and gRPC
// message framing for greeter.proto, shared by server.php and client.php.

const GRPC_OK = 0;
const GRPC_INVALID_ARGUMENT = 3;
const GRPC_NOT_FOUND = 5;
const GRPC_UNIMPLEMENTED = 12;
const GRPC_INTERNAL = 13;

function pb_varint(int $n): string
{
    if ($n < 0) throw new InvalidArgumentException('negative varints are not used here');
    $out = '';
    while ($n >= 0x80) {
        $out .= chr(($n & 0x7f) | 0x80);
        $n >>= 7;
    }
    return $out . chr($n);
}

// A message from [field number => string|int]; strings are length-delimited, ints varints.
// Zero values are left out, as proto3 does.
function pb_encode(array $fields): string
{
    $out = '';
    foreach ($fields as $number => $value) {
        if (is_int($value)) {
            if ($value !== 0) $out .= pb_varint($number << 3) . pb_varint($value);
        } elseif ($value !== '') {
            $out .= pb_varint(($number << 3) | 2) . pb_varint(strlen($value)) . $value;
        }
    }
    return $out;
}

function pb_read_varint(string $buf, int &$pos): int
{
    $n = 0;
    for ($shift = 0; $shift < 64; $shift += 7) {
        if ($pos >= strlen($buf)) throw new UnexpectedValueException('truncated varint');
        $b = ord($buf[$pos++]);
        $n |= ($b & 0x7f) << $shift;
        if ($b < 0x80) return $n;
    }
    throw new UnexpectedValueException('varint too long');
}

// [field number => value] from a message: wire types 0 (varint) and 2 (bytes); others are refused.
function pb_decode(string $buf): array
{
    $fields = [];
    $pos = 0;
    while ($pos < strlen($buf)) {
        $key = pb_read_varint($buf, $pos);
        $number = $key >> 3;
        switch ($key & 7) {
            case 0:
                $fields[$number] = pb_read_varint($buf, $pos);
                break;
            case 2:
                $len = pb_read_varint($buf, $pos);
                if ($len > strlen($buf) - $pos) throw new UnexpectedValueException('truncated field');
                $fields[$number] = substr($buf, $pos, $len);
                $pos += $len;
                break;
            default:
                throw new UnexpectedValueException('unsupported wire type ' . ($key & 7));
        }
    }
    return $fields;
}

// A gRPC length-prefixed message: flag 0 (not compressed), 4-byte big-endian length, bytes.
function grpc_frame(string $message): string
{
    return "\0" . pack('N', strlen($message)) . $message;
}

// The whole messages at the front of $buf, removed from it; a partial one stays for later.
function grpc_unframe(string &$buf): array
{
    $messages = [];
    while (strlen($buf) >= 5) {
        if ($buf[0] !== "\0") throw new UnexpectedValueException('compressed messages are not negotiated');
        $len = unpack('N', $buf, 1)[1];
        if (strlen($buf) < 5 + $len) break;
        $messages[] = substr($buf, 5, $len);
        $buf = substr($buf, 5 + $len);
    }
    return $messages;
}
