"""The check spec: a discriminated union on `kind`, plus validation with readable messages.

Host-importable (pydantic and the standard library only): `mka rubric validate` uses
`check_problems`; the in-container runner uses `parse_check`. Each model's docstring
documents its parameters (see specs_office, specs_media, specs_data)."""

from __future__ import annotations

import difflib
from typing import Annotated, Any, Union

from pydantic import BaseModel, Field, TypeAdapter, ValidationError

from autorater.checks.specs_data import DATA_SPECS
from autorater.checks.specs_media import MEDIA_SPECS
from autorater.checks.specs_office import OFFICE_SPECS

_MODELS: tuple[type[BaseModel], ...] = (*OFFICE_SPECS, *MEDIA_SPECS, *DATA_SPECS)

CheckSpec = Annotated[Union[_MODELS], Field(discriminator="kind")]  # type: ignore[valid-type]  # noqa: UP007

KIND_MODELS: dict[str, type[BaseModel]] = {
    m.model_fields["kind"].annotation.__args__[0]: m  # type: ignore[union-attr]
    for m in _MODELS
}
KINDS: tuple[str, ...] = tuple(KIND_MODELS)
REPLY_PREFIX = "reply."

_ADAPTER: TypeAdapter[Any] | None = None


def _adapter() -> TypeAdapter[Any]:
    global _ADAPTER  # built on first use, not at import (no work at import time)
    if _ADAPTER is None:
        _ADAPTER = TypeAdapter(CheckSpec)
    return _ADAPTER


class CheckSpecError(ValueError):
    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


def parse_check(d: dict[str, Any]) -> BaseModel:
    """The typed spec for a rubric's `check` mapping; CheckSpecError lists every problem."""
    problems = _kind_problems(d)
    if problems:
        raise CheckSpecError(problems)
    try:
        return _adapter().validate_python(d)
    except ValidationError as exc:
        raise CheckSpecError(_messages(exc, KIND_MODELS[d["kind"]])) from None


def check_problems(d: Any) -> list[str]:
    """Human-readable problems with a check mapping ([] when it is valid)."""
    try:
        parse_check(d)
    except CheckSpecError as exc:
        return exc.problems
    return []


def reads_reply(kind: str) -> bool:
    """reply.* kinds read <root>/final_reply.md and take no `file`."""
    return kind.startswith(REPLY_PREFIX)


def _kind_problems(d: Any) -> list[str]:
    if not isinstance(d, dict):
        return [f"check: should be a mapping with a `kind`, got {type(d).__name__}"]
    kind = d.get("kind")
    if kind is None:
        return [f"check.kind: is required (known: {', '.join(KINDS)})"]
    if not isinstance(kind, str) or kind not in KIND_MODELS:
        msg = f"check.kind: unknown kind {kind!r} (known: {', '.join(KINDS)})"
        close = difflib.get_close_matches(str(kind), KINDS, n=1)
        return [msg + (f"; did you mean {close[0]!r}?" if close else "")]
    return []


def _where(loc: tuple[Any, ...]) -> str:
    out = "check"
    for part in loc[1:]:  # loc[0] is the union tag (the kind)
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def _messages(exc: ValidationError, model: type[BaseModel]) -> list[str]:
    problems = []
    for err in exc.errors(include_url=False):
        kind, ctx = err["type"], err.get("ctx") or {}
        where = _where(tuple(err["loc"]))
        if kind == "extra_forbidden":
            name = str(err["loc"][-1])
            known = [f for f in _fields_at(model, err["loc"][1:-1]) if f != "kind"]
            close = difflib.get_close_matches(name, known, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            if name == "file" and model.__name__.startswith("Reply"):
                hint = "; reply.* kinds always read the final reply (final_reply.md)"
            problems.append(f"{where}: unknown parameter (known: {', '.join(known)}){hint}")
            continue
        ctx = {k: (int(v) if isinstance(v, float) and v.is_integer() else v) for k, v in ctx.items()}
        text = {
            "missing": "is required",
            "greater_than_equal": f"input should be ≥ {ctx.get('ge')}",
            "greater_than": f"input should be > {ctx.get('gt')}",
            "less_than_equal": f"input should be ≤ {ctx.get('le')}",
            "less_than": f"input should be < {ctx.get('lt')}",
        }.get(kind)
        if text is None:
            text = err["msg"].removeprefix("Value error, ")
            text = text[:1].lower() + text[1:]
        problems.append(f"{where}: {text}")
    return problems


def _fields_at(model: type[BaseModel], path: tuple[Any, ...]) -> list[str]:
    """Field names of the (nested) model an unknown parameter was found in."""
    for part in path:
        field = model.model_fields.get(str(part))
        annotation = getattr(field, "annotation", None)
        candidates = [annotation, *getattr(annotation, "__args__", ())]
        nested = next((c for c in candidates if isinstance(c, type) and issubclass(c, BaseModel)), None)
        if nested is None:
            return []
        model = nested
    return list(model.model_fields)
