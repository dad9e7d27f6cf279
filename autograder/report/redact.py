"""The grading machine's own paths, kept out of everything a student reads.

A student's feedback quotes what their code said and did: exception messages, tracebacks,
printed output, reprs. Those texts are written inside the sandbox, whose view of the
machine has the grader's Python installation at its real path, so a traceback through
torch names ``/home/ta/course/.venv/lib/python3.12/site-packages/torch/...``; a failed
import names the grader's ``pgcheck/__init__.py``; a problem with the submission names the
TA's class folder. None of that helps the student, and it maps the grading machine for one
who is curious.

:class:`GraderPaths` lists the absolute paths of one grade (the course, the grader's
package and ``pgcheck``, the Python installation and its site-packages, the home folder, the
output folder, the class folder and the student's own folder) with a neutral word for each,
and :meth:`GraderPaths.scrub` rewrites every occurrence, longest path first::

    /srv/course/.venv/lib/python3.12/site-packages/torch/nn/functional.py
        -> <site-packages>/torch/nn/functional.py
    /srv/class/alice/grpo.py   (alice's own feedback)   -> <your folder>/grpo.py
    /srv/class/bob/grpo.py     (anywhere else in the class) -> <another submission>

Paths under the class folder and the output folder are *opaque*: the rest of the path goes
with them, so one student's feedback never names another student. :func:`scrub_all`
applies a scrub to every string of a report's data (dicts, lists, dataclasses) before it is
rendered: the report layer (:mod:`autograder.report`) is the one place every
student-facing string passes through.
"""
from __future__ import annotations

import dataclasses
import os
import re
import site
import sys
import sysconfig
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Callable

#: characters that may continue a path name: a place matches only where its path ends
_NAME = r"[\w.-]"
#: what an opaque place swallows after it: the rest of the path
_REST = r"(?:/[^\s'\"`<>()\[\]{},;:]*)?"
#: what a submission that is not a folder ends with (its folder is the student's)
_FILES = (".py", ".ipynb", ".zip")
#: shorter paths than this are never places ("/", "/usr", "/tmp": too common to mean us)
_MIN_LENGTH = 5


@dataclass(frozen=True)
class Place:
    """An absolute path of the grading machine and the neutral word that replaces it
    (``opaque``: with whatever path follows it)."""
    path: str
    word: str
    opaque: bool = False


@dataclass(frozen=True)
class GraderPaths:
    """The grading machine's paths for one grade, longest first (see the module's story)."""
    places: tuple[Place, ...]

    @classmethod
    def of_grade(cls, course: Path | None = None, out_dir: Path | None = None,
                 submission: Path | None = None) -> GraderPaths:
        """The places of one grade: ``course`` (the course root), ``out_dir`` (the output
        folder), ``submission`` (what was graded: the student's folder, file or zip; its
        folder is the student's own and the folder above it is the class's). The grader's
        package, ``pgcheck`` and the Python installation are places of every grade."""
        import pgcheck

        found: list[Place] = []

        def add(path, word: str, opaque: bool = False) -> None:
            if not path:
                return
            for variant in {str(Path(path)), os.path.realpath(path)}:
                if len(variant) >= _MIN_LENGTH and variant.startswith("/"):
                    found.append(Place(variant.rstrip("/"), word, opaque))

        if submission is not None:
            own = Path(submission)          # a folder, a file, a zip, a member of a zip
            while not own.is_dir() and (own.is_file() or own.suffix in _FILES) \
                    and own != own.parent:
                own = own.parent
            add(own, "<your folder>")
            add(own.parent, "<another submission>", opaque=True)
        add(out_dir, "<grader output>", opaque=True)
        add(Path(__file__).resolve().parents[1], "<grader>")     # the autograder package
        add(Path(pgcheck.__file__).resolve().parent, "<pgcheck>")
        add(course, "<course>")
        paths = sysconfig.get_paths()
        for key in ("purelib", "platlib"):
            add(paths.get(key), "<site-packages>")
        for directory in site.getsitepackages() + [site.getusersitepackages()]:
            add(directory, "<site-packages>")
        for key in ("stdlib", "platstdlib"):
            add(paths.get(key), "<stdlib>")
        for prefix in (sys.prefix, sys.base_prefix, sys.exec_prefix):
            add(prefix, "<python>")
        add(os.path.expanduser("~"), "~")
        return cls.of(found)

    @classmethod
    def of(cls, places: list[Place]) -> GraderPaths:
        """``places`` in the order they must be tried: longest path first (so the venv's
        site-packages wins over the course folder holding it), the first word given for a
        path kept."""
        unique: dict[str, Place] = {}
        for place in places:
            unique.setdefault(place.path, place)
        return cls(tuple(sorted(unique.values(), key=lambda p: -len(p.path))))

    @cached_property
    def _pattern(self) -> re.Pattern | None:
        if not self.places:
            return None
        alternatives = [re.escape(p.path) + (_REST if p.opaque else "") + f"(?!{_NAME})"
                        for p in self.places]
        return re.compile("|".join(f"({a})" for a in alternatives))

    def scrub(self, text: str) -> str:
        """``text`` with every place replaced by its word."""
        pattern = self._pattern
        if pattern is None or "/" not in text:
            return text
        return pattern.sub(lambda m: self.places[m.lastindex - 1].word, text)


def scrub_all(data, scrub: Callable[[str], str]):
    """``data`` with ``scrub`` applied to every string in it: in dicts (keys and values),
    lists, tuples and dataclass instances (rebuilt with :func:`dataclasses.replace`)."""
    if isinstance(data, str):
        return scrub(data)
    if isinstance(data, dict):
        return {scrub_all(k, scrub): scrub_all(v, scrub) for k, v in data.items()}
    if isinstance(data, list):
        return [scrub_all(v, scrub) for v in data]
    if isinstance(data, tuple):
        items = [scrub_all(v, scrub) for v in data]
        return data._make(items) if hasattr(data, "_make") else tuple(items)
    if dataclasses.is_dataclass(data) and not isinstance(data, type):
        return dataclasses.replace(data, **{f.name: scrub_all(getattr(data, f.name), scrub)
                                            for f in dataclasses.fields(data) if f.init})
    if isinstance(data, Path):
        return Path(scrub(str(data)))
    return data
