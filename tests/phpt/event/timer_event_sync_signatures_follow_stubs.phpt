--TEST--
Swoole\Timer, Swoole\Event, WaitGroup, Barrier and the swoole_timer_* / swoole_event_* functions have Swoole 6's signatures
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
function sig(ReflectionFunctionAbstract $f): string {
    $params = array_map(fn($p) => $p->getType() . ' ' . ($p->isPassedByReference() ? '&' : '') . ($p->isVariadic() ? '...' : '') . '$' . $p->getName()
        . ($p->isDefaultValueAvailable() ? ' = ' . ($p->isDefaultValueConstant() ? $p->getDefaultValueConstantName() : var_export($p->getDefaultValue(), true)) : ''), $f->getParameters());
    return ($f instanceof ReflectionMethod ? ($f->isStatic() ? 'static ' : '') . $f->class . '::' : '') . $f->getName()
        . '(' . implode(', ', $params) . ')' . ($f->hasReturnType() ? ': ' . $f->getReturnType() : '');
}
foreach (['Swoole\Timer', 'Swoole\Event', 'Swoole\Coroutine\WaitGroup', 'Swoole\Coroutine\Barrier'] as $class) {
    foreach ((new ReflectionClass($class))->getMethods() as $m) echo sig($m), "\n";
}
foreach (get_extension_funcs('swoole') as $fn) {
    if (preg_match('/^swoole_(timer|event)_/', $fn)) echo sig(new ReflectionFunction($fn)), "\n";
}
var_dump(SWOOLE_EVENT_READ, SWOOLE_EVENT_WRITE);
?>
--EXPECT--
static Swoole\Timer::set(array $settings): void
static Swoole\Timer::tick(int $ms, callable $callback, mixed ...$params): int|false
static Swoole\Timer::after(int $ms, callable $callback, mixed ...$params): int|false
static Swoole\Timer::exists(int $timer_id): bool
static Swoole\Timer::info(int $timer_id): ?array
static Swoole\Timer::stats(): array
static Swoole\Timer::list(): Swoole\Timer\Iterator
static Swoole\Timer::clear(int $timer_id): bool
static Swoole\Timer::clearAll(): bool
static Swoole\Event::add(mixed $fd, ?callable $read_callback = NULL, ?callable $write_callback = NULL, int $events = SWOOLE_EVENT_READ): int|false
static Swoole\Event::del(mixed $fd): bool
static Swoole\Event::set(mixed $fd, ?callable $read_callback = NULL, ?callable $write_callback = NULL, int $events = 0): bool
static Swoole\Event::isset(mixed $fd, int $events = 1536): bool
static Swoole\Event::dispatch(): bool
static Swoole\Event::defer(callable $callback): bool
static Swoole\Event::cycle(?callable $callback, bool $before = false): bool
static Swoole\Event::write(mixed $fd, string $data): bool
static Swoole\Event::wait(): void
static Swoole\Event::exit(): void
static Swoole\Event::rshutdown(): void
Swoole\Coroutine\WaitGroup::__construct(int $delta = 0)
Swoole\Coroutine\WaitGroup::add(int $delta = 1): void
Swoole\Coroutine\WaitGroup::done(): void
Swoole\Coroutine\WaitGroup::wait(float $timeout = -1): bool
Swoole\Coroutine\WaitGroup::count(): int
static Swoole\Coroutine\Barrier::make(): Swoole\Coroutine\Barrier
static Swoole\Coroutine\Barrier::wait(Swoole\Coroutine\Barrier &$barrier, float $timeout = -1): void
swoole_timer_set(array $settings): void
swoole_timer_tick(int $ms, callable $callback, mixed ...$params): int|false
swoole_timer_after(int $ms, callable $callback, mixed ...$params): int|false
swoole_timer_exists(int $timer_id): bool
swoole_timer_info(int $timer_id): ?array
swoole_timer_stats(): array
swoole_timer_list(): Swoole\Timer\Iterator
swoole_timer_clear(int $timer_id): bool
swoole_timer_clear_all(): bool
swoole_event_add(mixed $fd, ?callable $read_callback = NULL, ?callable $write_callback = NULL, int $events = SWOOLE_EVENT_READ): int|false
swoole_event_set(mixed $fd, ?callable $read_callback = NULL, ?callable $write_callback = NULL, int $events = 0): bool
swoole_event_del(mixed $fd): bool
swoole_event_write(mixed $fd, string $data): bool
swoole_event_wait(): void
swoole_event_exit(): void
swoole_event_defer(callable $callback): bool
swoole_event_cycle(?callable $callback, bool $before = false): bool
swoole_event_dispatch(): bool
swoole_event_isset(mixed $fd, int $events = 1536): bool
int(512)
int(1024)
