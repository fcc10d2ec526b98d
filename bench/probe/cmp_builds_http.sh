#!/bin/bash
# HTTP hello, BASE and PROCESS (1 worker) for two builds alternated in one run, wrk -t1 -c100.
#   OLD_SO=/path/a/gust.so NEW_SO=/path/b/gust.so bash bench/probe/cmp_builds_http.sh "old new" REPS [SECONDS]
# SCRIPT= another server script taking PORT MODE WORKERS.
declare -A SO=([old]=$OLD_SO [new]=$NEW_SO)
SCRIPT=${SCRIPT:-/work/shared/acceptance/seed004_http_hello.php}
for rep in $(seq $2); do
  for b in $1; do
    for m in base process; do
      PORT=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
      setsid php -n -d extension=${SO[$b]} $SCRIPT $PORT $m 1 >/dev/null 2>&1 &
      PID=$!
      for i in $(seq 50); do curl -s -o /dev/null http://127.0.0.1:$PORT/ && break; sleep 0.1; done
      R=$(wrk -t1 -c100 -d${3:-4}s http://127.0.0.1:$PORT/ | awk '/Requests\/sec/{print $2}')
      echo "$b $m $R"
      kill -TERM -- -$PID 2>/dev/null; wait $PID 2>/dev/null
    done
  done
done
