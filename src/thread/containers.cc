#include "gust/thread/containers.h"

#include <chrono>

namespace gust::thread {

// ---- Map

std::optional<Value> Map::get(const Key &k) const {
    std::shared_lock lock(mutex_);
    auto it = index_.find(k);
    if (it == index_.end()) return std::nullopt;
    return it->second->second;
}

bool Map::exists(const Key &k) const {
    std::shared_lock lock(mutex_);
    return index_.count(k) != 0;
}

void Map::set(const Key &k, Value v) {
    Value old;  // released after the lock: a nested container's last reference may go with it
    std::unique_lock lock(mutex_);
    auto it = index_.find(k);
    if (it != index_.end()) {
        std::swap(old, it->second->second);
        it->second->second = std::move(v);
        return;
    }
    order_.emplace_back(k, std::move(v));
    index_.emplace(k, std::prev(order_.end()));
}

bool Map::add(const Key &k, Value v) {
    std::unique_lock lock(mutex_);
    if (index_.count(k)) return false;
    order_.emplace_back(k, std::move(v));
    index_.emplace(k, std::prev(order_.end()));
    return true;
}

bool Map::update(const Key &k, Value v) {
    Value old;
    std::unique_lock lock(mutex_);
    auto it = index_.find(k);
    if (it == index_.end()) return false;
    std::swap(old, it->second->second);
    it->second->second = std::move(v);
    return true;
}

void Map::erase(const Key &k) {
    Order gone;
    std::unique_lock lock(mutex_);
    auto it = index_.find(k);
    if (it == index_.end()) return;
    gone.splice(gone.end(), order_, it->second);
    index_.erase(it);
}

size_t Map::size() const {
    std::shared_lock lock(mutex_);
    return order_.size();
}

void Map::clear() {
    Order gone;
    std::unique_lock lock(mutex_);
    gone.swap(order_);
    index_.clear();
}

std::optional<Key> Map::find(const Value &v) const {
    std::shared_lock lock(mutex_);
    for (const auto &[k, value] : order_) {
        if (value.identical(v)) return k;
    }
    return std::nullopt;
}

ArrayEntries Map::entries() const {
    std::shared_lock lock(mutex_);
    return ArrayEntries(order_.begin(), order_.end());
}

Value Map::increment(const Key &k, const Value &delta) {
    std::unique_lock lock(mutex_);
    auto it = index_.find(k);
    if (it == index_.end()) {
        Value v = thread::increment(Value(), delta);
        order_.emplace_back(k, v);
        index_.emplace(k, std::prev(order_.end()));
        return v;
    }
    Value &slot = it->second->second;
    Value v = thread::increment(slot, delta);
    Value old = std::exchange(slot, v);
    lock.unlock();
    return v;
}

// ---- List

std::optional<Value> List::get(size_t i) const {
    std::shared_lock lock(mutex_);
    if (i >= items_.size()) return std::nullopt;
    return items_[i];
}

bool List::set(size_t i, Value v) {
    Value old;
    std::unique_lock lock(mutex_);
    if (i > items_.size()) return false;
    if (i == items_.size()) {
        items_.push_back(std::move(v));
    } else {
        old = std::exchange(items_[i], std::move(v));
    }
    return true;
}

size_t List::push(Value v) {
    std::unique_lock lock(mutex_);
    items_.push_back(std::move(v));
    return items_.size() - 1;
}

bool List::erase(size_t i) {
    Value old;
    std::unique_lock lock(mutex_);
    if (i >= items_.size()) return false;
    old = std::move(items_[i]);
    items_.erase(items_.begin() + static_cast<std::ptrdiff_t>(i));
    return true;
}

size_t List::size() const {
    std::shared_lock lock(mutex_);
    return items_.size();
}

void List::clear() {
    std::vector<Value> gone;
    std::unique_lock lock(mutex_);
    gone.swap(items_);
}

std::optional<size_t> List::find(const Value &v) const {
    std::shared_lock lock(mutex_);
    for (size_t i = 0; i < items_.size(); ++i) {
        if (items_[i].identical(v)) return i;
    }
    return std::nullopt;
}

std::vector<Value> List::values() const {
    std::shared_lock lock(mutex_);
    return items_;
}

std::optional<Value> List::increment(size_t i, const Value &delta) {
    std::unique_lock lock(mutex_);
    if (i > items_.size()) return std::nullopt;
    if (i == items_.size()) {
        items_.push_back(thread::increment(Value(), delta));
        return items_.back();
    }
    Value v = thread::increment(items_[i], delta);
    Value old = std::exchange(items_[i], v);
    lock.unlock();
    return v;
}

// ---- Queue

void Queue::push(Value v, Notify notify) {
    {
        std::lock_guard lock(mutex_);
        items_.push_back(std::move(v));
    }
    if (notify == kOne) cond_.notify_one();
    else if (notify == kAll) cond_.notify_all();
}

std::optional<Value> Queue::pop(Nanos timeout) {
    std::unique_lock lock(mutex_);
    if (items_.empty() && timeout != 0) {
        auto ready = [&] { return !items_.empty(); };
        if (timeout < 0) {
            cond_.wait(lock, ready);
        } else {
            cond_.wait_for(lock, std::chrono::nanoseconds(timeout), ready);
        }
    }
    if (items_.empty()) return std::nullopt;
    Value v = std::move(items_.front());
    items_.pop_front();
    return v;
}

size_t Queue::size() const {
    std::lock_guard lock(mutex_);
    return items_.size();
}

void Queue::clear() {
    std::deque<Value> gone;
    std::lock_guard lock(mutex_);
    gone.swap(items_);
}

}  // namespace gust::thread
