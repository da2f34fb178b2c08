"""MiniLM on ONNX Runtime against the same weights on torch: the numerical difference is
bounded, and no match, strength or metric changes on the showcase tool-use references and
on perturbed predictions of them. Also: the ONNX path imports no torch, and a missing
conversion is said clearly (with a fallback to torch)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from harness.cli import m3_cmd
from harness.m3.loading import load_references
from harness.m3.matching import call_text, normalise_arguments
from harness.m3.model import Trajectory
from harness.m3.scorer import ScoreOptions, score_run
from tests.test_m3_support import onnx_minilm, torch_minilm  # noqa: F401 - fixtures

SHOWCASE = Path(__file__).resolve().parent.parent / "tasks_showcase" / "tool_use"
MAX_DCOS = 1e-5  # stated bound on |cos_onnx − cos_torch| for any reference/prediction pair (measured ≈ 3e-7)
SIM_FLOAT = ("argument_similarity", "strong_similarity", "merge_purity")  # depend on similarity values
COUNTED = ("g", "p", "matched", "strong", "recall", "precision", "step_coherence", "order_consistency", "rounds")


def _edit(value, k: int):
    """A deterministic change of an argument value: digits shift, words swap, numbers grow."""
    if isinstance(value, str):
        if re.search(r"\d", value):
            return re.sub(r"\d", lambda m: str((int(m.group()) + k) % 10), value, count=k)
        words = value.split()
        return " ".join(reversed(words)) if len(words) > 1 else value + " report"
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, (int, float)):
        return value + k
    if isinstance(value, list):
        return [_edit(v, k) for v in value[: max(1, len(value) - 1)]]
    if isinstance(value, dict):
        return {key: (_edit(v, k) if i % 2 == 0 else v) for i, (key, v) in enumerate(value.items())}
    return value


def _with_steps(ref: Trajectory, steps: list[list], system: str) -> Trajectory:
    renumbered = [[replace(c, step=s, index=i) for i, c in enumerate(step)] for s, step in enumerate(steps)]
    return Trajectory(ref.task_id, renumbered, system=system)


def perturbed(refs: list[Trajectory]) -> list[Trajectory]:
    """Predictions for every reference, one system per kind of perturbation."""
    out: list[Trajectory] = []
    for ref in refs:
        calls = ref.calls()
        out.append(_with_steps(ref, [list(s) for s in ref.steps], "copy"))
        out.append(_with_steps(ref, [[c for c in s if (c.step + c.index) % 3 != 1] for s in ref.steps], "dropped"))
        out.append(_with_steps(ref, [[replace(c, arguments=_edit(c.arguments, 1 + c.index % 3)) for c in s]
                                     for s in ref.steps], "edited"))
        out.append(_with_steps(ref, [list(s) for s in reversed(ref.steps)], "reversed"))
        out.append(_with_steps(ref, [calls], "merged"))
        out.append(_with_steps(ref, [[c] for c in calls], "split"))
        out.append(_with_steps(ref, [[replace(c, arguments=_edit(c.arguments, 7)) for c in s] + s[:1]
                                     for s in ref.steps], "edited_and_retried"))
        swapped = [c.arguments for c in calls[1:] + calls[:1]]  # each call gets its neighbour's arguments
        out.append(_with_steps(ref, [[replace(c, arguments=swapped[calls.index(c)]) for c in s] for s in ref.steps],
                               "shifted"))
    return out


@pytest.fixture(scope="module")
def showcase():
    refs = load_references(SHOWCASE)
    assert len(refs) >= 20
    return refs, perturbed(refs)


def test_embeddings_and_similarities_match_torch_within_the_bound(showcase, onnx_minilm, torch_minilm):
    refs, preds = showcase
    texts = sorted({call_text(normalise_arguments(c.arguments)) for t in refs + preds for c in t.calls()})
    a, b = onnx_minilm.encode(texts, 64), torch_minilm.encode(texts, 64)
    assert a.shape == b.shape == (len(texts), 384)
    assert float(np.abs(a - b).max()) < 1e-5
    ref_texts = sorted({call_text(normalise_arguments(c.arguments)) for t in refs for c in t.calls()})
    idx = [texts.index(t) for t in ref_texts]
    dcos = np.abs(a[idx] @ a.T - b[idx] @ b.T)  # every reference text against every text
    assert float(dcos.max()) < MAX_DCOS, float(dcos.max())


def test_no_match_or_metric_changes_on_showcase_and_perturbed_predictions(showcase, onnx_minilm, torch_minilm):
    refs, preds = showcase
    runs = {enc.runtime: score_run(refs, preds, enc, ScoreOptions()) for enc in (onnx_minilm, torch_minilm)}
    onnx, torch = ({s.system: s for s in runs[k].systems} for k in ("onnx", "torch"))
    assert sorted(onnx) == sorted(torch) and len(onnx) == 8
    compared = 0
    for system, report in onnx.items():
        for a, b in zip(report.tasks, torch[system].tasks, strict=True):
            assert [(m.ref, m.pred) for m in a.matches] == [(m.ref, m.pred) for m in b.matches], (system, a.task_id)
            assert [m.sim >= 0.8 for m in a.matches] == [m.sim >= 0.8 for m in b.matches], (system, a.task_id)
            for key in COUNTED:
                assert getattr(a.metrics, key) == getattr(b.metrics, key), (system, a.task_id, key)
            for key in SIM_FLOAT:
                assert getattr(a.metrics, key) == pytest.approx(getattr(b.metrics, key), abs=MAX_DCOS), key
            assert a.views == b.views or a.views == pytest.approx(b.views)
            compared += len(a.matches)
        for key, value in report.overall.items():
            assert value == pytest.approx(torch[system].overall[key], abs=MAX_DCOS), (system, key)
        assert report.rates == torch[system].rates
    assert compared > 500
    # the perturbations reach every regime: unmatched, weak and strong pairs
    sims = [m.sim for s in onnx.values() for t in s.tasks for m in t.matches]
    assert min(sims) < 0.8 and max(sims) > 0.99
    assert onnx["dropped"].overall["recall"] < 1 and onnx["edited"].overall["argument_similarity"] < 1


def test_onnx_path_imports_no_torch(onnx_minilm):
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from harness.m3 import load_encoder, load_references, score_run\n"
        f"refs = load_references(Path({str(SHOWCASE)!r}))\n"
        "enc = load_encoder('minilm')\n"
        "report = score_run(refs, refs, enc)\n"
        "print(enc.runtime, report.systems[0].overall['recall'])\n"
        "print(sorted(m for m in ('torch', 'transformers', 'sentence_transformers') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split("\n")[:2] == ["onnx 1.0", "[]"], out.stdout + out.stderr


def test_missing_conversion_is_said_and_falls_back_to_torch(tmp_path, monkeypatch, torch_minilm):
    from harness.m3.encoders import load_encoder

    monkeypatch.setenv("MKA_M3_CACHE", str(tmp_path))
    with pytest.raises(RuntimeError, match=r"no ONNX conversion .* run `mka m3 prepare`"):
        load_encoder("minilm:onnx")
    said: list[str] = []
    encoder = load_encoder("minilm", on_fallback=said.append)
    assert encoder.runtime == "torch"
    assert len(said) == 1 and "mka m3 prepare" in said[0] and "falling back to the torch encoder" in said[0]


def test_conversion_is_keyed_by_the_model_files(onnx_minilm):
    from harness.m3.onnx_encoder import files_hash

    manifest = json.loads((onnx_minilm.source.converted_dir / "manifest.json").read_text())
    assert manifest["source_sha256"] == files_hash(onnx_minilm.source.path) == onnx_minilm.source.hash
    assert onnx_minilm.source.converted_dir.name == f"minilm-{onnx_minilm.source.hash[:16]}"
    assert manifest["max_seq_length"] == 256 and manifest["pooling"] == "mean" and manifest["normalize"]
    assert manifest["max_abs_diff_vs_sentence_transformers"] < 1e-4
    assert onnx_minilm.source.hash in onnx_minilm.cache_id


def test_prepare_command_is_idempotent(onnx_minilm):
    result = CliRunner().invoke(m3_cmd.app, ["prepare"])
    assert result.exit_code == 0, result.output
    assert "ONNX model ready" in result.output


def test_long_texts_are_truncated_like_sentence_transformers(onnx_minilm, torch_minilm):
    texts = ["zoning " * 600, "permit " * 255 + "tariff " * 10, "a"]  # past max_seq_length 256
    assert float(np.abs(onnx_minilm.encode(texts, 2) - torch_minilm.encode(texts, 2)).max()) < 1e-5


def test_cli_compat_uses_torch_and_default_uses_onnx(tmp_path, onnx_minilm, torch_minilm):
    ref = SHOWCASE / "tu_map_route_mileage"
    outputs = {}
    for mode in ([], ["--compat", "reference"]):
        out = tmp_path / f"m{len(mode)}.json"
        result = CliRunner().invoke(m3_cmd.app, ["score", "--reference", str(ref), "--predictions",
                                                 str(ref / "reference.json"), "--json", str(out),
                                                 "--cache-dir", str(tmp_path / "cache"), *mode])
        assert result.exit_code == 0, result.output
        outputs[tuple(mode)] = json.loads(out.read_text())
    assert outputs[()]["encoder_runtime"] == "onnx"
    assert outputs[("--compat", "reference")]["encoder_runtime"] == "torch"
    agg = outputs[("--compat", "reference")]["systems"][0]["reference_aggregate"]
    assert agg["num_ids"] == 1 and agg["avg_Rounds"] == 3 and agg["avg_tool_calls"] == 4
