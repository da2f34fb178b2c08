"""Every command's --help reads whole in an 80-column terminal: no option name cut to '…'."""

from __future__ import annotations

import click
from typer.testing import CliRunner

from harness.cli import COMMANDS, app, load_command


def _commands(group: click.Command, path: tuple[str, ...]) -> list[tuple[str, ...]]:
    found = [path]
    if isinstance(group, click.Group):
        for name, command in group.commands.items():
            found += _commands(command, (*path, name))
    return found


def test_no_help_cuts_an_option_name_at_80_columns():
    paths: list[tuple[str, ...]] = [()]
    for verb in COMMANDS:
        paths += _commands(load_command(verb), (verb,))
    assert len(paths) > 10  # the walk found the command tree
    runner = CliRunner()
    cut = {}
    for path in paths:
        result = runner.invoke(app, [*path, "--help"], env={"COLUMNS": "80", "TERMINAL_WIDTH": "80"})
        assert result.exit_code == 0, (path, result.output)
        assert max(len(line) for line in result.output.splitlines()) <= 80, path  # the width really was 80
        lines = [line for line in result.output.splitlines() if "…" in line]
        if lines:
            cut[" ".join(path)] = lines
    assert not cut, cut
