// What this build of Gust is: version, build mode, compiled-in features.
#pragma once

namespace gust {

const char *version();
// "debug", "release", "tsan" or "fuzz".
const char *build_mode();
// Space-separated list of features compiled in, e.g. "epoll poll signalfd c-ares".
const char *features();

}  // namespace gust
