"""Argument text, image paths, cosine similarity and tool-name-bucketed Hungarian matching."""

from __future__ import annotations

import json
import posixpath
import re
from typing import Any

import numpy as np

from harness.m3.model import Call, Match

IMAGE_EXTENSIONS = (".png", ".jpg", ".jpeg", ".gif", ".webp", ".bmp", ".tif", ".tiff")
WORKSPACE = "/workspace/"
LARGE_COST = 1e6


def call_text(arguments: Any) -> str:
    """The text embedded for a call: its arguments as compact, key-sorted JSON (the tool
    name is not part of it; names are compared exactly by bucketing)."""
    try:
        return json.dumps(arguments, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError):
        return str(arguments)


def is_image_ref(value: Any) -> bool:
    """A string that names an image: a path or URL ending in an image extension."""
    if not isinstance(value, str) or "\n" in value or not 0 < len(value) < 2048:
        return False
    return value.strip().lower().split("?", 1)[0].endswith(IMAGE_EXTENSIONS)


def _is_url(value: str) -> bool:
    """scheme:... (http:, https:, s3:, data:), but not file: (a local path)."""
    return re.match(r"^[A-Za-z][A-Za-z0-9+.\-]+:", value) is not None and not value.startswith("file:")


def normalise_image_path(value: str) -> str:
    """An image path relative to /workspace: "/workspace/input/a.png", "./input/a.png" and
    "input/a.png" all become "input/a.png". URLs and paths outside /workspace are kept."""
    text = value.strip()
    if text.startswith("file://"):
        text = text[len("file://"):]
    elif _is_url(text):
        return value
    norm = posixpath.normpath(text)
    return norm[len(WORKSPACE):] if norm.startswith(WORKSPACE) else norm


def normalise_arguments(arguments: Any) -> Any:
    """A copy of the arguments with every image-path string normalised (recursively)."""
    if isinstance(arguments, dict):
        return {k: normalise_arguments(v) for k, v in arguments.items()}
    if isinstance(arguments, list):
        return [normalise_arguments(v) for v in arguments]
    if is_image_ref(arguments):
        return normalise_image_path(arguments)
    return arguments


def mentions_image(arguments: Any) -> bool:
    """Whether any string in the arguments names an image."""
    if isinstance(arguments, dict):
        return any(mentions_image(v) for v in arguments.values())
    if isinstance(arguments, list):
        return any(mentions_image(v) for v in arguments)
    return is_image_ref(arguments)


def cosine_matrix(a: np.ndarray, b: np.ndarray, eps: float = 1e-8) -> np.ndarray:
    """Cosine similarity of every row of a with every row of b, clipped to [-1, 1]
    (float32, rows L2-normalised with the reference's epsilon)."""
    if a.shape[0] == 0 or b.shape[0] == 0:
        return np.zeros((a.shape[0], b.shape[0]), dtype=np.float32)
    a_n = a / (np.linalg.norm(a, axis=1, keepdims=True) + eps)
    b_n = b / (np.linalg.norm(b, axis=1, keepdims=True) + eps)
    return np.clip(a_n @ b_n.T, -1.0, 1.0)


def buckets(calls: list[Call]) -> dict[str, list[int]]:
    """Call indices by exact tool name, names in order of first appearance."""
    out: dict[str, list[int]] = {}
    for i, call in enumerate(calls):
        out.setdefault(call.name, []).append(i)
    return out


def bucketed_match(ref: list[Call], pred: list[Call], sims: np.ndarray, tau_weak: float) -> list[Match]:
    """Hungarian matching inside each tool-name bucket, over all steps of the task at once.

    cost = 1 - sim, and LARGE_COST where sim < tau_weak; pairs the assignment makes below
    tau_weak are dropped. Matches come bucket by bucket (reference order of first
    appearance), rows ascending, as in the reference scorer."""
    from scipy.optimize import linear_sum_assignment  # noqa: PLC0415 - lazy

    pred_buckets = buckets(pred)
    matches: list[Match] = []
    for name, ref_idx in buckets(ref).items():
        pred_idx = pred_buckets.get(name)
        if not pred_idx:
            continue
        sub = sims[np.array(ref_idx)[:, None], np.array(pred_idx)[None, :]]
        cost = 1.0 - sub
        cost[sub < tau_weak] = LARGE_COST
        rows, cols = linear_sum_assignment(cost)
        for r, c in zip(rows, cols):
            sim = float(sub[r, c])
            if sim < tau_weak:
                continue
            i, j = ref_idx[r], pred_idx[c]
            matches.append(Match(ref=i, pred=j, sim=sim, ref_step=ref[i].step, pred_step=pred[j].step))
    return matches
