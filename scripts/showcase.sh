#!/usr/bin/env bash
# The main job: set up (idempotent), run the showcase suite — the ten deliverable tasks with
# the oracle (also without view_image: the vision ablation), the text-only solver and the
# code-only baseline (OCR and pixel analysis, never viewing an image),
# and the tool-use tasks with their reference replay through the real MCP servers — grade
# every trial (rubrics in network-less containers; M3 for tool use), print the leaderboard.
# Rerunning keeps finished trials (resume); results go to runs/showcase/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/mka sandbox smoke
started=$(date +%s)
.venv/bin/mka run tasks_showcase --kind deliverable --agent oracle --ablate view_image --out runs/showcase --concurrency 2
.venv/bin/mka run tasks_showcase --kind deliverable --agent oracle:text_only --agent oracle:code_only \
    --out runs/showcase --concurrency 2
.venv/bin/mka run tasks_showcase --kind tool_use --agent oracle --out runs/showcase --concurrency 2
.venv/bin/mka grade runs/showcase
.venv/bin/mka report runs/showcase --html runs/showcase/report.html --md runs/showcase/report.md \
    --json runs/showcase/report.json
echo "main job took $(( $(date +%s) - started )) s (run + grade + report); report: runs/showcase/report.html"
