"""Deterministic checks. Runs inside the autorater container (python3 -m autorater.checks.runner);
the host imports only the spec models, to validate rubrics."""
