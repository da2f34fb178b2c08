"""Argument text, image paths, cosine similarity and tool-name-bucketed Hungarian matching."""

from __future__ import annotations

import json
import posixpath
import re
from dataclasses import dataclass
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
    if type(value) is not str or not 0 < len(value) < 2048 or "." not in value or "\n" in value:
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


def l2_normalise(x: np.ndarray, eps: float = 1e-8) -> np.ndarray:
    """Rows divided by their L2 norm plus the reference's epsilon (a zero row stays zero)."""
    return x / (np.linalg.norm(x, axis=1, keepdims=True) + eps)


def cosine_matrix(a: np.ndarray, b: np.ndarray, normalised: bool = False) -> np.ndarray:
    """Cosine similarity of every row of a with every row of b, clipped to [-1, 1]
    (float32). Pass `normalised=True` when both were already through `l2_normalise`."""
    if a.shape[0] == 0 or b.shape[0] == 0:
        return np.zeros((a.shape[0], b.shape[0]), dtype=np.float32)
    if not normalised:
        a, b = l2_normalise(a), l2_normalise(b)
    return np.clip(a @ b.T, -1.0, 1.0)


def buckets(calls: list[Call]) -> dict[str, list[int]]:
    """Call indices by exact tool name, names in order of first appearance."""
    out: dict[str, list[int]] = {}
    for i, call in enumerate(calls):
        out.setdefault(call.name, []).append(i)
    return out


@dataclass
class Bucket:
    """The similarities of one tool name's reference calls (rows) with its predicted calls."""

    ref_idx: list[int]
    pred_idx: list[int]
    sims: np.ndarray  # float32, len(ref_idx) × len(pred_idx)


class BucketSims:
    """Cosine similarities inside tool-name buckets only: calls of different tools are never
    compared, so memory is Σ over tools of (reference calls × predicted calls), not G × P.
    Buckets in reference order of first appearance."""

    def __init__(self, buckets_: dict[str, Bucket]) -> None:
        self.buckets = buckets_

    @classmethod
    def from_embeddings(cls, ref: list[Call], pred: list[Call], ref_embs: np.ndarray, pred_embs: np.ndarray) -> BucketSims:
        """From L2-normalised embeddings, one block per bucket (default mode)."""
        pred_b = buckets(pred)
        out = {}
        for name, ref_idx in buckets(ref).items():
            pred_idx = pred_b.get(name)
            if pred_idx:
                block = np.asarray(ref_embs[ref_idx] @ pred_embs[pred_idx].T, dtype=np.float32)
                out[name] = Bucket(ref_idx, pred_idx, np.clip(block, -1.0, 1.0, out=block))
        return cls(out)

    @classmethod
    def from_matrix(cls, ref: list[Call], pred: list[Call], sims: np.ndarray) -> BucketSims:
        """Slices of the full G × P matrix, as the reference scorer takes them (compat)."""
        pred_b = buckets(pred)
        out = {}
        for name, ref_idx in buckets(ref).items():
            pred_idx = pred_b.get(name)
            if pred_idx:
                out[name] = Bucket(ref_idx, pred_idx, sims[np.array(ref_idx)[:, None], np.array(pred_idx)[None, :]])
        return cls(out)


def bucketed_match(ref: list[Call], pred: list[Call], sims: BucketSims, tau_weak: float) -> list[Match]:
    """Hungarian matching inside each tool-name bucket, over all steps of the task at once.

    cost = 1 - sim, and LARGE_COST where sim < tau_weak; pairs the assignment makes below
    tau_weak are dropped. Matches come bucket by bucket (reference order of first
    appearance), rows ascending, as in the reference scorer."""
    matches: list[Match] = []
    for bucket in sims.buckets.values():
        sub = bucket.sims
        if sub.shape == (1, 1):  # the assignment of a 1×1 problem is the pair itself
            rows, cols = (0,), (0,)
        else:
            from scipy.optimize import linear_sum_assignment  # noqa: PLC0415 - lazy

            # 1 - sub in float32 as the reference computes it, written straight into the
            # float64 array the solver works on (no float32 temporary of the bucket's size)
            cost = np.empty(sub.shape, dtype=np.float64)
            np.subtract(np.float32(1.0), sub, out=cost, dtype=np.float32)
            cost[sub < tau_weak] = LARGE_COST
            rows, cols = linear_sum_assignment(cost)
        for r, c in zip(rows, cols):
            sim = float(sub[r, c])
            if sim < tau_weak:
                continue
            i, j = bucket.ref_idx[r], bucket.pred_idx[c]
            matches.append(Match(ref=i, pred=j, sim=sim, ref_step=ref[i].step, pred_step=pred[j].step))
    return matches
