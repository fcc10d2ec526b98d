// hot_reload (development only): the manager watches the configured paths with inotify — every
// directory under them, and each new one as it appears — and, once changes to files with a watched
// extension have been quiet for debounce_ms, reloads the workers as SIGUSR1 (Server::reload()) does.
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <string>
#include <unordered_map>

#include "server/operations.h"
#include "gust/base/log.h"

namespace gust::php::srv {

struct HotReload final : loop::IoHandler {
    Server *server = nullptr;
    loop::Loop *loop = nullptr;
    int fd = -1;
    loop::WatchId watch{};
    loop::TimerId debounce = 0;
    std::unordered_map<int, std::string> dirs;  // watch descriptor -> directory
    std::string last_file;                      // the latest change, for the log line
    size_t changes = 0;

    void on_io(uint32_t) override;
};

namespace {

constexpr uint32_t kDirEvents = IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE;
constexpr size_t kMaxDirs = 8192;  // inotify watches are a per-user kernel budget

bool is_dir(const std::string &path) {
    struct stat st;
    return stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

// Watches `dir` and every directory below it (hidden ones, such as .git, left out).
void watch_tree(HotReload *h, const std::string &dir) {
    if (h->dirs.size() >= kMaxDirs) return;
    const int wd = inotify_add_watch(h->fd, dir.c_str(), kDirEvents | IN_ONLYDIR);
    if (wd < 0) {
        GUST_LOG_WARN("hot reload cannot watch %s: %s", dir.c_str(), strerror(errno));
        return;
    }
    h->dirs[wd] = dir;
    DIR *d = opendir(dir.c_str());
    if (!d) return;
    while (dirent *e = readdir(d)) {
        if (e->d_name[0] == '.') continue;
        const std::string child = dir + "/" + e->d_name;
        if (e->d_type == DT_DIR || (e->d_type == DT_UNKNOWN && is_dir(child))) watch_tree(h, child);
    }
    closedir(d);
}

bool watched_extension(const Server *s, const char *name) {
    const std::vector<std::string> &exts = s->settings.hot_reload_extensions;
    if (exts.empty()) return true;
    const char *dot = strrchr(name, '.');
    if (!dot) return false;
    for (const std::string &e : exts) {
        const char *want = e.c_str();
        if (*want == '.') ++want;
        if (strcmp(dot + 1, want) == 0) return true;
    }
    return false;
}

void quiet(void *arg, loop::TimerId) {
    auto *h = static_cast<HotReload *>(arg);
    h->debounce = 0;
    // Always logged (as the start line): development only, and what triggered a reload matters.
    log_write(LogLevel::kWarning, "hot reload: %zu change%s (last: %s); reloading the workers", h->changes,
              h->changes == 1 ? "" : "s", h->last_file.c_str());
    h->changes = 0;
    // The manager's own reload path, as Server::reload() and SIGUSR1 take it.
    kill(getpid(), SIGUSR1);
}

}  // namespace

void HotReload::on_io(uint32_t) {
    alignas(inotify_event) char buf[16384];
    bool relevant = false;
    for (;;) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n <= 0) break;
        for (ssize_t off = 0; off < n;) {
            auto *ev = reinterpret_cast<inotify_event *>(buf + off);
            off += static_cast<ssize_t>(sizeof(inotify_event) + ev->len);
            if (ev->mask & IN_IGNORED) {
                dirs.erase(ev->wd);
                continue;
            }
            auto dir = dirs.find(ev->wd);
            if (dir == dirs.end() || ev->len == 0) continue;
            const std::string path = dir->second + "/" + ev->name;
            if ((ev->mask & IN_ISDIR) && (ev->mask & (IN_CREATE | IN_MOVED_TO))) {
                if (ev->name[0] != '.') watch_tree(this, path);  // a new directory: its files count too
                continue;
            }
            if (ev->mask & IN_ISDIR) continue;
            if (ev->mask & IN_CREATE) continue;  // its IN_CLOSE_WRITE follows once it is written
            if (!watched_extension(server, ev->name)) continue;
            last_file = path;
            ++changes;
            relevant = true;
        }
    }
    if (!relevant) return;
    if (debounce) loop->cancel_timer(debounce);
    debounce = loop->add_timer(server->settings.hot_reload_debounce_ms * kNanosPerMilli, 0, quiet, this);
}

void hot_reload_start(Server *s, LoopState *rt) {
    if (s->settings.hot_reload_paths.empty() || s->hot_reload) return;
    auto *h = new HotReload();
    h->server = s;
    h->loop = rt->loop.get();
    h->fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (h->fd < 0) {
        GUST_LOG_ERROR("hot reload is off: inotify_init1 failed: %s", strerror(errno));
        delete h;
        return;
    }
    for (const std::string &p : s->settings.hot_reload_paths) {
        if (is_dir(p)) {
            watch_tree(h, p);
        } else {
            // A single file: its directory is watched and the extension filter still applies.
            const size_t slash = p.rfind('/');
            watch_tree(h, slash == std::string::npos ? "." : (slash == 0 ? "/" : p.substr(0, slash)));
        }
    }
    auto w = h->loop->watch(h->fd, loop::kReadable, h);
    if (!w.ok()) {
        GUST_LOG_ERROR("hot reload is off: cannot watch the inotify descriptor");
        ::close(h->fd);
        delete h;
        return;
    }
    h->watch = w.value();
    h->loop->set_watch_ref(h->watch, false);  // the manager's loop ends on its own terms
    s->hot_reload = h;
    std::string exts;
    for (const std::string &e : s->settings.hot_reload_extensions) exts += (exts.empty() ? "" : ",") + e;
    // Loud on purpose (whatever log_level says): reloading on file changes is for development.
    log_write(LogLevel::kWarning,
              "hot reload is ON: development only (watching %zu director%s, extensions: %s, debounce %ld ms)",
              h->dirs.size(), h->dirs.size() == 1 ? "y" : "ies", exts.empty() ? "any" : exts.c_str(),
              static_cast<long>(s->settings.hot_reload_debounce_ms));
}

void hot_reload_stop(Server *s, LoopState *rt) {
    HotReload *h = s->hot_reload;
    if (!h) return;
    s->hot_reload = nullptr;
    if (h->debounce) rt->loop->cancel_timer(h->debounce);
    if (h->watch.valid()) rt->loop->unwatch(h->watch);
    ::close(h->fd);
    delete h;
}

void hot_reload_forget_inherited(Server *s) {
    HotReload *h = s->hot_reload;
    if (!h) return;
    s->hot_reload = nullptr;
    ::close(h->fd);
    delete h;
}

}  // namespace gust::php::srv
