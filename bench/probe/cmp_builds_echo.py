"""TCP echo PROCESS/BASE for two builds alternated in one run (medians): old and new gust.so.

  OLD_SO=/path/a/gust.so NEW_SO=/path/b/gust.so python3 bench/probe/cmp_builds_echo.py old,new 5
"""
import os
import pathlib
import sys
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
import seed003
ACC = os.environ.get("ACCEPT", "/work/shared/acceptance") + "/"
builds = {"old": os.environ.get("OLD_SO", ""), "new": os.environ.get("NEW_SO", "")}
names = sys.argv[1].split(",") if len(sys.argv) > 1 else ["old", "new"]
reps = int(sys.argv[2]) if len(sys.argv) > 2 else 3
secs = {(b, m): [] for b in names for m in ("base", "process")}
for _ in range(reps):
    for b in names:
        for m in ("base", "process"):
            r = seed003.run_php(["php", "-n", "-d", f"extension={builds[b]}"], ACC + "seed003_tcp_echo.php", ACC + "seed003_idle_conns.py", [0], m)
            secs[(b, m)].append(r[0])
for b in names:
    med = {m: sorted(secs[(b, m)])[len(secs[(b, m)]) // 2] for m in ("base", "process")}
    print(b, "base", secs[(b, "base")], "process", secs[(b, "process")], "ratio", round(med["base"] / med["process"], 2), flush=True)
