"""Deterministic checks. Runs inside the autorater container (python3 -m autorater.checks.runner);
the host imports only the spec models (autorater.checks.specs), to validate rubrics.

Layout: specs*.py (the typed check specs), numbers.py / textmatch.py (parsing and comparison),
<format>_checks.py (evaluators, importing their parsers lazily), runner.py (job in, JSON lines
out), render.py (documents to PNG pages for the judge). See README.md in this folder."""
