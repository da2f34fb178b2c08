"""The import layers hold: core <- harness / autorater <- app, and no circles between packages.

core       harness.messages, harness.paths, harness.validation, harness.tasks, harness.recording.trial,
           harness.recording.writes, harness.sandbox.types: the shared vocabulary; imports nothing
           else of ours.
harness    sandbox backends, providers, tools, loop, runner, MCP, M3 scoring, images.
autorater  rubric, checks, judge, scoring: uses harness only through the core, the loop's public
           API, the sandbox backends, providers, tools and the (pure) M3 scorer.
app        harness.cli, harness.reports, harness.viewer, harness.submission: the only modules that
           import both sides.

Read from the source with `ast` (no import side effects), so a violation names file and line."""

from __future__ import annotations

import ast
import sys
from collections import defaultdict

from harness.paths import project_root

ROOT = project_root()
CORE = ("harness.messages", "harness.paths", "harness.validation", "harness.tasks", "harness.recording.trial",
        "harness.recording.writes", "harness.sandbox.types")
APP = ("harness.cli", "harness.reports", "harness.viewer", "harness.submission")
AUTORATER_MAY_USE = CORE + ("harness.agent.loop", "harness.agent.tool_runner", "harness.sandbox", "harness.providers",
                            "harness.tools", "harness.m3", "harness.recording.trajectory", "harness.__init__")
PURE_SCORING = ("autorater.scoring", "harness.m3")
IMPURE = ("docker", "harness.sandbox", "harness.providers", "harness.runner", "harness.agent", "openai", "anthropic")


def _within(module: str, prefixes: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def _imports() -> list[tuple[str, str, str]]:
    """(importing module, imported module, "file:line") for every import of ours or of IMPURE."""
    found = []
    for package in ("harness", "autorater"):
        for file in sorted((ROOT / package).rglob("*.py")):
            rel = file.relative_to(ROOT)
            module = ".".join(rel.with_suffix("").parts).removesuffix(".__init__")
            for node in ast.walk(ast.parse(file.read_text(), str(rel))):
                if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                    names = [node.module]
                elif isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                else:
                    continue
                for name in names:
                    if name.split(".")[0] in ("harness", "autorater", "docker", "openai", "anthropic"):
                        found.append((module, name, f"{rel}:{node.lineno}"))
    return found


def _package(module: str) -> str:
    parts = module.split(".")
    return ".".join(parts[:2]) if len(parts) > 1 else parts[0]


def test_there_are_no_circles_between_packages():
    graph: dict[str, set[str]] = defaultdict(set)
    for source, target, _ in _imports():
        a, b = _package(source), _package(target)
        if a != b and b.split(".")[0] in ("harness", "autorater") and "." in b:
            graph[a].add(b)
    cycles, index, low, stack, on_stack = [], {}, {}, [], set()

    def visit(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                item = stack.pop()
                on_stack.discard(item)
                component.append(item)
                if item == node:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for node in list(graph):
        if node not in index:
            visit(node)
    assert cycles == [], f"packages that import each other in a circle: {cycles}"
    assert len(graph) > 15  # the walk saw the real packages, not an empty tree


def test_harness_imports_autorater_only_in_the_app_layer():
    bad = [f"{where}: {source} imports {target}" for source, target, where in _imports()
           if source.startswith("harness") and target.startswith("autorater") and not _within(source, APP)]
    assert bad == [], "\n".join(bad)


def test_the_core_imports_nothing_of_ours_outside_the_core():
    imports = _imports()
    bad = [f"{where}: {source} imports {target}" for source, target, where in imports
           if _within(source, CORE) and target.split(".")[0] in ("harness", "autorater") and not _within(target, CORE)
           and target != "harness"]
    assert bad == [], "\n".join(bad)
    assert any(_within(s, CORE) and _within(t, CORE) for s, t, _ in imports)  # the rule saw core modules


def test_autorater_uses_harness_only_through_its_public_parts():
    bad = [f"{where}: {source} imports {target}" for source, target, where in _imports()
           if source.startswith("autorater") and target.startswith("harness") and target != "harness"
           and not _within(target, AUTORATER_MAY_USE)]
    assert bad == [], "\n".join(bad)


def test_scoring_is_pure():
    bad = [f"{where}: {source} imports {target}" for source, target, where in _imports()
           if _within(source, PURE_SCORING) and _within(target, IMPURE)]
    assert bad == [], "\n".join(bad)


def test_backends_are_chosen_in_one_place():
    """Callers get a sandbox from harness.sandbox.create_sandbox (by backend name), never a backend class."""
    bad = [f"{where}: {source} imports {target}" for source, target, where in _imports()
           if _within(target, ("harness.sandbox.docker_sandbox", "harness.sandbox.docker_exec", "harness.sandbox.docker_process"))
           and not _within(source, ("harness.sandbox",))]
    assert bad == [], "\n".join(bad)


def test_the_rules_catch_a_violation(tmp_path, monkeypatch):
    """A rule that cannot fail proves nothing: plant an app import in the core and see it caught."""
    fake = tmp_path / "root"
    for package in ("harness", "autorater"):
        (fake / package).mkdir(parents=True)
        (fake / package / "__init__.py").write_text("")
    (fake / "harness" / "paths.py").write_text("from harness.cli import app\n")
    (fake / "autorater" / "scoring").mkdir()
    (fake / "autorater" / "scoring" / "__init__.py").write_text("import docker\nfrom harness.runner import x\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", fake)
    rows = _imports()
    assert ("harness.paths", "harness.cli", "harness/paths.py:1") in rows
    assert any(_within(s, PURE_SCORING) and _within(t, IMPURE) for s, t, _ in rows)
    assert any(s.startswith("autorater") and not _within(t, AUTORATER_MAY_USE) for s, t, _ in rows if t.startswith("harness"))
