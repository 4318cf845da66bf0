"""The project as `flet build apk` sees it, checked here without the Flutter SDK (issue 16).

`flet build apk` fetches Flutter before it looks at the project (running it here stops at
"Flutter SDK ... is required"), so these tests call the build command's own checks from the
installed flet-cli (pinned with flet) on this folder: the target, the entry point named by
[tool.flet.app], and the dependencies it would hand to pip for Android, each of which must
have a wheel a built app can install.
"""

from __future__ import annotations

import argparse
import platform
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path
from typing import Any

import pytest
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

REPO = Path(__file__).resolve().parents[1]

# Binary packages the built app may need: each has wheels for Android where `flet build`
# looks for them (Flet's package index, pypi.flet.dev, or PyPI itself).
ANDROID_WHEELS = {
    "msgpack": "flet's own; built for Android on pypi.flet.dev",
    "pillow": "reportlab's; built for Android on pypi.flet.dev",
    "charset-normalizer": "reportlab's; PyPI has a py3-none-any wheel beside the compiled ones",
}


class BuildStopped(Exception):
    """The build command gave up, with its message."""


def build_command(target: str = "apk") -> Any:
    """flet-cli's `flet build` command for this folder, up to where it would fetch Flutter: its
    options parsed as on the command line, the project read, and a stop that raises instead
    of leaving the process."""
    from flet_cli.commands.build import Command
    from flet_cli.utils.pyproject_toml import load_pyproject_toml

    parser = argparse.ArgumentParser()
    command = Command(parser)
    command.options = parser.parse_args([target, str(REPO)])
    command.target_platform = target
    command.current_platform = platform.system()
    command.python_app_path = REPO
    command.get_pyproject = load_pyproject_toml(REPO)

    def stop(exit_code: int, message: Any = None, no_border: bool = False) -> None:
        raise BuildStopped(f"exit {exit_code}: {message}")

    command.cleanup = stop
    return command


def test_flet_build_apk_finds_main_py_at_the_root() -> None:
    """Issue 16: "`flet build apk` stops at once with 'main.py not found in the root of Flet
    app directory'"."""
    command = build_command("apk")
    command.validate_target_platform()
    command.validate_entry_point()
    assert command.python_module_name == "main"
    assert command.package_app_path == REPO
    assert (REPO / "main.py").is_file()


def test_the_app_package_holds_the_app_and_not_the_tests_or_screenshots() -> None:
    """What flet build packages: this folder less [tool.flet.app] exclude and its own
    default excludes."""
    from flet_cli.utils.app_excludes import find_default_excludes

    command = build_command("apk")
    command.config_platform = command.platforms["apk"]["config_platform"]
    excluded = set(command.get_platform_setting("app.exclude", []))
    excluded |= set(find_default_excludes(REPO, [], sorted(excluded)))
    packaged = {path.name for path in REPO.iterdir()} - excluded
    assert {"main.py", "companion", "assets", "pyproject.toml"} <= packaged
    assert not {"docs", "tests", "benchmarks", ".venv", ".git"} & packaged
    # the web client bundled for the referee link (python -m companion bundle-web-client)
    # goes into the app when it is there
    from companion.webclient.files import BUNDLE_NAME

    assert BUNDLE_NAME not in excluded


def android_environments() -> list[dict[str, str]]:
    """The marker environments of a built Android app: Python 3.12 says sys.platform "linux",
    3.13 and later "android"; the Python version is the one flet build picks."""
    found = []
    for version in ("3.12", "3.13", "3.14"):
        for system, plat in (("Linux", "linux"), ("Android", "android")):
            env = dict(default_environment())
            env.update(python_version=version, python_full_version=f"{version}.0",
                       sys_platform=plat, platform_system=system, os_name="posix",
                       platform_machine="aarch64", implementation_name="cpython",
                       platform_python_implementation="CPython")
            found.append(env)
    return found


def needed(requirement: Requirement, extras: frozenset[str]) -> bool:
    if requirement.marker is None:
        return True
    return any(requirement.marker.evaluate({**env, "extra": extra})
               for env in android_environments() for extra in (extras or {""}))


def wheel_tags(name: str) -> list[str]:
    text = distribution(name).read_text("WHEEL") or ""
    return [line.split(":", 1)[1].strip() for line in text.splitlines()
            if line.startswith("Tag:")]


def test_every_dependency_of_the_built_app_has_an_android_wheel() -> None:
    """What `flet build apk` installs (project.dependencies, as flet-cli reads them, and all
    they require on Android, read from the installed packages) is pure Python (a
    py3-none-any wheel) or one of the few binary packages built for Android."""
    from flet_cli.utils.project_dependencies import get_project_dependencies

    command = build_command("apk")
    wanted = get_project_dependencies(command.get_pyproject("project.dependencies"))
    assert wanted, "no dependencies read from pyproject.toml"
    queue = [(Requirement(text), "pyproject.toml") for text in wanted]
    seen: dict[str, str] = {}
    walked: set[tuple[str, frozenset[str]]] = set()
    binary: dict[str, str] = {}
    while queue:
        requirement, wanted_by = queue.pop()
        name = canonicalize_name(requirement.name)
        extras = frozenset(requirement.extras)
        if (name, extras) in walked:
            continue
        walked.add((name, extras))
        seen.setdefault(name, wanted_by)
        try:
            dist = distribution(name)
        except PackageNotFoundError:
            pytest.fail(f"{name} (wanted by {wanted_by}) is not installed here to be checked")
        tags = wheel_tags(name)
        if not tags or not all(tag.endswith("-none-any") for tag in tags):
            binary[name] = f"{wanted_by}: {', '.join(tags) or 'no wheel tags'}"
        for text in dist.requires or []:
            sub = Requirement(text)
            if needed(sub, extras):
                queue.append((sub, name))
    unknown = {name: why for name, why in binary.items() if name not in ANDROID_WHEELS}
    assert unknown == {}, "binary packages without Android wheels: " + repr(unknown)
    assert "flet-web" not in seen and "fastapi" not in seen, seen
    # the catalogues' tool (tools/i18n.py) is for development: the app reads its .po files
    assert "babel" not in seen, seen
    assert {"flet", "uvicorn", "starlette", "wsproto", "qrcode", "reportlab"} <= set(seen)
