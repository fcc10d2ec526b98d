// A PHP value in a form any thread may read: Swoole\Thread's arguments and what its containers
// hold. Plain data is copied (null, bools, ints, floats, strings, arrays of those); a container
// (Thread\Map, ArrayList, Queue, Lock, Atomic, Barrier) is shared: the value holds a reference to
// it, so each thread that reads it sees the same container. PHP-free: ext/thread/ converts.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace gust::thread {

// What a shared container is, so the binding can make the right PHP object for it.
enum class Kind { kMap, kList, kQueue, kLock, kAtomic, kAtomicLong, kBarrier };

// Every shared container derives from this; a Value refers to one through a shared_ptr, so the
// container lives while any thread's object or any stored value still refers to it.
class Shared {
public:
    explicit Shared(Kind kind) : kind_(kind) {}
    virtual ~Shared() = default;
    Shared(const Shared &) = delete;
    Shared &operator=(const Shared &) = delete;
    Kind kind() const { return kind_; }

private:
    Kind kind_;
};

// An array key as PHP has them: an integer or a (non-numeric) string.
struct Key {
    bool is_int = true;
    int64_t i = 0;
    std::string s;

    static Key of(int64_t n) { return Key{true, n, {}}; }
    static Key of(std::string str) { return Key{false, 0, std::move(str)}; }
    bool operator==(const Key &o) const { return is_int == o.is_int && (is_int ? i == o.i : s == o.s); }
};

struct KeyHash {
    size_t operator()(const Key &k) const {
        return k.is_int ? std::hash<int64_t>{}(k.i) : std::hash<std::string>{}(k.s);
    }
};

// A descriptor that crosses threads: its own copy (dup) of a socket's or a stream's fd, closed when
// the last value holding it goes. Each reader makes a PHP object over a further copy.
struct Descriptor {
    enum Type { kCoroutineSocket, kStream };
    Descriptor(int fd, Type type, std::string mode) : fd(fd), type(type), mode(std::move(mode)) {}
    ~Descriptor();
    Descriptor(const Descriptor &) = delete;
    Descriptor &operator=(const Descriptor &) = delete;
    const int fd;
    const Type type;
    const std::string mode;  // a stream's fopen() mode
};

struct Value;
using ArrayEntries = std::vector<std::pair<Key, Value>>;

struct Value {
    struct Null {};
    // An array copied whole (thread arguments); immutable once made, so copies share it.
    using Array = std::shared_ptr<const ArrayEntries>;
    using Ref = std::shared_ptr<Shared>;
    using Fd = std::shared_ptr<const Descriptor>;
    std::variant<Null, bool, int64_t, double, std::string, Array, Ref, Fd> v;

    Value() = default;
    template <class T>
    explicit Value(T x) : v(std::move(x)) {}

    bool is_null() const { return std::holds_alternative<Null>(v); }
    // Same type and same content (arrays: same entries in the same order; containers and descriptors:
    // the same one).
    bool identical(const Value &o) const;
};

// incr()/decr() of the containers, as Swoole's: the stored value keeps its type (an int adds the
// delta cut to an int, wrapping; a float adds it as a float); anything else (absent, a string)
// is replaced by the delta. `delta` is an int or a float.
Value increment(const Value &current, const Value &delta);
Value negate(const Value &delta);

}  // namespace gust::thread
