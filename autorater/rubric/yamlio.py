"""Reading rubric-side YAML files: UTF-8, safe loading, duplicate keys refused."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml


class _UniqueKeyLoader(yaml.SafeLoader):
    """SafeLoader that refuses a key repeated in one mapping.

    PyYAML keeps the last value silently; in a rubric a doubled `weight:` would quietly
    change a score, so it is an error like any other."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if isinstance(key, str) and key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"duplicate key {key!r}", key_node.start_mark)
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


def read_yaml(path: Path, name: str, problems: list[str]) -> Any:
    """The parsed document, or None with a problem appended (named `name`)."""
    if not path.is_file():
        problems.append(f"{name}: missing (not a file)")
        return None
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        problems.append(f"{name}: not UTF-8 text ({exc.reason} at byte {exc.start})")
        return None
    try:
        return yaml.load(text, Loader=_UniqueKeyLoader)  # safe: a SafeLoader subclass
    except yaml.YAMLError as exc:
        # The message carries line and column; keep it on one line for the problem list.
        detail = " ".join(str(exc).split())
        problems.append(f"{name}: YAML error: {detail}")
        return None
