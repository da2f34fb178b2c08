"""Images are tagged by content: unchanged files reuse the image, a change gives a new tag."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from rich.console import Console

from harness.images import build_images, resolve_image
from harness.images.build import content_hash
from harness.images.specs import IMAGE_SPECS
from harness.paths import project_root

pytestmark = pytest.mark.docker


def test_unchanged_images_are_reused(docker_client, sandbox_image):
    before = docker_client.images.get(sandbox_image).id
    console = Console(record=True, width=200)
    built = build_images(docker_client, ["autorater"], console)
    assert built["sandbox"] == sandbox_image
    assert docker_client.images.get(built["sandbox"]).id == before
    text = console.export_text()
    assert "sandbox mka-sandbox:" in text and "is up to date" in text
    assert "Step " not in text  # nothing was rebuilt
    assert resolve_image(docker_client, "autorater") == built["autorater"]


def test_content_hash_follows_defining_files(tmp_path, monkeypatch):
    copy = tmp_path / "repo"
    shutil.copytree(project_root() / "sandbox_image", copy / "sandbox_image", ignore=shutil.ignore_patterns("*.whl"))
    monkeypatch.setenv("MKA_HOME", str(copy))
    spec = IMAGE_SPECS["sandbox"]
    first = content_hash(spec, "sha256:base", None)
    (copy / spec.wheels_dir / "extra.whl").write_bytes(b"derived, not defining")
    assert content_hash(spec, "sha256:base", None) == first
    assert content_hash(spec, "sha256:other-base", None) != first
    with open(copy / spec.requirements[0], "a") as handle:
        handle.write("tqdm==4.67.1\n")
    assert content_hash(spec, "sha256:base", None) != first


def test_compose_file_validates():
    compose = shutil.which("docker-compose")
    if compose is None:
        pytest.fail("docker-compose is not installed (scripts/setup.sh installs it)")
    result = subprocess.run([compose, "-f", str(project_root() / "docker-compose.yml"), "config", "-q"],
                            capture_output=True, text=True, cwd=project_root())
    assert result.returncode == 0, result.stderr


def test_the_debian_mirror_comes_from_apt_configuration(tmp_path):
    """A user behind a corporate mirror has it in /etc/apt: both one-line and deb822 files count,
    -security / -updates suites and disabled stanzas do not."""
    from harness.images.mirror import apt_mirrors, debian_mirror

    (tmp_path / "sources.list.d").mkdir()
    (tmp_path / "sources.list").write_text("# comment\ndeb [arch=amd64] http://mirror.corp.example/debian-security bookworm-security main\n")
    (tmp_path / "sources.list.d" / "debian.sources").write_text(
        "Types: deb\nURIs: http://disabled.example/debian\nSuites: bookworm\nEnabled: no\n\n"
        "Types: deb deb-src\nURIs: https://mirror.corp.example/debian/\nSuites: bookworm bookworm-updates\nComponents: main\n")
    assert ("https://mirror.corp.example/debian/", "bookworm-updates") in apt_mirrors(tmp_path)
    assert debian_mirror("bookworm", tmp_path) == "https://mirror.corp.example/debian"
    assert debian_mirror("trixie", tmp_path) is None
