#!/usr/bin/env bash
# The main job: set up (idempotent), then show a fresh hardened sandbox at work.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/mka sandbox smoke
# One task end to end with the oracle agent, recorded under runs/showcase.
.venv/bin/mka run tests/data/tasks/sales_summary --agent oracle --out runs/showcase
echo "trial recorded under runs/showcase/trials/"
