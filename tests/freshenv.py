"""A fresh Python environment that holds only what a requirements file declares.

Creating a real virtual environment and pip-installing torch, Jupyter and the rest into
it for every bundle would take minutes and need the network. This builds the same thing
in well under a second: a new venv (no pip, not the course's venv, so the course's own
packages are absent) whose site-packages holds links to exactly the declared
distributions, and what they depend on, taken from the environment running the tests.
A bundle that imports anything it neither ships nor declares fails there, as it would
on a student's machine.
"""
from __future__ import annotations

import importlib.metadata as metadata
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from autograder.platforms import pins
from conftest import THREADS


def declared(requirements_file: Path) -> list[Requirement]:
    lines = requirements_file.read_text().splitlines()
    return [Requirement(l.split("#", 1)[0].strip()) for l in lines if l.split("#", 1)[0].strip()]


def closure(requirements: list[Requirement]) -> dict[str, metadata.Distribution]:
    """The installed distributions that ``requirements`` need, dependencies included
    (:func:`autograder.platforms.pins.closure`, what the Gradescope zip pins).

    Raises AssertionError when a declared requirement is missing here or its
    installed version does not satisfy the declared specifier.
    """
    try:
        found = pins.closure(requirements)
    except LookupError as exc:
        raise AssertionError(f"declared requirement not installed where the tests run: {exc}")
    for req in requirements:
        version = found[canonicalize_name(req.name)].version.split("+")[0]
        assert req.specifier.contains(version, prereleases=True), \
            f"declared {req}, but the tests run with {req.name} {version}"
    return found


def make_env(requirements_file: Path, target: Path) -> Path:
    """Build the environment in ``target``; return its ``python``."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(target)], check=True)
    python = target / "bin" / "python"
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; "
                                "print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True).stdout.strip())
    here = Path(sysconfig.get_paths()["purelib"])
    for dist in closure(declared(requirements_file)).values():
        for file in dist.files or []:
            top = Path(file).parts[0]
            if top == ".." or top.endswith(".pth") and "editable" in top:
                continue
            source, link = Path(dist.locate_file(top)), site / top
            if not link.exists() and source.exists() and source.parent == here:
                link.symlink_to(source)
    return python


def clean_environ(env_dir: Path, home: Path, **extra) -> dict:
    """Environment variables of a student's shell: this venv on PATH, nothing of ours."""
    keep = {k: v for k, v in os.environ.items()
            if k in ("LANG", "LC_ALL", "TERM", "OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE", *THREADS)}
    return {**keep, "PATH": f"{env_dir / 'bin'}:/usr/bin:/bin", "HOME": str(home),
            "JUPYTER_PATH": str(home / "jupyter"), "PYTHONNOUSERSITE": "1", **extra}
