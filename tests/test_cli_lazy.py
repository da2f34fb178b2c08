"""`mka` loads a verb's module only when that verb runs, and every verb still resolves."""

from __future__ import annotations

import subprocess
import sys

import click
from typer.testing import CliRunner

from harness.cli import COMMANDS, app, load_command


def test_importing_the_cli_loads_no_command_module():
    probe = ("import sys, harness.cli; print(' '.join(sorted(m for m in sys.modules "
             "if m.startswith(('harness.cli.', 'autorater', 'harness.runner', 'docker')))))")
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.split()
    assert loaded == []


def test_every_verb_resolves_and_help_lists_them_in_order():
    for name in COMMANDS:
        command = load_command(name)
        assert command.name == name and (command.help or "").strip(), name
    assert isinstance(load_command("rubric"), click.Group) and "decoys" in load_command("rubric").commands
    result = CliRunner().invoke(app, ["--help"])
    assert result.exit_code == 0
    listed = [line.split()[1] for line in result.output.splitlines() if line.startswith("│ ") and line.split()[1] in COMMANDS]
    assert listed == list(COMMANDS)


def test_an_unknown_verb_is_a_usage_error():
    result = CliRunner().invoke(app, ["nonsense"])
    assert result.exit_code == 2 and "No such command 'nonsense'" in result.output
