<?php

/**
 * Errors of the Swoole API: the exception classes every part throws (or extends), and the functions
 * of the one error code space (0, an errno, or a SWOOLE_ERROR_* code; docs/php-errors.md).
 *
 * @generate-class-entries
 */

namespace {
    /**
     * Text for a code: SWOOLE_STRERROR_SYSTEM (default) and SWOOLE_STRERROR_SWOOLE name errnos and
     * SWOOLE_ERROR_* codes alike, SWOOLE_STRERROR_GAI a getaddrinfo() code (EAI_*), SWOOLE_STRERROR_DNS
     * an h_errno.
     */
    function swoole_strerror(int $errno, int $error_type = SWOOLE_STRERROR_SYSTEM): string {}

    /** Code of the last failure the Swoole API recorded (the code space above), 0 when none. */
    function swoole_last_error(): int {}

    /** Forgets the last error: swoole_last_error() gives 0 until the next failure. */
    function swoole_clear_error(): void {}

    /** The C library's errno as the last system call left it. */
    function swoole_errno(): int {}

    /** Writes $msg to the log at $level (SWOOLE_LOG_*) when the log level lets it through. */
    function swoole_error_log(int $level, string $msg): void {}

    /**
     * Records $error as the last error and writes $msg to the log at $level, unless $error was
     * passed to swoole_ignore_error().
     */
    function swoole_error_log_ex(int $level, int $error, string $msg): void {}

    /** swoole_error_log_ex() no longer logs $error (it still records it). */
    function swoole_ignore_error(int $error): void {}
}

namespace Swoole {
    class Exception extends \Exception {}

    class Error extends \Error {}
}
