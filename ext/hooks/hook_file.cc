// SWOOLE_HOOK_FILE: while the flag is on, plain paths (and file://) resolve to this "file" stream
// wrapper. Outside coroutines every operation is PHP's own plain-files wrapper; inside, open,
// stat, unlink, rename, mkdir, rmdir, touch/chmod/chown and opendir run on the worker pool while
// the coroutine parks, and the streams opened are ext/hook_file_stream.cc's. include/require keep
// PHP's own path. Warnings and return values are the ones PHP gives for plain files.
#include "hooks/hook_file.h"

extern "C" {
#include "ext/standard/file.h"
#include "ext/standard/php_filestat.h"
#include "main/php_streams.h"
#include "main/streams/php_stream_plain_wrapper.h"
#include "php_open_temporary_file.h"
}

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utime.h>

#include <cerrno>
#include <cstring>

#include "coroutine/coroutine.h"
#include "hooks/hooks.h"

namespace {

namespace hooks = gust::php::hooks;
namespace fh = gust::php::file_hook;
using gust::php::PhpCoroutine;

php_stream_wrapper *plain() { return &php_plain_files_wrapper; }

const char *strip_scheme(const char *url) {
    return strncasecmp(url, "file://", sizeof("file://") - 1) == 0 ? url + sizeof("file://") - 1 : url;
}

// async.file://PATH: PATH through the pool inside coroutines, whether SWOOLE_HOOK_FILE is on or not.
extern php_stream_wrapper g_async_wrapper;
constexpr char kAsyncScheme[] = "async.file://";

bool is_async(const php_stream_wrapper *wrapper) { return wrapper == &g_async_wrapper; }

// The path an async.file:// URL names; other paths unchanged.
const char *async_path(const php_stream_wrapper *wrapper, const char *url) {
    constexpr size_t n = sizeof(kAsyncScheme) - 1;
    return url && is_async(wrapper) && strncasecmp(url, kAsyncScheme, n) == 0 ? url + n : url;
}

bool offloading_for(const php_stream_wrapper *wrapper) { return fh::offloading(is_async(wrapper)); }

// The plain wrapper files its errors under its own address, and the stream layer shows
// strerror(errno) only for the plain wrapper itself: move them to ours (or name errno) so the
// "Failed to open stream: ..." warning reads the same.
void adopt_errors(php_stream_wrapper *wrapper, int options, int err) {
    const php_stream_wrapper *from = plain();
    zend_llist *list = nullptr;
    if (FG(wrapper_errors)) {
        list = static_cast<zend_llist *>(
            zend_hash_str_find_ptr(FG(wrapper_errors), reinterpret_cast<const char *>(&from), sizeof(from)));
    }
    if (list && zend_llist_count(list) > 0) {
        zend_llist_position pos;
        for (auto **msg = static_cast<char **>(zend_llist_get_first_ex(list, &pos)); msg;
             msg = static_cast<char **>(zend_llist_get_next_ex(list, &pos))) {
            php_stream_wrapper_log_error(wrapper, options & ~REPORT_ERRORS, "%s", *msg);
        }
        zend_hash_str_del(FG(wrapper_errors), reinterpret_cast<const char *>(&from), sizeof(from));
    } else {
        php_stream_wrapper_log_error(wrapper, options & ~REPORT_ERRORS, "%s", strerror(err));
    }
    errno = err;
}

bool pooled(const php_stream_wrapper *wrapper, int options) {
    return offloading_for(wrapper) && !(options & (STREAM_OPEN_FOR_INCLUDE | USE_PATH));
}

// ---- helpers doing the work on the pool (their C++ objects end before resumed())

struct OpenResult {
    int fd = -1;
    int err = 0;
    struct stat sb {};
};

int pooled_open(const char *path, int flags, OpenResult *res) {
    struct Job {
        std::string path;
        int flags;
        std::mutex mutex;
        bool done = false, abandoned = false;
        OpenResult out;
    };
    auto job = std::make_shared<Job>();
    job->path = path;
    job->flags = flags;
    int rc = fh::offload([job] {
        int fd;
        do fd = ::open(job->path.c_str(), job->flags, 0666);
        while (fd < 0 && errno == EINTR);
        job->out.err = fd < 0 ? errno : 0;
        if (fd >= 0 && ::fstat(fd, &job->out.sb) != 0) memset(&job->out.sb, 0, sizeof(job->out.sb));
        std::lock_guard<std::mutex> lock(job->mutex);
        job->done = true;
        job->out.fd = fd;
        if (job->abandoned && fd >= 0) ::close(fd);
    });
    std::lock_guard<std::mutex> lock(job->mutex);
    if (rc != 0) {
        if (job->done && job->out.fd >= 0) ::close(job->out.fd);
        job->abandoned = true;
        res->err = ECANCELED;
        return -1;
    }
    *res = job->out;
    return res->fd >= 0 ? 0 : -1;
}

enum class PathCall {
    kStat,
    kLstat,
    kUnlink,
    kRename,
    kMkdir,
    kMkdirRecursive,
    kRmdir,
    kTouch,
    kChmod,
    kChown,
    kLchown
};

// One path syscall on the pool; 0 or -1 with *err. kTouch sets *created_failed when the file
// could not be created (PHP words that failure differently).
int pooled_path(PathCall call, const char *path, const char *path2, long arg, long arg2, struct stat *sb, int *err,
                bool *create_failed = nullptr) {
    struct Job {
        std::string path, path2;
        struct stat sb {};
        int ret = -1, err = 0;
        bool create_failed = false;
    };
    auto job = std::make_shared<Job>();
    job->path = path;
    if (path2) job->path2 = path2;
    int rc = fh::offload([job, call, arg, arg2] {
        const char *p = job->path.c_str();
        int r = -1;
        switch (call) {
            case PathCall::kStat: r = ::stat(p, &job->sb); break;
            case PathCall::kLstat: r = ::lstat(p, &job->sb); break;
            case PathCall::kUnlink: r = ::unlink(p); break;
            case PathCall::kRename: r = ::rename(p, job->path2.c_str()); break;
            case PathCall::kMkdir: r = ::mkdir(p, static_cast<mode_t>(arg)); break;
            case PathCall::kMkdirRecursive: {
                r = ::mkdir(p, static_cast<mode_t>(arg));
                if (r == 0 || errno != ENOENT) break;
                std::string prefix = job->path;  // create the missing parents, then the directory
                for (size_t i = 1; i < prefix.size(); ++i) {
                    if (prefix[i] != '/') continue;
                    prefix[i] = '\0';
                    if (::mkdir(prefix.c_str(), static_cast<mode_t>(arg)) != 0 && errno != EEXIST) {
                        r = -1;
                        break;
                    }
                    prefix[i] = '/';
                }
                if (prefix == job->path) r = ::mkdir(p, static_cast<mode_t>(arg));
                break;
            }
            case PathCall::kRmdir: r = ::rmdir(p); break;
            case PathCall::kTouch: {
                if (::access(p, F_OK) != 0) {
                    int fd = ::open(p, O_WRONLY | O_CREAT | O_TRUNC, 0666);
                    if (fd < 0) {
                        job->create_failed = true;
                        break;
                    }
                    ::close(fd);
                }
                struct utimbuf t {
                    static_cast<time_t>(arg2), static_cast<time_t>(arg)
                };  // atime, mtime
                r = ::utime(p, &t);
                break;
            }
            case PathCall::kChmod: r = ::chmod(p, static_cast<mode_t>(arg)); break;
            case PathCall::kChown: r = ::chown(p, static_cast<uid_t>(arg), static_cast<gid_t>(arg2)); break;
            case PathCall::kLchown: r = ::lchown(p, static_cast<uid_t>(arg), static_cast<gid_t>(arg2)); break;
        }
        job->ret = r;
        job->err = r < 0 ? errno : 0;
    });
    if (rc != 0) {
        *err = ECANCELED;
        return -1;
    }
    if (sb) *sb = job->sb;
    if (create_failed) *create_failed = job->create_failed;
    *err = job->err;
    return job->ret;
}

struct DirResult {
    std::vector<std::string> names;
    int err = 0;
};

int pooled_readdir(const char *path, DirResult *res) {
    struct Job {
        std::string path;
        DirResult out;
    };
    auto job = std::make_shared<Job>();
    job->path = path;
    int rc = fh::offload([job] {
        DIR *dir = ::opendir(job->path.c_str());
        if (!dir) {
            job->out.err = errno;
            return;
        }
        while (struct dirent *e = ::readdir(dir)) job->out.names.emplace_back(e->d_name);
        ::closedir(dir);
    });
    if (rc != 0) {
        res->err = ECANCELED;
        return -1;
    }
    *res = std::move(job->out);
    return res->err ? -1 : 0;
}

// The PHP function being called (chown and lchown share the metadata hook).
bool called_as(const char *name) {
    zend_execute_data *ex = EG(current_execute_data);
    return ex && ex->func && ex->func->common.function_name &&
           zend_string_equals_cstr(ex->func->common.function_name, name, strlen(name));
}

// ---- wrapper operations

php_stream *w_open(php_stream_wrapper *wrapper, const char *path, const char *mode, int options,
                   zend_string **opened_path, php_stream_context *context STREAMS_DC) {
    path = async_path(wrapper, path);
    if (!pooled(wrapper, options)) {
        php_stream *s = plain()->wops->stream_opener(plain(), path, mode, options, opened_path, context STREAMS_REL_CC);
        if (!s) adopt_errors(wrapper, options, errno);
        return s;
    }
    if (!(options & STREAM_DISABLE_OPEN_BASEDIR) && php_check_open_basedir(path)) {
        adopt_errors(wrapper, options, errno);
        return nullptr;
    }
    int flags = 0;
    if (php_stream_parse_fopen_modes(mode, &flags) == FAILURE) {
        php_stream_wrapper_log_error(wrapper, options, "`%s' is not a valid mode for fopen", mode);
        return nullptr;
    }
    char real[MAXPATHLEN];
    if (options & STREAM_ASSUME_REALPATH) {
        strlcpy(real, path, sizeof(real));
    } else if (!expand_filepath(path, real)) {
        adopt_errors(wrapper, options, errno);
        return nullptr;
    }
    PhpCoroutine *p = gust::php::current();
    OpenResult res;
    int r = pooled_open(real, flags, &res);
    if (!gust::php::resumed(p)) {
        if (r == 0) ::close(res.fd);
        return nullptr;
    }
    if (r != 0) {
        adopt_errors(wrapper, options, res.err);
        return nullptr;
    }
    php_stream *stream = fh::stream_from_fd(res.fd, res.sb, mode, is_async(wrapper));
    if (opened_path) *opened_path = zend_string_init(real, strlen(real), 0);
    return stream;
}

int w_url_stat(php_stream_wrapper *wrapper, const char *url, int flags, php_stream_statbuf *ssb,
               php_stream_context *context) {
    url = async_path(wrapper, url);
    if (!offloading_for(wrapper)) return plain()->wops->url_stat(plain(), url, flags, ssb, context);
    url = strip_scheme(url);
    if (PG(open_basedir) && *PG(open_basedir)) {
        // php_stat() checks (with a warning) only for the plain wrapper itself, so it is done here.
        int warn = (flags & PHP_STREAM_URL_STAT_IGNORE_OPEN_BASEDIR) ? 1 : !(flags & PHP_STREAM_URL_STAT_QUIET);
        if (php_check_open_basedir_ex(url, warn)) return -1;
    }
    PhpCoroutine *p = gust::php::current();
    int err = 0;
    struct stat sb {};
    int r = pooled_path((flags & PHP_STREAM_URL_STAT_LINK) ? PathCall::kLstat : PathCall::kStat, url, nullptr, 0, 0,
                        &sb, &err);
    if (!gust::php::resumed(p)) return -1;
    if (r == 0) memcpy(&ssb->sb, &sb, sizeof(ssb->sb));
    errno = err;
    return r;
}

int w_unlink(php_stream_wrapper *wrapper, const char *url, int options, php_stream_context *context) {
    url = async_path(wrapper, url);
    if (!offloading_for(wrapper)) return plain()->wops->unlink(plain(), url, options, context);
    url = strip_scheme(url);
    if (php_check_open_basedir(url)) return 0;
    PhpCoroutine *p = gust::php::current();
    int err = 0;
    int r = pooled_path(PathCall::kUnlink, url, nullptr, 0, 0, nullptr, &err);
    if (!gust::php::resumed(p)) return 0;
    if (r != 0) {
        if (options & REPORT_ERRORS) php_error_docref1(nullptr, url, E_WARNING, "%s", strerror(err));
        errno = err;
        return 0;
    }
    php_clear_stat_cache(1, nullptr, 0);
    return 1;
}

int w_rename(php_stream_wrapper *wrapper, const char *from, const char *to, int options, php_stream_context *context) {
    from = async_path(wrapper, from);
    to = async_path(wrapper, to);
    if (!offloading_for(wrapper) || !from || !to) return plain()->wops->rename(plain(), from, to, options, context);
    const char *src = strip_scheme(from), *dst = strip_scheme(to);
    if (php_check_open_basedir(src) || php_check_open_basedir(dst)) return 0;
    PhpCoroutine *p = gust::php::current();
    int err = 0;
    int r = pooled_path(PathCall::kRename, src, dst, 0, 0, nullptr, &err);
    if (!gust::php::resumed(p)) return 0;
    if (r != 0) {
        // Across file systems PHP copies and unlinks: its own wrapper does that (on this thread).
        if (err == EXDEV) return plain()->wops->rename(plain(), from, to, options, context);
        php_error_docref2(nullptr, src, dst, E_WARNING, "%s", strerror(err));
        errno = err;
        return 0;
    }
    php_clear_stat_cache(1, nullptr, 0);
    return 1;
}

int w_mkdir(php_stream_wrapper *wrapper, const char *url, int mode, int options, php_stream_context *context) {
    url = async_path(wrapper, url);
    if (!offloading_for(wrapper)) return plain()->wops->stream_mkdir(plain(), url, mode, options, context);
    url = strip_scheme(url);
    char real[MAXPATHLEN];
    bool recursive = options & PHP_STREAM_MKDIR_RECURSIVE;
    if (recursive) {
        if (!expand_filepath_with_mode(url, real, nullptr, 0, CWD_EXPAND)) {
            php_error_docref(nullptr, E_WARNING, "Invalid path");
            return 0;
        }
        url = real;
    }
    if (php_check_open_basedir(url)) return 0;
    PhpCoroutine *p = gust::php::current();
    int err = 0;
    int r = pooled_path(recursive ? PathCall::kMkdirRecursive : PathCall::kMkdir, url, nullptr, mode, 0, nullptr, &err);
    if (!gust::php::resumed(p)) return 0;
    if (r != 0) {
        php_error_docref(nullptr, E_WARNING, "%s", strerror(err));
        errno = err;
        return 0;
    }
    return 1;
}

int w_rmdir(php_stream_wrapper *wrapper, const char *url, int options, php_stream_context *context) {
    url = async_path(wrapper, url);
    if (!offloading_for(wrapper)) return plain()->wops->stream_rmdir(plain(), url, options, context);
    url = strip_scheme(url);
    if (php_check_open_basedir(url)) return 0;
    PhpCoroutine *p = gust::php::current();
    int err = 0;
    int r = pooled_path(PathCall::kRmdir, url, nullptr, 0, 0, nullptr, &err);
    if (!gust::php::resumed(p)) return 0;
    if (r != 0) {
        php_error_docref1(nullptr, url, E_WARNING, "%s", strerror(err));
        errno = err;
        return 0;
    }
    php_clear_stat_cache(1, nullptr, 0);
    return 1;
}

// touch(), chmod(), chown()/lchown(), chgrp()/lchgrp(): PHP calls these directly for plain paths,
// so the warnings here are worded as those functions word them.
int w_metadata(php_stream_wrapper *wrapper, const char *url, int option, void *value, php_stream_context *context) {
    url = async_path(wrapper, url);
    bool by_name = option == PHP_STREAM_META_OWNER_NAME || option == PHP_STREAM_META_GROUP_NAME;
    if (!offloading_for(wrapper) || by_name)
        return plain()->wops->stream_metadata(plain(), url, option, value, context);
    url = strip_scheme(url);
    if (php_check_open_basedir(url)) return 0;
    PathCall call;
    long a = 0, b = 0;
    switch (option) {
        case PHP_STREAM_META_TOUCH: {
            auto *t = static_cast<struct utimbuf *>(value);
            call = PathCall::kTouch;
            a = t ? t->modtime : time(nullptr);
            b = t ? t->actime : a;
            break;
        }
        case PHP_STREAM_META_ACCESS:
            call = PathCall::kChmod;
            a = static_cast<long>(*static_cast<zend_long *>(value));
            break;
        case PHP_STREAM_META_OWNER:
        case PHP_STREAM_META_GROUP: {
            bool link = called_as("lchown") || called_as("lchgrp");
            call = link ? PathCall::kLchown : PathCall::kChown;
            long id = static_cast<long>(*static_cast<uid_t *>(value));
            a = option == PHP_STREAM_META_OWNER ? id : -1;
            b = option == PHP_STREAM_META_GROUP ? id : -1;
            break;
        }
        default: return plain()->wops->stream_metadata(plain(), url, option, value, context);
    }
    PhpCoroutine *p = gust::php::current();
    int err = 0;
    bool create_failed = false;
    int r = pooled_path(call, url, nullptr, a, b, nullptr, &err, &create_failed);
    if (!gust::php::resumed(p)) return 0;
    if (create_failed) {
        php_error_docref(nullptr, E_WARNING, "Unable to create file %s because %s", url, strerror(err));
        return 0;
    }
    if (r != 0) {
        if (call == PathCall::kTouch) {
            php_error_docref(nullptr, E_WARNING, "Utime failed: %s", strerror(err));
        } else {
            php_error_docref(nullptr, E_WARNING, "%s", strerror(err));
        }
        errno = err;
        return 0;
    }
    php_clear_stat_cache(0, nullptr, 0);
    return 1;
}

php_stream *w_opendir(php_stream_wrapper *wrapper, const char *path, const char *mode, int options,
                      zend_string **opened_path, php_stream_context *context STREAMS_DC) {
    path = async_path(wrapper, path);
    if (!offloading_for(wrapper) || (options & STREAM_USE_GLOB_DIR_OPEN)) {
        php_stream *s = plain()->wops->dir_opener(plain(), path, mode, options, opened_path, context STREAMS_REL_CC);
        if (!s) adopt_errors(wrapper, options, errno);
        return s;
    }
    if (!(options & STREAM_DISABLE_OPEN_BASEDIR) && php_check_open_basedir(path)) {
        adopt_errors(wrapper, options, errno);
        return nullptr;
    }
    PhpCoroutine *p = gust::php::current();
    DirResult res;
    int r = pooled_readdir(path, &res);
    if (!gust::php::resumed(p)) return nullptr;
    if (r != 0) {
        adopt_errors(wrapper, options, res.err);
        return nullptr;
    }
    return fh::dir_stream(std::move(res.names), mode);
}

const php_stream_wrapper_ops g_wops = {
    w_open, nullptr, nullptr, w_url_stat, w_opendir, "plainfile", w_unlink, w_rename, w_mkdir, w_rmdir, w_metadata,
};
php_stream_wrapper g_wrapper = {&g_wops, nullptr, 0};
const php_stream_wrapper_ops g_async_wops = {
    w_open, nullptr, nullptr, w_url_stat, w_opendir, "async.file", w_unlink, w_rename, w_mkdir, w_rmdir, w_metadata,
};
php_stream_wrapper g_async_wrapper = {&g_async_wops, nullptr, 0};

php_stream_wrapper *current_file_wrapper() {
    HashTable *ht = php_stream_get_url_stream_wrappers_hash();
    return ht ? static_cast<php_stream_wrapper *>(zend_hash_str_find_ptr(ht, "file", 4)) : nullptr;
}

void replace_file_wrapper(php_stream_wrapper *with) {
    zend_string *name = zend_string_init("file", 4, 0);
    php_unregister_url_stream_wrapper_volatile(name);
    php_register_url_stream_wrapper_volatile(name, with);
    zend_string_release(name);
}

void apply(uint32_t flags) {
    bool on = (flags & hooks::kFile) != 0;
    php_stream_wrapper *now = current_file_wrapper();
    if (on) {
        // Only PHP's own wrapper is replaced: a user's "file" wrapper (or none) stays as it is.
        if (now == plain()) replace_file_wrapper(&g_wrapper);
    } else if (now == &g_wrapper && FG(stream_wrappers)) {
        replace_file_wrapper(plain());
    }
}

}  // namespace

// Swoole's async.file:// wrapper: file work that goes to the worker pool inside coroutines without
// SWOOLE_HOOK_FILE (outside them it is PHP's plain-files wrapper, as the hooked one is).
void gust::php::hooks::async_file_minit() { php_register_url_stream_wrapper("async.file", &g_async_wrapper); }

GUST_HOOK_AREA(g_file_area, "file", hooks::kFile, apply);
