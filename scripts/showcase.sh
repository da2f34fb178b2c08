#!/usr/bin/env bash
# The main job: set up (idempotent), run the showcase suite with the oracle and the
# text-only solver, grade every trial in a network-less container, print the leaderboard.
# Rerunning keeps finished trials (resume); results go to runs/showcase/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/mka sandbox smoke
started=$(date +%s)
.venv/bin/mka run tasks_showcase --kind deliverable --agent oracle --agent oracle:text_only --out runs/showcase --concurrency 2
.venv/bin/mka grade runs/showcase
.venv/bin/mka report runs/showcase --html runs/showcase/report.html --md runs/showcase/report.md
echo "main job took $(( $(date +%s) - started )) s (run + grade + report); report: runs/showcase/report.html"
