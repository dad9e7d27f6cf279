"""Similarity of a class's submissions, with copydetect (winnowing, as MOSS does).

``autograde similarity OUT_OR_CLASS_DIR -a NAME`` compares the graded file of every student
(the same file the grader chose: ``NAME.py``, or the code cells of ``NAME.ipynb``) with
every other one. copydetect tokenises the code with Pygments (names and strings become
placeholders, comments and layout are dropped), so renaming variables does not hide a copy, and
it matches k-grams of tokens wherever they are, so reordering functions does not either.
The released starter code (``assignments/NAME/NAME.py`` and the code cells of
``NAME.ipynb``) is boilerplate: what a student got from us never counts as a match.

A pair is listed when at least ``threshold`` of either file's fingerprinted code is matched
by the other. Results go to ``OUT/_report/NAME-similarity.json`` (and ``.csv``), which the
class page (:mod:`autograder.review.classview`) shows with the matched regions.

Student code is only read as text here, never run.
"""
from __future__ import annotations

import bisect
import io
import itertools
import json
from dataclasses import dataclass
from datetime import datetime, timezone
from importlib import metadata
from pathlib import Path

from autograder.review import regrade
from autograder.authoring.course import Assignment


@dataclass(frozen=True)
class Doc:
    student: str
    file: str          # the graded file's name
    code: str          # a module's source, or a notebook's code cells joined
    fingerprint: str = ""   # regrade.submission_fingerprint: tells a stale comparison


def code_of(sub) -> str:
    """The code of a read submission (:class:`pgcheck.discovery.Submission`)."""
    if sub.kind == "py":
        return sub.source
    return "\n\n".join(cell for _, cell in sub.cells or [])


def collect(path: Path, assignment: Assignment) -> tuple[list[Doc], Path]:
    """The graded files at ``path`` and the output folder their pairs belong to.

    ``path`` is a grading output folder (its latest run of ``assignment`` names the
    students and where their work was) or a class folder (found as ``grade`` finds it).
    """
    from autograder.engine import discover as submissions

    path = Path(path)
    recorded = regrade.runs(path, assignment.name) if path.is_dir() else []
    if recorded:
        pairs = [(s["id"], Path(s["path"])) for s in recorded[-1]["students"]]
        out = path
    else:
        pairs = submissions.discover([path], assignment.name)
        out = Path("autograde-out")
    docs = []
    for sid, where in pairs:
        sub = submissions.read(sid, where, assignment.name, assignment.functions)
        if not sub.problem:
            docs.append(Doc(sid, sub.filename, code_of(sub), regrade.submission_fingerprint(sub)))
    return docs, out


def boilerplate(assignment: Assignment) -> list[str]:
    """The starter code students received for ``assignment``: the stub module and the
    notebook's code cells."""
    from pgcheck.discovery import read

    texts = []
    for kind in ("py", "ipynb"):
        file = assignment.release_dir / f"{assignment.name}.{kind}"
        if file.is_file():
            sub = read("release", file, assignment.name)
            if not sub.problem:
                texts.append(code_of(sub))
    return texts


def _lines(code: str, slices) -> list[list[int]]:
    """Character slices (copydetect's 2 x N array) as merged 1-based line ranges."""
    starts = [0] + [i + 1 for i, ch in enumerate(code) if ch == "\n"]
    ranges: list[list[int]] = []
    for a, b in zip(slices[0], slices[1]):
        first = bisect.bisect_right(starts, int(a))
        last = bisect.bisect_right(starts, max(int(a), int(b) - 1))
        if ranges and first <= ranges[-1][1] + 1:
            ranges[-1][1] = max(ranges[-1][1], last)
        else:
            ranges.append([first, last])
    return ranges


def _marks(slices) -> list[list[int]]:
    """copydetect's slices (a 2 x N array of character offsets) as ``[[start, end], ...]``."""
    return [[int(a), int(b)] for a, b in zip(slices[0], slices[1])]


def ranges(lines: list[list[int]]) -> str:
    return ", ".join(f"{a}-{b}" if a != b else f"{a}" for a, b in lines)


def check(docs: list[Doc], assignment: Assignment, threshold: float = 0.5,
          noise: int = 25) -> dict:
    """Every pair of ``docs`` above ``threshold``, most similar first, with the matched
    regions: line ranges, and each file's code with the character ranges that match
    (``code_a``, ``marks_a``: data, never HTML; the class page marks them up, escaping the
    code, :func:`autograder.review.classview.marked`)."""
    import numpy as np
    from copydetect import CodeFingerprint, compare_files

    def fingerprint(label: str, code: str, boiler=None):
        return CodeFingerprint(label, noise, 1, boilerplate=boiler, language="python",
                               fp=io.StringIO(code))

    boiler = [h for i, text in enumerate(boilerplate(assignment))
              for h in fingerprint(f"release-{i}.py", text).hashes]
    boiler = np.unique(np.array(boiler))
    prints = {d.student: fingerprint(f"{d.student}/{d.file}", d.code, boiler) for d in docs}
    codes = {d.student: d.code for d in docs}
    pairs = []
    for a, b in itertools.combinations(prints, 2):
        _, (sim_a, sim_b), (slices_a, slices_b) = compare_files(prints[a], prints[b])
        if max(sim_a, sim_b) < threshold or not max(sim_a, sim_b):
            continue
        pairs.append({
            "a": a, "b": b, "similarity_a": float(sim_a), "similarity_b": float(sim_b),
            "lines_a": _lines(prints[a].raw_code, slices_a),
            "lines_b": _lines(prints[b].raw_code, slices_b),
            "code_a": codes[a], "marks_a": _marks(slices_a),
            "code_b": codes[b], "marks_b": _marks(slices_b)})
    pairs.sort(key=lambda p: (-max(p["similarity_a"], p["similarity_b"]), p["a"], p["b"]))
    return {"assignment": assignment.name,
            "tool": f"copydetect {metadata.version('copydetect')}",
            "computed": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "threshold": threshold, "noise": noise, "compared": len(docs),
            "students": sorted(prints), "pairs_flagged": len(pairs), "pairs": pairs,
            "fingerprints": {d.student: d.fingerprint for d in docs}}


def write(out: Path, name: str, found: dict) -> list[Path]:
    """``OUT/_report/NAME-similarity.json`` and ``.csv``."""
    from autograder.report import SpreadsheetWriter

    folder = Path(out) / regrade.REPORT
    folder.mkdir(parents=True, exist_ok=True)
    data = folder / f"{name}-similarity.json"
    data.write_text(json.dumps(found, indent=1))
    table = folder / f"{name}-similarity.csv"
    with table.open("w", newline="") as fh:
        writer = SpreadsheetWriter(fh)
        writer.writerow(["student_a", "student_b", "similarity_a", "similarity_b",
                         "lines_a", "lines_b"])
        for p in found["pairs"]:
            writer.writerow([p["a"], p["b"], f"{p['similarity_a']:.3f}",
                             f"{p['similarity_b']:.3f}", ranges(p["lines_a"]),
                             ranges(p["lines_b"])])
    return [data, table]
