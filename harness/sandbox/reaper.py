"""The in-container exec wrapper and its reaper: every process a command started is gone when
the command ends, whatever it did to its process group or session.

A process group is not enough: `timeout`, `setsid`, `nohup … &` and double forks all leave
the group (a fork bomb inside `timeout 20` escaped it and starved the host). Every exec runs
with its own marker in the environment, MKA_EXEC_ID, which children inherit whatever group
or session they join. When the command ends (or the host's deadline fires) the reaper walks
/proc and freezes with SIGSTOP — in rounds, until no new process appears, so a bomb that
forks faster than it is killed cannot outrun it — every process carrying this exec's marker
and every unmarked process (one that scrubbed its environment with `env -i`), then kills
them all with SIGKILL. It uses bash builtins only: it never forks, so it still works when
the pids limit is exhausted. Spared: the container's own init and command (MKA_KEEP_PIDS),
other execs running at the same time (their own markers), the harness's services such as
MCP servers (MKA_SERVICE=1) and the one documented way for an agent to keep a background
process, starting it with MKA_KEEP=1 in its environment. The reaper runs only when the exec
says which pids are the container's own (MKA_KEEP_PIDS, found by DockerSandbox at start):
without it, it cannot tell the container's command from an orphan."""

from __future__ import annotations

REAPER = r'''
mka_reap() {  # KEY [force]: force also takes this key's kept processes (closing a service)
  local key=$1 force=$2 keep=" ${MKA_KEEP_PIDS:-1} " d p v line state mine marked kept round found
  local -A stopped=()
  for ((round = 1; round <= 60; round++)); do
    found=0
    for d in /proc/[0-9]*; do
      p=${d#/proc/}
      [[ $p == "$$" || $p == "$BASHPID" || $keep == *" $p "* || -n ${stopped[$p]} ]] && continue
      mine=0; marked=0; kept=0
      { while IFS= read -r -d '' v; do
          case $v in
            MKA_EXEC_ID="$key") mine=1; marked=1 ;;
            MKA_EXEC_ID=*) marked=1 ;;
            MKA_SERVICE=1|MKA_KEEP=1) kept=1 ;;
          esac
        done < "$d/environ"; } 2>/dev/null || continue
      (( kept )) && [[ -z $force || $mine == 0 ]] && continue
      if (( mine || !marked )); then
        { read -r line < "$d/stat"; } 2>/dev/null || continue
        state=${line##*) }; state=${state%% *}
        [[ $state == Z ]] && continue
        kill -STOP "$p" 2>/dev/null && { stopped[$p]=1; found=1; }
      fi
    done
    (( found )) || break
  done
  (( ${#stopped[@]} )) && kill -KILL "${!stopped[@]}" 2>/dev/null
  return 0
}
'''

# Runs the command under `timeout` (the deadline) with no file allowed past the workspace
# quota (MKA_FSIZE_KB: RLIMIT_FSIZE, exact for one big file), then reaps. The pid file lets the host's
# own deadline find this exec when the wrapper itself is stuck.
WRAPPER = REAPER + r'''
[[ -n ${MKA_FSIZE_KB:-} ]] && ulimit -f "$MKA_FSIZE_KB"
timeout -k 5s "${MKA_TIMEOUT}s" "$@" & pid=$!
f="/tmp/.mka-exec-$MKA_EXEC_ID.pid"; echo $pid > "$f"
wait $pid; rc=$?
if [[ -n ${MKA_KEEP_PIDS:-} ]]; then mka_reap "$MKA_EXEC_ID"; else kill -9 "-$pid" 2>/dev/null; fi
rm -f "$f"; exit $rc
'''

# The host's deadline, or closing a service: reap that exec by its marker, kept or not
# (run as a separate exec whose own marker differs).
KILL_EXEC = REAPER + r'''
f="/tmp/.mka-exec-$1.pid"; { read -r gp < "$f" && kill -9 "-$gp"; } 2>/dev/null
[[ -n ${MKA_KEEP_PIDS:-} ]] && mka_reap "$1" force; rm -f "$f"
'''

# A long-lived service (an MCP stdio server): its stdin is the exec's stdin, duplicated to
# fd 3 first because bash points a background job's stdin at /dev/null. MKA_SERVICE=1 in its
# environment keeps it alive through other execs' reaping; closing it reaps it by its key.
SERVICE_WRAPPER = REAPER + r'''
exec 3<&0; timeout -k 5s "${MKA_TIMEOUT}s" "$@" <&3 3<&- & pid=$!; exec 3<&-
f="/tmp/.mka-exec-$MKA_EXEC_ID.pid"; echo $pid > "$f"
wait $pid; rc=$?; kill -9 "-$pid" 2>/dev/null
[[ -n ${MKA_KEEP_PIDS:-} ]] && mka_reap "$MKA_EXEC_ID" force; rm -f "$f"; exit $rc
'''
