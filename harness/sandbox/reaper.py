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
process, starting it with MKA_KEEP=1 in its environment — unless the pids limit fired during the
exec: then kept processes go too (a kept fork bomb would otherwise wedge every later exec), and
so does any MKA_SERVICE=1 process whose key is not a real service's (MKA_SERVICE_KEYS, passed by
DockerSandbox; an agent can set MKA_SERVICE=1 too). The reaper runs only when the exec
says which pids are the container's own (MKA_KEEP_PIDS, found by DockerSandbox at start):
without it, it cannot tell the container's command from an orphan."""

from __future__ import annotations

REAPER = r'''
mka_reap() {  # KEY [force|kept]: force also takes this key's kept processes (closing a service);
  # kept takes every MKA_KEEP=1 process and any MKA_SERVICE=1 one not in MKA_SERVICE_KEYS (the pids limit fired)
  local key=$1 mode=$2 keep=" ${MKA_KEEP_PIDS:-1} " services=" ${MKA_SERVICE_KEYS:-} " d p v line state mine marked kept pkey round found
  local young waited=0 now rest; local -a f; local -A stopped=()
  { read -r now _ < /proc/uptime; } 2>/dev/null; now=${now/./}  # centiseconds, as /proc/PID/stat's start time
  for ((round = 1; round <= 60; round++)); do
    found=0; young=0
    for d in /proc/[0-9]*; do
      p=${d#/proc/}
      [[ $p == "$$" || $p == "$BASHPID" || $keep == *" $p "* || -n ${stopped[$p]} ]] && continue
      mine=0; marked=0; kept=0; pkey=
      { while IFS= read -r -d '' v; do
          case $v in
            MKA_EXEC_ID="$key") mine=1; marked=1; pkey=$key ;;
            MKA_EXEC_ID=*) marked=1; pkey=${v#MKA_EXEC_ID=} ;;
            MKA_SERVICE=1) kept=2 ;;
            MKA_KEEP=1) (( kept )) || kept=1 ;;
          esac
        done < "$d/environ"; } 2>/dev/null || continue
      if (( kept )); then
        if [[ $mode == force && $mine == 1 ]] || [[ $mode == kept && ( $kept == 1 || -z $pkey || $services != *" $pkey "* ) ]]; then :
        else continue; fi
      elif (( !mine && marked )); then continue  # another exec's, still running
      fi
      { read -r line < "$d/stat"; } 2>/dev/null || continue
      rest=${line##*) }; state=${rest%% *}
      [[ $state == Z ]] && continue
      # Forked under 100 ms ago: maybe `MKA_KEEP=1 server &` not yet exec'd (its environ is still
      # the parent's); look again once, 0.1 s later (a FIFO that never speaks: a sleep without a fork).
      if (( !waited )) && [[ -n $now ]]; then f=($rest); (( now - ${f[19]:-0} < 10 )) && { young=1; continue; }; fi
      kill -STOP "$p" 2>/dev/null && { stopped[$p]=1; found=1; }
    done
    if (( young )); then waited=1; read -r -t 0.1 _ <> /tmp/.mka-wait 2>/dev/null; continue; fi
    (( found )) || break
  done
  (( ${#stopped[@]} )) && kill -KILL "${!stopped[@]}" 2>/dev/null
  return 0
}
mka_pids_max() {  # MKA_MAX: how often the pids limit refused a fork (cgroup v1 or v2), builtins only
  local f l; MKA_MAX=0
  for f in /sys/fs/cgroup/pids/pids.events /sys/fs/cgroup/pids.events; do
    [[ -r $f ]] || continue
    while read -r l; do [[ $l == "max "* ]] && MKA_MAX=${l#max }; done < "$f"
    return 0
  done
}
'''

# Runs the command under `timeout` (the deadline) with no file allowed past the workspace
# quota (MKA_FSIZE_KB: RLIMIT_FSIZE, exact for one big file), then reaps. The pid file lets the host's
# own deadline find this exec when the wrapper itself is stuck.
WRAPPER = REAPER + r'''
[[ -n ${MKA_FSIZE_KB:-} ]] && ulimit -f "$MKA_FSIZE_KB"
mka_pids_max; before=$MKA_MAX
timeout -k 5s "${MKA_TIMEOUT}s" "$@" & pid=$!
f="/tmp/.mka-exec-$MKA_EXEC_ID.pid"; echo $pid > "$f"
wait $pid; rc=$?
if [[ -n ${MKA_KEEP_PIDS:-} ]]; then
  mka_pids_max; mode=
  if (( MKA_MAX > before )); then  # a bomb, kept or not, is at the limit: nothing of the agent's stays
    mode=kept; echo "mka: the process limit was reached: every process this command started was stopped, and so was every one kept with MKA_KEEP=1" >&2
  fi
  mka_reap "$MKA_EXEC_ID" $mode
else kill -9 "-$pid" 2>/dev/null; fi
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
