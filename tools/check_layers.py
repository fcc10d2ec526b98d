#!/usr/bin/env python3
"""Layering check: a core layer may include only itself and the layers below it,
nothing outside ext/ may include a PHP header, and an area of the PHP binding (ext/<area>/)
may include only itself and the areas it is allowed to use (EXT_ALLOWED, which must stay acyclic,
so no include cycle between areas can exist). The binding includes no private core header.

Usage: check_layers.py ROOT   (exit 0 clean, 1 with one line per violation)
"""
import pathlib
import re
import sys

# Which layers each layer may include (itself is always allowed).
ALLOWED = {
    "base": set(),
    "mem": {"base"},
    "loop": {"base", "mem"},
    "coro": {"base", "mem", "loop"},
    "net": {"base", "mem", "loop", "coro"},
    "proto": {"base", "mem"},
    "ipc": {"base", "mem", "loop", "coro", "net"},
    "server": {"base", "mem", "loop", "coro", "net", "proto", "ipc"},
    # Shared memory between processes: needs nothing but base.
    "shm": {"base"},
    # Values and containers that threads share (Swoole\Thread); its counters are shm's.
    "thread": {"base", "shm"},
}
# The binding's areas (docs/ARCHITECTURE.md, "The binding"), lowest first, and what each may use.
# Core headers ("gust/...") are open to every area; PHP headers too.
EXT_ALLOWED = {
    "zend": set(),
    "common": {"zend"},
    "coroutine": {"zend", "common"},
    "event": {"zend", "common", "coroutine"},
    # SWOOLE_HOOK_SOCKETS runs the PHP library's swoole_socket_*() functions.
    "hooks": {"zend", "common", "coroutine", "library"},
    # Process::exportSocket() makes a Coroutine\Socket.
    "process": {"zend", "common", "coroutine", "socket"},
    "shm": {"zend", "common", "coroutine"},
    # Swoole\Thread and its containers (ZTS only); a Coroutine\Socket crosses threads as a new one.
    "thread": {"zend", "common", "socket"},
    # The PHP library classes (pools, name resolvers): a class loader in front of the engine's autoloader.
    "library": {"zend"},
    # Coroutine\Socket: the core's coroutine sockets and the server's framing.
    "socket": {"zend", "common", "coroutine"},
    # Server::tick()/after()/defer() are Timer's and Event's; a THREAD server's workers are
    # Swoole\Thread's script threads, init_arguments crosses as a thread value.
    "server": {"zend", "common", "coroutine", "event", "process", "thread", "socket"},
    "http": {"zend", "common", "coroutine", "event", "process", "server"},
    # Swoole\Redis\Server: a protocol of the server's ports.
    "redis": {"zend", "common", "coroutine", "event", "process", "server"},
    "websocket": {"zend", "common", "coroutine", "event", "process", "server", "http"},
    # `$client->socket` is a Coroutine\Socket.
    "client": {"zend", "common", "coroutine", "event", "process", "server", "http", "websocket", "socket"},
    # Coroutine\Server over Coroutine\Socket; Coroutine\Http\Server answers with ext/http's Response.
    "coserver": {"zend", "common", "coroutine", "socket", "server", "http", "websocket"},
    "module": {"zend", "common", "coroutine", "event", "hooks", "process", "shm", "thread", "socket", "server", "http",
               "websocket", "client", "coserver", "redis", "library"},
}
# Generated from ext/stubs/*.stub.php; any area includes its own.
EXT_SHARED_DIRS = {"stubs"}
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
PHP_HEADER = re.compile(r"^(php|zend|Zend/|main/|ext/|TSRM|SAPI)")
SOURCE_SUFFIXES = {".h", ".hh", ".hpp", ".cc", ".cpp", ".c", ".S", ".inc"}


def layer_of_include(path: str):
    if path.startswith("gust/"):
        parts = path.split("/")
        return parts[1] if len(parts) > 2 else None
    return None


def check_file(root: pathlib.Path, file: pathlib.Path, layer: str, problems: list):
    rel = file.relative_to(root)
    for lineno, line in enumerate(file.read_text(errors="replace").splitlines(), 1):
        m = INCLUDE.match(line)
        if not m:
            continue
        quoted, inc = m.group(1) == '"', m.group(2)
        if PHP_HEADER.match(inc):
            problems.append(f"{rel}:{lineno}: PHP header <{inc}> outside ext/")
            continue
        # Private headers of a layer are included relative to src/, e.g. "loop/epoll.h".
        target = layer_of_include(inc)
        if target is None and quoted and "/" in inc and inc.split("/")[0] in ALLOWED:
            target = inc.split("/")[0]
        if target is None or target == layer:
            continue
        if target not in ALLOWED:
            problems.append(f"{rel}:{lineno}: unknown layer '{target}' in <{inc}>")
        elif target not in ALLOWED[layer]:
            problems.append(f"{rel}:{lineno}: layer '{layer}' includes layer above it: <{inc}>")


def cycle_in(graph: dict):
    """A list of nodes forming a cycle in graph (node -> set of nodes), or None."""
    state = {}

    def visit(node, path):
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt] if nxt in path else [node, nxt]
            if nxt not in state:
                found = visit(nxt, path + [nxt])
                if found:
                    return found
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            found = visit(start, [start])
            if found:
                return found
    return None


def check_ext(root: pathlib.Path, problems: list, allowed: dict = EXT_ALLOWED):
    cycle = cycle_in(allowed)
    if cycle:
        problems.append("ext: the allowed uses between areas form a cycle: " + " -> ".join(cycle))
    base = root / "ext"
    if not base.is_dir():
        return
    for file in sorted(base.rglob("*")):
        if not file.is_file() or file.suffix not in SOURCE_SUFFIXES:
            continue
        rel = file.relative_to(root)
        parts = file.relative_to(base).parts
        area = parts[0] if len(parts) > 1 else None
        if area in EXT_SHARED_DIRS:
            continue
        if area not in allowed:
            problems.append(f"{rel}: not inside a known ext/ area")
            continue
        for lineno, line in enumerate(file.read_text(errors="replace").splitlines(), 1):
            m = INCLUDE.match(line)
            if not m or m.group(1) != '"':
                continue
            inc = m.group(2)
            head = inc.split("/")[0] if "/" in inc else None
            if head is None or head == area or head in EXT_SHARED_DIRS or inc.startswith("gust/"):
                continue
            if head in allowed:
                if head not in allowed[area]:
                    problems.append(f"{rel}:{lineno}: ext area '{area}' may not use area '{head}': <{inc}>")
            elif head in ALLOWED:
                problems.append(f"{rel}:{lineno}: ext includes a private core header <{inc}> (use gust/...)")
    # ext/ is searched before src/ for "<dir>/<file>.h": a binding header may not shadow a core one.
    for header in sorted(base.glob("*/*.h")):
        twin = root / "src" / header.relative_to(base)
        if twin.exists():
            problems.append(f"{header.relative_to(root)}: has the same include path as {twin.relative_to(root)}")


def main() -> int:
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
    problems: list = []
    for top in ("include/gust", "src"):
        base = root / top
        if not base.is_dir():
            continue
        for file in sorted(base.rglob("*")):
            if not file.is_file() or file.suffix not in SOURCE_SUFFIXES:
                continue
            layer = file.relative_to(base).parts[0]
            if layer not in ALLOWED:
                problems.append(f"{file.relative_to(root)}: not inside a known layer")
                continue
            check_file(root, file, layer, problems)
    check_ext(root, problems)
    # Tests, benchmarks, examples and tools are core-only too: no PHP headers.
    for top in ("tests/unit", "tests/fuzz", "bench", "examples"):
        base = root / top
        if not base.is_dir():
            continue
        for file in sorted(base.rglob("*")):
            if file.is_file() and file.suffix in SOURCE_SUFFIXES:
                for lineno, line in enumerate(file.read_text(errors="replace").splitlines(), 1):
                    m = INCLUDE.match(line)
                    if m and PHP_HEADER.match(m.group(2)):
                        problems.append(f"{file.relative_to(root)}:{lineno}: PHP header <{m.group(2)}> outside ext/")
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        print(f"layering check: {len(problems)} violation(s)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
