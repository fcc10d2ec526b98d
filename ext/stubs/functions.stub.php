<?php

/**
 * Global functions and constants of the Swoole API (module "swoole"; Gust's own are in gust.stub.php).
 *
 * @generate-class-entries
 */

namespace {
    /** The version of the Swoole API this build implements, e.g. "6.0.0". */
    function swoole_version(): string {}

    /** Number of online CPUs. */
    function swoole_cpu_num(): int {}

    /**
     * Global options of Swoole's runtime. Gust keeps display_errors and accepts the other keys
     * without effect (docs/DIFFERENCES.md).
     */
    function swoole_async_set(array $settings): bool {}

    /** Sets the process title (cli_set_process_title()); false with a warning outside the CLI. */
    function swoole_set_process_name(string $process_name): bool {}

    /** IPv4 addresses of the interfaces that are up, by interface name; loopback left out. */
    function swoole_get_local_ip(): array {}

    /** MAC addresses of the interfaces, by interface name ("00:11:22:33:44:55"); loopback left out. */
    function swoole_get_local_mac(): array {}

    /** A 32-bit hash of $data: $type 0 PHP's string hash (DJB "times 33"), 1 Jenkins one-at-a-time. */
    function swoole_hashcode(string $data, int $type = 0): false|int {}

    /** Adds a type for a suffix not known yet (false when it is known). */
    function swoole_mime_type_add(string $suffix, string $mime_type): bool {}

    /** Sets (adds or replaces) the type of a suffix. */
    function swoole_mime_type_set(string $suffix, string $mime_type): void {}

    /** Forgets a suffix (false when it is not known). */
    function swoole_mime_type_delete(string $suffix): bool {}

    /** The type of a file name by its suffix; "application/octet-stream" when unknown. */
    function swoole_mime_type_get(string $filename): string {}

    /** @alias swoole_mime_type_get */
    function swoole_get_mime_type(string $filename): string {}

    /** Whether the suffix of $filename has a type. */
    function swoole_mime_type_exists(string $filename): bool {}

    /** Every known type, one entry per suffix (in suffix order). */
    function swoole_mime_type_list(): array {}

    /** Gust keeps no DNS cache (every lookup asks the system resolver): nothing to clear. */
    function swoole_clear_dns_cache(): void {}

    /** unserialize() of $length bytes of $str from $offset (to the end when $length is 0). */
    function swoole_substr_unserialize(string $str, int $offset, int $length = 0, array $options = []): mixed {}

    /** json_decode() of $length bytes of $str from $offset (to the end when $length is 0). */
    function swoole_substr_json_decode(string $str, int $offset, int $length = 0, bool $associative = false, int $depth = 512, int $flags = 0): mixed {}

    /** Swoole registers it as a shutdown function; on Gust it marks nothing and returns true. */
    function swoole_internal_call_user_shutdown_begin(): bool {}

    /** Every live object, by handle. */
    function swoole_get_objects(): array|false {}

    /** Counts of live objects and resources: ['object_num' => n, 'resource_num' => n]. */
    function swoole_get_vm_status(): array {}

    /** The live object with this handle, or false. */
    function swoole_get_object_by_handle(int $handle): object|false {}

    /**
     * Registers a name resolver (a Swoole\NameResolver, or any object with lookup(string $name)).
     * Coroutine socket, client and HTTP client connects ask it first (docs/php-sockets.md).
     */
    function swoole_name_resolver_add(object $ns): bool {}

    /** Removes a resolver added before (false when it was not added). */
    function swoole_name_resolver_remove(object $ns): bool {}

    /**
     * The added resolvers' answer ("" when the name has no node; a Cluster's nodes one per call with
     * the same Swoole\NameResolver\Context), else the system resolver's.
     */
    function swoole_name_resolver_lookup(string $domain, object $ctx): string {}

    /**
     * @var string
     * @cvalue PHP_GUST_SWOOLE_API_VERSION
     */
    const SWOOLE_VERSION = UNKNOWN;
    /**
     * @var int
     * @cvalue PHP_GUST_SWOOLE_VERSION_ID
     */
    const SWOOLE_VERSION_ID = UNKNOWN;
    /**
     * @var int
     * @cvalue PHP_GUST_SWOOLE_MAJOR_VERSION
     */
    const SWOOLE_MAJOR_VERSION = UNKNOWN;
    /**
     * @var int
     * @cvalue PHP_GUST_SWOOLE_MINOR_VERSION
     */
    const SWOOLE_MINOR_VERSION = UNKNOWN;
    /**
     * @var int
     * @cvalue PHP_GUST_SWOOLE_RELEASE_VERSION
     */
    const SWOOLE_RELEASE_VERSION = UNKNOWN;
    /**
     * @var string
     * @cvalue PHP_GUST_SWOOLE_EXTRA_VERSION
     */
    const SWOOLE_EXTRA_VERSION = UNKNOWN;
    /**
     * Swoole's debug-log build switch: Gust has none (also not in its debug build).
     * @var bool
     */
    const SWOOLE_DEBUG = false;
    /**
     * HTTP and WebSocket compression (gzip, deflate, brotli) is built in.
     * @var bool
     */
    const SWOOLE_HAVE_COMPRESSION = true;
    /** @var bool */
    const SWOOLE_HAVE_ZLIB = true;
    /** @var bool */
    const SWOOLE_HAVE_BROTLI = true;
    /**
     * HTTP/2: server (open_http2_protocol) and Coroutine\Http2\Client.
     * @var bool
     */
    const SWOOLE_USE_HTTP2 = true;
    /**
     * @var int
     * @cvalue IOV_MAX
     */
    const SWOOLE_IOV_MAX = UNKNOWN;
    /** @var int */
    const SWOOLE_DEFAULT_MAX_CORO_NUM = 100000;
    /**
     * @var int
     * @cvalue ZEND_LONG_MAX
     */
    const SWOOLE_CORO_MAX_NUM_LIMIT = UNKNOWN;
    /** @var int */
    const SWOOLE_CORO_INIT = 0;
    /** @var int */
    const SWOOLE_CORO_WAITING = 1;
    /** @var int */
    const SWOOLE_CORO_RUNNING = 2;
    /** @var int */
    const SWOOLE_CORO_END = 3;
}

