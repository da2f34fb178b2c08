#!/usr/bin/env bash
# Set up (idempotent), then run the whole test suite against the real Docker engine.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/python -m pytest -q "$@"
