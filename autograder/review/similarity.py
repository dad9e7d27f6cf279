"""Similarity of a class's submissions: code compared as code, with copydetect (winnowing, as
MOSS does).

``autograde similarity OUT_OR_CLASS_DIR -a NAME`` compares the graded file of every student
(the same file the grader chose: ``NAME.py``, or the code cells of ``NAME.ipynb``) with
every other one. Each file is first parsed and put in canonical form
(:mod:`autograder.review.normalise`: formatting, comments, docstrings, redundant
parentheses, names, function order and dead statements no longer count, and code run from
an embedded string is read out of it), then copydetect fingerprints the canonical text
(names and strings become placeholders) and matches k-grams of tokens wherever they are. The
released starter code (``assignments/NAME/NAME.py`` and the code cells of ``NAME.ipynb``),
in the same canonical form, is boilerplate: what a student got from us never counts as a
match. A file that does not parse is compared as it is, token by token.

A pair is listed when at least ``threshold`` of either file's fingerprinted code is matched
by the other; its matched regions are the student's own lines. Each student's code that is
built at run time (``exec``, ``eval``, ``compile``, ``__import__``, ...; in a notebook, code
that runs where only definitions should) is listed too, by line
(:mod:`autograder.review.dynamic`). Results go to ``OUT/_report/NAME-similarity.json`` (and
``.csv``), which the class page (:mod:`autograder.review.classview`) shows.

Student code is only read as text and parsed here, never run.
"""
from __future__ import annotations

import bisect
import functools
import io
import itertools
import json
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from importlib import metadata
from pathlib import Path

from autograder.authoring import fingerprints
from autograder.authoring.course import Assignment
from autograder.report.csvsafe import write_csv
from autograder.batch import regrade
from autograder.review.normalise import Normalised, normalise, statements


#: the shortest match that counts, in characters of canonical code as copydetect filters it
#: (names and strings one character each, no spaces); measured on the bank of disguised
#: copies of every assignment (docs/class-report.md): every copy stays fully matched, and
#: no two independent solutions share more than 30 % (at 25, up to 58 %)
NOISE = 35
#: the share of either file that must match for a pair to be listed, unless the assignment's
#: ``[similarity] threshold`` says otherwise (:func:`threshold_of`)
THRESHOLD = 0.5


def threshold_of(assignment: Assignment) -> float:
    """The threshold of ``assignment``: its ``assignment.toml`` may raise it where the work is
    so short that independent correct solutions share much of their code (a GAE recursion is
    seven lines; CleanRL's and the reference's match at about 52 %)."""
    value = assignment.settings.similarity.threshold     # checked: in (0, 1]
    return THRESHOLD if value is None else value


@dataclass(frozen=True)
class Doc:
    """One student's graded file, as compared."""
    student: str
    file: str          # the graded file's name
    code: str          # a module's source, or a notebook's code cells joined
    fingerprint: str = ""   # fingerprints.submission_fingerprint: tells a stale comparison
    cells: tuple[tuple[int, str], ...] = ()     # a notebook's code cells: (cell index, source)

    @property
    def notebook(self) -> bool:
        return self.file.endswith(".ipynb")

    def place(self, line: int) -> str:
        """Where line ``line`` of :attr:`code` is in the student's file."""
        if not self.notebook:
            return f"line {line}"
        start = 1
        for index, cell in self.cells:
            end = start + cell.count("\n")
            if line <= end:
                return f"cell {index}, line {line - start + 1}"
            start = end + 2
        return f"line {line}"


def doc_of(student: str, sub, fingerprint: str = "") -> Doc:
    """The :class:`Doc` of a read submission (:class:`pgcheck.discovery.Submission`)."""
    if sub.kind == "py":
        return Doc(student, sub.filename, sub.source, fingerprint)
    cells = tuple((i, c) for i, c in sub.cells or [])
    return Doc(student, sub.filename, "\n\n".join(c for _, c in cells), fingerprint, cells)


def _pieces(doc: Doc) -> list[str]:
    return [cell for _, cell in doc.cells] if doc.notebook else [doc.code]


def canonical(doc: Doc, assignment: Assignment, starter: frozenset[str] = frozenset()
              ) -> Normalised:
    """``doc``'s code in canonical form (:mod:`autograder.review.normalise`), without the
    ``starter`` statements (:func:`starter_statements`)."""
    return normalise(_pieces(doc), notebook=doc.notebook, keep=frozenset(assignment.functions),
                     boilerplate=starter)


def starter_statements(assignment: Assignment) -> frozenset[str]:
    """Every top-level statement of the starter code, in canonical form: a student's copy
    of one (a stub left as it was, a notebook's own cells) is left out of the comparison."""
    keep = frozenset(assignment.functions)
    return frozenset().union(*(statements(_pieces(d), d.notebook, keep)
                               for d in boilerplate(assignment)))


def collect(path: Path, assignment: Assignment) -> tuple[list[Doc], Path]:
    """The graded files at ``path`` and the output folder their pairs belong to.

    ``path`` is a grading output folder (its latest run of ``assignment`` names the
    students and where their work was) or a class folder (found as ``grade`` finds it).
    """
    from autograder.engine import discover

    path = Path(path)
    recorded = regrade.runs(path, assignment.name) if path.is_dir() else []
    if recorded:
        pairs = [(s["id"], Path(s["path"])) for s in recorded[-1]["students"]]
        out = path
    else:
        pairs = discover.discover([path], assignment.name)
        out = Path("autograde-out")
    docs = []
    for sid, where in pairs:
        sub = discover.read(sid, where, assignment.name, assignment.functions)
        if not sub.problem:
            docs.append(doc_of(sid, sub, fingerprints.submission_fingerprint(sub)))
    return docs, out


def boilerplate(assignment: Assignment) -> list[Doc]:
    """The starter code students received for ``assignment``: the stub module and the
    notebook's code cells."""
    from pgcheck.discovery import read

    docs = []
    for kind in ("py", "ipynb"):
        file = assignment.release_dir / f"{assignment.name}.{kind}"
        if file.is_file():
            sub = read("release", file, assignment.name)
            if not sub.problem:
                docs.append(doc_of("release", sub))
    return docs


@functools.lru_cache(maxsize=1024)
def _starts(code: str) -> list[int]:
    """The offset of each line of ``code``."""
    return [0] + [i + 1 for i, ch in enumerate(code) if ch == "\n"]


def _merged(spans) -> list[list[int]]:
    """Line ranges ``(first, last)``, in order, merged where they overlap or touch."""
    out: list[list[int]] = []
    for first, last in spans:
        if out and first <= out[-1][1] + 1:
            out[-1][1] = max(out[-1][1], last)
        else:
            out.append([first, last])
    return out


def _lines(code: str, slices) -> list[list[int]]:
    """Character slices (copydetect's 2 x N array) as merged 1-based line ranges."""
    starts = _starts(code)
    return _merged((bisect.bisect_right(starts, int(a)),
                    bisect.bisect_right(starts, max(int(a), int(b) - 1)))
                   for a, b in zip(slices[0], slices[1]))


def ranges(lines: list[list[int]]) -> str:
    return ", ".join(f"{a}-{b}" if a != b else f"{a}" for a, b in lines)


def _student_lines(form: Normalised, matched: list[list[int]]) -> list[list[int]]:
    """Line ranges of the canonical text as the student's own line ranges, merged."""
    lines = sorted({line for a, b in matched for n in range(a, b + 1)
                    if 0 < n <= len(form.origin)
                    for line in range(form.origin[n - 1][0], form.origin[n - 1][1] + 1)})
    return _merged((line, line) for line in lines)


def _line_marks(code: str, lines: list[list[int]]) -> list[list[int]]:
    """The 1-based line ranges ``lines`` of ``code`` as character ranges ``[[start, end], ...]``
    (each line's text, without its newline)."""
    starts = _starts(code)
    ends = starts[1:] + [len(code) + 1]
    return [[starts[a - 1], ends[b - 1] - 1] for a, b in lines
            if 0 < a <= b <= len(starts)]


def dynamic_code(doc: Doc, form: Normalised) -> list[dict]:
    """The student's code built at run time, by line, for the page."""
    lines = doc.code.splitlines()
    return [{**asdict(f), "place": doc.place(f.line),
             "code": lines[f.line - 1].strip()[:160] if 0 < f.line <= len(lines) else ""}
            for f in form.findings]


def check(docs: list[Doc], assignment: Assignment, threshold: float | None = None,
          noise: int = NOISE) -> dict:
    """Every pair of ``docs`` above ``threshold``, most similar first, with the matched
    regions (the student's line ranges, and each file's code with the character ranges of those
    lines: ``code_a``, ``marks_a``, data, never HTML; the class page marks them up, escaping
    the code, :func:`autograder.review.classview.marked`), and every student's code built at
    run time. ``threshold`` defaults to the assignment's (:func:`threshold_of`)."""
    import numpy as np
    from copydetect import CodeFingerprint, compare_files

    def fingerprint(label: str, code: str, boiler=None):
        return CodeFingerprint(label, noise, 1, boilerplate=boiler, language="python",
                               fp=io.StringIO(code))

    boiler = [h for b in boilerplate(assignment)
              for h in fingerprint("release.py", canonical(b, assignment).text).hashes]
    boiler = np.unique(np.array(boiler))
    starter = starter_statements(assignment)
    forms = {d.student: canonical(d, assignment, starter) for d in docs}
    prints = {d.student: fingerprint(f"{d.student}/{d.file}", forms[d.student].text, boiler)
              for d in docs}
    codes = {d.student: d.code for d in docs}
    pairs = []
    threshold = threshold_of(assignment) if threshold is None else threshold
    for a, b in itertools.combinations(prints, 2):
        _, (sim_a, sim_b), (slices_a, slices_b) = compare_files(prints[a], prints[b])
        if max(sim_a, sim_b) < threshold or not max(sim_a, sim_b):
            continue
        lines_a = _student_lines(forms[a], _lines(forms[a].text, slices_a))
        lines_b = _student_lines(forms[b], _lines(forms[b].text, slices_b))
        pairs.append({
            "a": a, "b": b, "similarity_a": float(sim_a), "similarity_b": float(sim_b),
            "lines_a": lines_a, "lines_b": lines_b,
            "code_a": codes[a], "marks_a": _line_marks(codes[a], lines_a),
            "code_b": codes[b], "marks_b": _line_marks(codes[b], lines_b)})
    pairs.sort(key=lambda p: (-max(p["similarity_a"], p["similarity_b"]), p["a"], p["b"]))
    return {"assignment": assignment.name,
            "tool": f"copydetect {metadata.version('copydetect')}, on code in canonical form",
            "computed": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "threshold": threshold, "noise": noise, "compared": len(docs),
            "students": sorted(prints), "pairs_flagged": len(pairs), "pairs": pairs,
            "as_tokens": sorted(s for s, f in forms.items() if not f.parsed),
            "dynamic": {d.student: dynamic_code(d, forms[d.student]) for d in docs
                        if forms[d.student].findings},
            "fingerprints": {d.student: d.fingerprint for d in docs}}


def write(out: Path, name: str, found: dict) -> list[Path]:
    """``OUT/_report/NAME-similarity.json`` and ``.csv``."""
    folder = Path(out) / regrade.REPORT
    folder.mkdir(parents=True, exist_ok=True)
    data = folder / f"{name}-similarity.json"
    data.write_text(json.dumps(found, indent=1), encoding="utf-8", errors="replace")
    table = write_csv(folder / f"{name}-similarity.csv",
                      ["student_a", "student_b", "similarity_a", "similarity_b", "lines_a",
                       "lines_b"],
                      ([p["a"], p["b"], f"{p['similarity_a']:.3f}", f"{p['similarity_b']:.3f}",
                        ranges(p["lines_a"]), ranges(p["lines_b"])] for p in found["pairs"]))
    return [data, table]
