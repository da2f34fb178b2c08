"""Every showcase rubric rejects plausible wrong work and accepts correct work in other styles:
each task's decoys and alternates (built from its gold files by its own scripts) are graded
like trials; every criterion a decoy lists must fail, and every checked criterion must pass on
every alternate.

Also the decoy file's validation: a decoy can only list criteria a check decides (a judge-only
one would stay unjudged here and prove nothing)."""

from __future__ import annotations

import asyncio

import pytest

from autorater.decoys.run import build_alternates, build_decoys, grade_alternates, grade_decoys
from autorater.decoys.spec import DecoyError, load_alternates, load_decoys, missing_alternate_kinds, missing_kinds
from autorater.rubric import load_rubric
from harness.paths import project_root
from harness.tasks import load_task

SUITE = project_root() / "tasks_showcase"
RUBRICS = project_root() / "rubrics"
TASK_DIRS = sorted(p.parent for p in SUITE.glob("*/task.toml"))


@pytest.mark.docker
@pytest.mark.parametrize("task_dir", TASK_DIRS, ids=[p.name for p in TASK_DIRS])
def test_every_decoy_fails_every_criterion_it_lists(task_dir, tmp_path, sandbox_image, autorater_image):
    task = load_task(task_dir)
    rubric_path = RUBRICS / f"{task.id}.yaml"
    decoys = load_decoys(task.root, load_rubric(rubric_path, task))
    assert len(decoys.decoys) >= 5 and not missing_kinds(decoys), missing_kinds(decoys)
    assert any(d.max_wsr is not None and d.max_wsr <= 0.15 for d in decoys.decoys), "a fully wrong decoy with max_wsr <= 0.15"
    build_decoys(task, sandbox_image, tmp_path / "built")
    results = asyncio.run(grade_decoys(task, decoys, rubric_path, tmp_path / "built", tmp_path / "graded", autorater_image))
    problems = [f"{r.decoy.name}: {p}" for r in results for p in r.problems()]
    assert not problems, "\n".join(problems)


def test_decoy_file_problems_name_the_file_the_decoy_and_the_criterion(tmp_path):
    from autorater.rubric.model import Criterion, Rubric

    rubric = Rubric(task="t", criteria=[
        Criterion(id="checked", text="x", weight=3, objective="primary", tier="climb", rationale="r",
                  check={"kind": "reply.regex", "pattern": "x"}),
        Criterion(id="judged", text="y", weight=2, objective="primary", tier="climb", rationale="r"),
    ])
    (tmp_path / "decoys").mkdir()
    (tmp_path / "decoys" / "decoys.yaml").write_text(
        "decoys:\n"
        "  - {name: neg, kind: negated, description: d, must_fail: [checked, judged, nowhere]}\n"
        "  - {name: neg, kind: hedged, description: d, must_fail: [checked]}\n")
    with pytest.raises(DecoyError) as exc:
        load_decoys(tmp_path, rubric)
    text = str(exc.value)
    assert "decoys.yaml: decoy 'neg': must_fail: criterion 'judged' has no check" in text
    assert "unknown criterion 'nowhere'" in text and "duplicate name" in text
    assert "make_decoys.py: missing" in text
    (tmp_path / "decoys" / "decoys.yaml").write_text("decoys:\n  - {name: x, kind: sideways, description: d, must_fail: [checked]}\n")
    with pytest.raises(DecoyError, match=r"decoys\[0\]\.kind"):
        load_decoys(tmp_path, rubric)


@pytest.mark.docker
@pytest.mark.parametrize("task_dir", TASK_DIRS, ids=[p.name for p in TASK_DIRS])
def test_every_alternate_passes_every_checked_criterion(task_dir, tmp_path, sandbox_image, autorater_image):
    """The positive control: correct work in other styles (paraphrased, restructured, verbose,
    other formats, other tools' files, the bare minimum) passes every criterion a check decides."""
    task = load_task(task_dir)
    rubric_path = RUBRICS / f"{task.id}.yaml"
    alternates = load_alternates(task.root)
    assert len(alternates.alternates) >= 6 and not missing_alternate_kinds(alternates), missing_alternate_kinds(alternates)
    build_alternates(task, sandbox_image, tmp_path / "built")
    results = asyncio.run(grade_alternates(task, alternates.alternates, rubric_path, tmp_path / "built",
                                           tmp_path / "graded", autorater_image))
    assert all(r.checked > 0 for r in results)
    problems = [f"{r.alternate.name}: {p}" for r in results for p in r.problems()]
    assert not problems, "\n".join(problems)


def test_alternate_file_problems_name_the_file_and_the_alternate(tmp_path):
    (tmp_path / "alternates").mkdir()
    (tmp_path / "alternates" / "alternates.yaml").write_text(
        "alternates:\n  - {name: a, kind: verbose, description: d}\n  - {name: a, kind: minimal, description: d}\n")
    with pytest.raises(DecoyError) as exc:
        load_alternates(tmp_path)
    text = str(exc.value)
    assert "alternates.yaml: alternate 'a': duplicate name" in text and "make_alternates.py: missing" in text
    (tmp_path / "alternates" / "alternates.yaml").write_text("alternates:\n  - {name: b, kind: sideways, description: d}\n")
    with pytest.raises(DecoyError, match=r"alternates\[0\]\.kind"):
        load_alternates(tmp_path)
