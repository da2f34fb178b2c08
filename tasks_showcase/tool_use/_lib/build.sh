#!/usr/bin/env bash
# Regenerate the inputs and reference.json of tool-use tasks inside the sandbox image.
#   tasks_showcase/tool_use/_lib/build.sh [TASK_ID...]      (default: every tu_* folder)
# make_inputs.py writes the images (seeded, so byte-identical on every run); then
# build_reference.py runs with those inputs at /workspace/input, calls the real server code
# and writes reference.json. Pass -q after the ids to silence the per-call log.
# A task with an [environment] (its MCP servers come from its own packages) runs in its derived
# image, built or reused first with `mka image build sandbox --tasks TASK`.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
image="${MKA_SANDBOX_IMAGE:-mka-sandbox:latest}"
mka="${MKA:-$root/../../.venv/bin/mka}"
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
  task_image="$image"
  if grep -q '^\[environment\]' "$id/task.toml"; then
    task_image="$("$mka" image build sandbox --tasks "$id" | awk -F'\t' -v key="task:$id" '$1 == key {print $2}')"
    [ -n "$task_image" ] || { echo "no environment image for $id" >&2; exit 1; }
    echo "   image: $task_image"
  fi
  rm -rf "$id/inputs"
  mkdir -p "$id/inputs"
  run "$image" python3 "$id/make_inputs.py" --out "$id/inputs"
  run -v "$root/$id/inputs:/workspace/input:ro" -e MCP_WORKSPACE=/workspace "$task_image" \
    python3 "$id/build_reference.py" "${flags[@]}"
  du -sh "$id/inputs" | sed 's/^/   inputs: /'
done
