// Errors of the Swoole API, in one place: Swoole's error codes (SWOOLE_ERROR_*, Swoole's numbers) and
// Gust's texts for them, the mapping from core codes (gust/base/error.h) into that code space, the
// last error (swoole_last_error()), and the exception classes every area throws or extends.
//
// One code space reaches PHP: 0, an errno (1..499) or a SwooleError (500..). Core codes (-errno, or a
// GustError from 10001, which overlaps Swoole's SWOOLE_ERROR_CO_* numbers) never do: an area turns
// them into this space with swoole_code_of() before it records or reports them. docs/php-errors.md.
#pragma once

#include "common/module.h"

namespace gust::php {

// X(Enum, NAME, number, text): SWOOLE_ERROR_<NAME> = number, the code SwooleError::k<Enum>, and
// the text swoole_strerror() gives for it (Gust's own words). Every constant of Swoole 6.1.
#define GUST_SWOOLE_ERRORS(X)                                                                                    \
    X(MallocFail, MALLOC_FAIL, 501, "out of memory")                                                             \
    X(SystemCallFail, SYSTEM_CALL_FAIL, 502, "a system call failed")                                             \
    X(PhpFatalError, PHP_FATAL_ERROR, 503, "PHP fatal error")                                                    \
    X(NameTooLong, NAME_TOO_LONG, 504, "name too long")                                                          \
    X(InvalidParams, INVALID_PARAMS, 505, "invalid arguments")                                                   \
    X(QueueFull, QUEUE_FULL, 506, "queue is full")                                                               \
    X(OperationNotSupport, OPERATION_NOT_SUPPORT, 507, "operation not supported")                                \
    X(ProtocolError, PROTOCOL_ERROR, 508, "the peer broke the protocol")                                         \
    X(WrongOperation, WRONG_OPERATION, 509, "operation not allowed in this state")                               \
    X(PhpRuntimeNotice, PHP_RUNTIME_NOTICE, 510, "PHP runtime notice")                                           \
    X(ForTest, FOR_TEST, 511, "an error raised by a test")                                                       \
    X(NoPayload, NO_PAYLOAD, 550, "no payload")                                                                  \
    X(UndefinedBehavior, UNDEFINED_BEHAVIOR, 600, "the call would have undefined behaviour")                     \
    X(NotThreadSafety, NOT_THREAD_SAFETY, 601, "not safe to use from another thread")                            \
    X(FileNotExist, FILE_NOT_EXIST, 700, "no such file")                                                         \
    X(FileTooLarge, FILE_TOO_LARGE, 701, "file too large")                                                       \
    X(FileEmpty, FILE_EMPTY, 702, "file is empty")                                                               \
    X(DirNotExist, DIR_NOT_EXIST, 703, "no such directory")                                                      \
    X(DnslookupDuplicateRequest, DNSLOOKUP_DUPLICATE_REQUEST, 710, "this name is already being resolved")        \
    X(DnslookupResolveFailed, DNSLOOKUP_RESOLVE_FAILED, 711, "name resolution failed")                           \
    X(DnslookupResolveTimeout, DNSLOOKUP_RESOLVE_TIMEOUT, 712, "name resolution timed out")                      \
    X(DnslookupUnsupported, DNSLOOKUP_UNSUPPORTED, 713, "name resolution not supported for this name")           \
    X(DnslookupNoServer, DNSLOOKUP_NO_SERVER, 714, "no name server configured")                                  \
    X(BadIpv6Address, BAD_IPV6_ADDRESS, 720, "malformed IPv6 address")                                           \
    X(UnregisteredSignal, UNREGISTERED_SIGNAL, 721, "no handler for this signal")                                \
    X(BadHostAddr, BAD_HOST_ADDR, 722, "malformed host address")                                                 \
    X(BadPort, BAD_PORT, 723, "port out of range")                                                               \
    X(BadSocketType, BAD_SOCKET_TYPE, 724, "unknown socket type")                                                \
    X(EventRemoveFailed, EVENT_REMOVE_FAILED, 800, "cannot remove the fd from the event loop")                   \
    X(EventAddFailed, EVENT_ADD_FAILED, 801, "cannot add the fd to the event loop")                              \
    X(EventUpdateFailed, EVENT_UPDATE_FAILED, 802, "cannot change the fd's events in the event loop")            \
    X(EventUnknownData, EVENT_UNKNOWN_DATA, 803, "event loop got data it does not know")                         \
    X(SessionClosedByServer, SESSION_CLOSED_BY_SERVER, 1001, "connection closed by the server")                  \
    X(SessionClosedByClient, SESSION_CLOSED_BY_CLIENT, 1002, "connection closed by the client")                  \
    X(SessionClosing, SESSION_CLOSING, 1003, "connection is closing")                                            \
    X(SessionClosed, SESSION_CLOSED, 1004, "connection is closed")                                               \
    X(SessionNotExist, SESSION_NOT_EXIST, 1005, "no such connection")                                            \
    X(SessionInvalidId, SESSION_INVALID_ID, 1006, "invalid connection id")                                       \
    X(SessionDiscardTimeoutData, SESSION_DISCARD_TIMEOUT_DATA, 1007, "late data for the connection dropped")     \
    X(SessionDiscardData, SESSION_DISCARD_DATA, 1008, "data for the connection dropped")                         \
    X(OutputBufferOverflow, OUTPUT_BUFFER_OVERFLOW, 1009, "output buffer is full")                               \
    X(OutputSendYield, OUTPUT_SEND_YIELD, 1010, "output buffer is full; the send waits")                         \
    X(SslNotReady, SSL_NOT_READY, 1011, "TLS handshake not finished")                                            \
    X(SslCannotUseSenfile, SSL_CANNOT_USE_SENFILE, 1012, "sendfile() cannot go through TLS")                     \
    X(SslEmptyPeerCertificate, SSL_EMPTY_PEER_CERTIFICATE, 1013, "the TLS peer sent no certificate")             \
    X(SslVerifyFailed, SSL_VERIFY_FAILED, 1014, "TLS peer certificate refused")                                  \
    X(SslBadClient, SSL_BAD_CLIENT, 1015, "TLS client misbehaved")                                               \
    X(SslBadProtocol, SSL_BAD_PROTOCOL, 1016, "not a TLS connection")                                            \
    X(SslReset, SSL_RESET, 1017, "TLS connection reset")                                                         \
    X(SslHandshakeFailed, SSL_HANDSHAKE_FAILED, 1018, "TLS handshake failed")                                    \
    X(SslCreateContextFailed, SSL_CREATE_CONTEXT_FAILED, 1019, "cannot set up a TLS context")                    \
    X(SslCreateSessionFailed, SSL_CREATE_SESSION_FAILED, 1020, "cannot set up a TLS session")                    \
    X(PackageLengthTooLarge, PACKAGE_LENGTH_TOO_LARGE, 1201, "package longer than package_max_length")           \
    X(PackageLengthNotFound, PACKAGE_LENGTH_NOT_FOUND, 1202, "package length field missing")                     \
    X(DataLengthTooLarge, DATA_LENGTH_TOO_LARGE, 1203, "data too long")                                          \
    X(PackageMalformedData, PACKAGE_MALFORMED_DATA, 1204, "malformed package")                                   \
    X(TaskPackageTooBig, TASK_PACKAGE_TOO_BIG, 2001, "task data too large")                                      \
    X(TaskDispatchFail, TASK_DISPATCH_FAIL, 2002, "task could not be given to a task worker")                    \
    X(TaskTimeout, TASK_TIMEOUT, 2003, "task timed out")                                                         \
    X(Http2StreamIdTooBig, HTTP2_STREAM_ID_TOO_BIG, 3001, "HTTP/2 stream ids exhausted")                         \
    X(Http2StreamNoHeader, HTTP2_STREAM_NO_HEADER, 3002, "HTTP/2 stream without headers")                        \
    X(Http2StreamNotFound, HTTP2_STREAM_NOT_FOUND, 3003, "no such HTTP/2 stream")                                \
    X(Http2StreamIgnore, HTTP2_STREAM_IGNORE, 3004, "HTTP/2 stream ignored")                                     \
    X(Http2SendControlFrameFailed, HTTP2_SEND_CONTROL_FRAME_FAILED, 3005, "cannot send an HTTP/2 control frame") \
    X(Http2InternalError, HTTP2_INTERNAL_ERROR, 3006, "HTTP/2 internal error")                                   \
    X(AioBadRequest, AIO_BAD_REQUEST, 4001, "bad asynchronous I/O request")                                      \
    X(AioCanceled, AIO_CANCELED, 4002, "asynchronous I/O canceled")                                              \
    X(AioTimeout, AIO_TIMEOUT, 4003, "asynchronous I/O timed out")                                               \
    X(ClientNoConnection, CLIENT_NO_CONNECTION, 5001, "client is not connected")                                 \
    X(SocketClosed, SOCKET_CLOSED, 6001, "socket is closed")                                                     \
    X(SocketPollTimeout, SOCKET_POLL_TIMEOUT, 6002, "waiting for the socket timed out")                          \
    X(SocketNotExists, SOCKET_NOT_EXISTS, 6003, "no such socket")                                                \
    X(Socks5UnsupportVersion, SOCKS5_UNSUPPORT_VERSION, 7001, "SOCKS5 proxy speaks another version")             \
    X(Socks5UnsupportMethod, SOCKS5_UNSUPPORT_METHOD, 7002, "SOCKS5 proxy refused the auth method")              \
    X(Socks5AuthFailed, SOCKS5_AUTH_FAILED, 7003, "SOCKS5 proxy refused the credentials")                        \
    X(Socks5ServerError, SOCKS5_SERVER_ERROR, 7004, "SOCKS5 proxy failed")                                       \
    X(Socks5HandshakeFailed, SOCKS5_HANDSHAKE_FAILED, 7005, "SOCKS5 proxy handshake failed")                     \
    X(Socks5ConnectFailed, SOCKS5_CONNECT_FAILED, 7006, "SOCKS5 proxy could not connect")                        \
    X(HttpProxyHandshakeError, HTTP_PROXY_HANDSHAKE_ERROR, 7101, "HTTP proxy handshake error")                   \
    X(HttpInvalidProtocol, HTTP_INVALID_PROTOCOL, 7102, "not an HTTP answer")                                    \
    X(HttpProxyHandshakeFailed, HTTP_PROXY_HANDSHAKE_FAILED, 7103, "HTTP proxy refused the tunnel")              \
    X(HttpProxyBadResponse, HTTP_PROXY_BAD_RESPONSE, 7104, "HTTP proxy answered nonsense")                       \
    X(HttpConflictHeader, HTTP_CONFLICT_HEADER, 7105, "conflicting HTTP headers")                                \
    X(HttpContextUnavailable, HTTP_CONTEXT_UNAVAILABLE, 7106, "the response has ended or was detached")          \
    X(HttpCookieUnavailable, HTTP_COOKIE_UNAVAILABLE, 7107, "the cookie cannot be used any more")                \
    X(WebsocketBadClient, WEBSOCKET_BAD_CLIENT, 8501, "not a WebSocket client")                                  \
    X(WebsocketBadOpcode, WEBSOCKET_BAD_OPCODE, 8502, "unsupported WebSocket opcode")                            \
    X(WebsocketUnconnected, WEBSOCKET_UNCONNECTED, 8503, "no open WebSocket on this connection")                 \
    X(WebsocketHandshakeFailed, WEBSOCKET_HANDSHAKE_FAILED, 8504, "WebSocket handshake failed")                  \
    X(WebsocketPackFailed, WEBSOCKET_PACK_FAILED, 8505, "cannot encode the WebSocket frame")                     \
    X(WebsocketUnpackFailed, WEBSOCKET_UNPACK_FAILED, 8506, "cannot decode the WebSocket frame")                 \
    X(WebsocketIncompletePacket, WEBSOCKET_INCOMPLETE_PACKET, 8507, "WebSocket frame is incomplete")             \
    X(ServerMustCreatedBeforeClient, SERVER_MUST_CREATED_BEFORE_CLIENT, 9001, "create the server first")         \
    X(ServerTooManySocket, SERVER_TOO_MANY_SOCKET, 9002, "too many connections")                                 \
    X(ServerWorkerTerminated, SERVER_WORKER_TERMINATED, 9003, "the worker has ended")                            \
    X(ServerInvalidListenPort, SERVER_INVALID_LISTEN_PORT, 9004, "invalid listening port")                       \
    X(ServerTooManyListenPort, SERVER_TOO_MANY_LISTEN_PORT, 9005, "too many listening ports")                    \
    X(ServerPipeBufferFull, SERVER_PIPE_BUFFER_FULL, 9006, "pipe to the worker is full")                         \
    X(ServerNoIdleWorker, SERVER_NO_IDLE_WORKER, 9007, "no idle worker")                                         \
    X(ServerOnlyStartOne, SERVER_ONLY_START_ONE, 9008, "a process starts one server only")                       \
    X(ServerSendInMaster, SERVER_SEND_IN_MASTER, 9009, "cannot send from the master process")                    \
    X(ServerInvalidRequest, SERVER_INVALID_REQUEST, 9010, "invalid request to the server")                       \
    X(ServerConnectFail, SERVER_CONNECT_FAIL, 9011, "cannot connect to the server")                              \
    X(ServerInvalidCommand, SERVER_INVALID_COMMAND, 9012, "unknown server command")                              \
    X(ServerIsNotRegularFile, SERVER_IS_NOT_REGULAR_FILE, 9013, "not a regular file")                            \
    X(ServerSendToWokerTimeout, SERVER_SEND_TO_WOKER_TIMEOUT, 9014, "sending to the worker timed out")           \
    X(ServerInvalidCallback, SERVER_INVALID_CALLBACK, 9015, "invalid server callback")                           \
    X(ServerUnrelatedThread, SERVER_UNRELATED_THREAD, 9016, "the thread does not belong to the server")          \
    X(ServerWorkerExitTimeout, SERVER_WORKER_EXIT_TIMEOUT, 9101, "the worker did not exit in time")              \
    X(ServerWorkerAbnormalPipeData, SERVER_WORKER_ABNORMAL_PIPE_DATA, 9102, "malformed data from the pipe")      \
    X(ServerWorkerUnprocessedData, SERVER_WORKER_UNPROCESSED_DATA, 9103, "the worker left data unread")          \
    X(CoOutOfCoroutine, CO_OUT_OF_COROUTINE, 10001, "must be called inside a coroutine")                         \
    X(CoHasBeenBound, CO_HAS_BEEN_BOUND, 10002, "another coroutine is already waiting on this")                  \
    X(CoHasBeenDiscarded, CO_HAS_BEEN_DISCARDED, 10003, "the coroutine's wait was abandoned")                    \
    X(CoMutexDoubleUnlock, CO_MUTEX_DOUBLE_UNLOCK, 10004, "the lock is not held")                                \
    X(CoBlockObjectLocked, CO_BLOCK_OBJECT_LOCKED, 10005, "the object is locked by another coroutine")           \
    X(CoBlockObjectWaiting, CO_BLOCK_OBJECT_WAITING, 10006, "coroutines still wait on the object")               \
    X(CoYieldFailed, CO_YIELD_FAILED, 10007, "the coroutine cannot yield here")                                  \
    X(CoGetcontextFailed, CO_GETCONTEXT_FAILED, 10008, "cannot read the coroutine context")                      \
    X(CoSwapcontextFailed, CO_SWAPCONTEXT_FAILED, 10009, "cannot switch coroutines")                             \
    X(CoMakecontextFailed, CO_MAKECONTEXT_FAILED, 10010, "cannot create the coroutine context")                  \
    X(CoIocpinitFailed, CO_IOCPINIT_FAILED, 10011, "cannot set up the I/O completion port")                      \
    X(CoProtectStackFailed, CO_PROTECT_STACK_FAILED, 10012, "cannot guard the coroutine stack")                  \
    X(CoStdThreadLinkError, CO_STD_THREAD_LINK_ERROR, 10013, "coroutines and threads linked wrongly")            \
    X(CoDisabledMultiThread, CO_DISABLED_MULTI_THREAD, 10014, "coroutines are off in this thread")               \
    X(CoCannotCancel, CO_CANNOT_CANCEL, 10015, "the coroutine cannot be canceled now")                           \
    X(CoNotExists, CO_NOT_EXISTS, 10016, "no such coroutine")                                                    \
    X(CoCanceled, CO_CANCELED, 10017, "the coroutine was canceled")                                              \
    X(CoTimedout, CO_TIMEDOUT, 10018, "the coroutine's wait timed out")                                          \
    X(CoSocketCloseWait, CO_SOCKET_CLOSE_WAIT, 10019, "the socket closes once its other users are done")

#define GUST_SWOOLE_ERROR_ENUM(e, name, number, text) k##e = number,
enum class SwooleError : int { GUST_SWOOLE_ERRORS(GUST_SWOOLE_ERROR_ENUM) };
#undef GUST_SWOOLE_ERROR_ENUM

constexpr int code(SwooleError e) { return static_cast<int>(e); }

// The text of a code of the one code space: Gust's for a SwooleError, strerror() for 0 and errnos
// (either sign), "unknown error N" otherwise. Never null; static storage.
const char *strerror_of(int code);

// Where a core code is turned into the one code space: the same core condition is reported as
// Swoole reports it there (a coroutine wait that times out is SWOOLE_ERROR_CO_TIMEDOUT, a socket
// read that times out ETIMEDOUT, a send to a missing connection SWOOLE_ERROR_SESSION_NOT_EXIST).
enum class Where { kSocket, kCoroutine, kServer };

// The code PHP sees for a core code (0, -errno or a GustError): the only crossing from the core's
// codes into the one code space. An errno stays itself; each GustError has a Swoole code or errno.
int swoole_code_of(int core_code, Where where = Where::kSocket);

// Records `code` (the one code space) as the last error, swoole_last_error()'s answer; returns it.
int set_last_error(int code);
inline int set_last_error(SwooleError e) { return set_last_error(code(e)); }
int last_error();

// A warning about a Swoole call that failed (a misuse the caller may test for with
// swoole_last_error()): shown unless swoole.display_errors is off, as Swoole's own warnings are.
void swoole_warning(const char *fmt, ...) ZEND_ATTRIBUTE_FORMAT(printf, 1, 2);

// Swoole\Exception and Swoole\Error (registered at MINIT by register_errors()).
zend_class_entry *swoole_exception_ce();
zend_class_entry *swoole_error_ce();

// Throws `ce` (Swoole\Exception or an area's subclass) with `code` as the exception's code, after
// recording it as the last error, so the catcher and swoole_last_error() agree. Returns the object.
zend_object *throw_error(zend_class_entry *ce, int code, const char *fmt, ...) ZEND_ATTRIBUTE_FORMAT(printf, 3, 4);
inline zend_object *throw_error(zend_class_entry *ce, SwooleError e, const char *msg) {
    return throw_error(ce, code(e), "%s", msg);
}

void register_errors(int module_number);  // MINIT: the classes and the SWOOLE_ERROR_* and log constants

}  // namespace gust::php
