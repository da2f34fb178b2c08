#!/usr/bin/env bash
# The main job: set up (idempotent), then show a fresh hardened sandbox at work.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/mka sandbox smoke
