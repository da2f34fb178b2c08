"""kind -> evaluator. Format modules are imported on first use, so a job with only reply
checks never imports openpyxl or PyMuPDF."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from autorater.checks.context import CheckContext
from autorater.checks.result import CheckResult

Evaluator = Callable[[Any, CheckContext], CheckResult]

_MODULES = {
    "xlsx": "xlsx_checks", "docx": "docx_checks", "pptx": "pptx_checks", "pdf": "pdf_checks",
    "html": "html_checks", "image": "image_checks", "csv": "tabular_checks", "json": "tabular_checks",
    "reply": "reply_checks", "text": "reply_checks",
}
# Kinds that live apart from their format's module: answers read inside documents.
_KINDS = {kind: "document_answers" for kind in
          ("docx.table_cell", "pptx.table_cell", "pdf.table_cell", "html.table_cell",
           "docx.field", "pptx.field", "pdf.field", "html.field")}


def evaluator(kind: str) -> Evaluator:
    module = importlib.import_module(f"autorater.checks.{_KINDS.get(kind) or _MODULES[kind.split('.', 1)[0]]}")
    return module.EVALUATORS[kind]
