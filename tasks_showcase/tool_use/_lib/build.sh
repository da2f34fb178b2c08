#!/usr/bin/env bash
# Regenerate the inputs and reference.json of tool-use tasks inside the sandbox image.
#   tasks_showcase/tool_use/_lib/build.sh [TASK_ID...]      (default: every tu_* folder)
# make_inputs.py writes the images (seeded, so byte-identical on every run); then
# build_reference.py runs with those inputs at /workspace/input, calls the real server code
# and writes reference.json. Pass -q after the ids to silence the per-call log.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
image="${MKA_SANDBOX_IMAGE:-mka-sandbox:latest}"
cd "$root"
ids=()
flags=()
for arg in "$@"; do
  case "$arg" in -*) flags+=("$arg") ;; *) ids+=("${arg%/}") ;; esac
done
[ ${#ids[@]} -eq 0 ] && ids=(tu_*)
run() {
  docker run --rm --network none --user "$(id -u):$(id -g)" -e HOME=/tmp -e MPLCONFIGDIR=/tmp \
    -v "$root:/tu" -w /tu "$@"
}
for id in "${ids[@]}"; do
  id="$(basename "$id")"
  echo "== $id"
  rm -rf "$id/inputs"
  mkdir -p "$id/inputs"
  run "$image" python3 "$id/make_inputs.py" --out "$id/inputs"
  run -v "$root/$id/inputs:/workspace/input:ro" -e MCP_WORKSPACE=/workspace "$image" \
    python3 "$id/build_reference.py" "${flags[@]}"
  du -sh "$id/inputs" | sed 's/^/   inputs: /'
done
