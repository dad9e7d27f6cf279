"""The exact versions the course runs with, read from the environment it runs in.

The Gradescope image must grade with the packages the course was tested with,
not with whatever pip finds newest on the day the image is built. Nobody keeps
that list by hand: :func:`lock` reads what ``pyproject.toml`` asks for (the
package's dependencies and its build backend), follows every requirement
through the *installed* distributions (their own requirements, markers
evaluated for this interpreter, requested extras included) and pins each one at
the version installed here::

    torch==2.13.0
    numpy==2.3.1
    ...

Versions are pinned without their local label (``2.13.0``, not ``2.13.0+cpu``):
``==2.13.0`` still matches the CPU build on PyTorch's index, and pip prefers it
there, while a plain mirror of PyPI can serve the same release.
"""
from __future__ import annotations

import importlib.metadata as metadata
import platform
import tomllib
from pathlib import Path
from typing import Iterable

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version


def declared(pyproject: Path) -> list[Requirement]:
    """What ``pyproject.toml`` needs installed: its dependencies and its build backend."""
    data = tomllib.loads(Path(pyproject).read_text())
    return [Requirement(r) for r in (*data["project"].get("dependencies", ()),
                                     *data.get("build-system", {}).get("requires", ()))]


def closure(requirements: Iterable[Requirement]) -> dict[str, metadata.Distribution]:
    """The installed distributions ``requirements`` need, dependencies included, by canonical
    name. Markers are evaluated for this interpreter (a requirement for another platform is
    left out). A requirement named directly that is not installed raises ``LookupError``; a
    dependency that is not installed is an optional one this platform does not use."""
    found: dict[str, metadata.Distribution] = {}
    seen: set[tuple[str, str]] = set()
    todo = [(r, True) for r in requirements
            if r.marker is None or r.marker.evaluate({"extra": ""})]
    while todo:
        req, top = todo.pop()
        extras = sorted(req.extras)
        key = canonicalize_name(req.name)
        if (key, ",".join(extras)) in seen:
            continue
        seen.add((key, ",".join(extras)))
        try:
            dist = found.get(key) or metadata.distribution(req.name)
        except metadata.PackageNotFoundError:
            if top:
                raise LookupError(f"{req} is needed but not installed here") from None
            continue
        found[key] = dist
        for line in dist.requires or []:
            sub = Requirement(line)
            if sub.marker is None or any(sub.marker.evaluate({"extra": e})
                                         for e in ["", *extras]):
                todo.append((sub, False))
    return found


def lock(pyproject: Path) -> str:
    """A pip requirements file pinning everything ``pyproject`` needs at the versions
    installed here (see the module docstring)."""
    dists = closure(declared(pyproject))
    lines = sorted(f"{canonicalize_name(d.metadata['Name'])}=={Version(d.version).public}"
                   for d in dists.values())
    return (f"# The versions the course was tested with: generated from the environment that "
            f"built this zip\n# (Python {platform.python_version()}, {platform.system()} "
            f"{platform.machine()}) by autograder/platforms/pins.py; do not edit.\n"
            + "\n".join(lines) + "\n")
