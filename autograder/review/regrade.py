"""Safe regrades: reuse a grade when nothing that decides it changed; keep every run.

A grade depends on four things, each hashed on its own (the *parts* of the key):

``submission``  what is graded: the chosen file's name and code (a notebook's code cells),
                or why nothing could be read;
``assignment``  the assignment's hidden suite (its mutants included: they name the
                misconceptions), reference module, public checks, settings and provided code
                (and its notebook, when its answer cells are graded: the reference answers);
``engine``      ``autograder.__version__``, the engine's own source and templates (``autograder/``,
                ``pgcheck/``; not the modules that only read grading output, such as the
                class report) and the Python and torch versions;
``options``     the grading options (sandbox mode, limits, ``--skip-slow``).

``autograde grade`` keeps, in the output folder ``OUT``:

* ``OUT/<student>/cache.json``: the key, its parts, the run that graded the student and the
  grade (:meth:`Graded.to_cache <autograder.records.grades.Graded.to_cache>`: its test
  outcomes, events and protections). When a later run finds the same key,
  it reuses the grade and leaves the student's folder as it is. Any change of a part regrades,
  and so does a grade recorded with a ``retry`` reason (the grader itself crashed on it:
  :class:`autograder.records.grades.Graded`), whose key is left empty.
* ``OUT/_runs/<run>/run.json``: one manifest per run: when, which students, whether each was
  regraded or reused and why, and every score (test names and scores, without feedback).
* ``OUT/_runs/<run>/<student>/``: a student's folder as run ``<run>`` left it, moved there
  when a later run regraded the student; so nothing a run produced is ever overwritten.

:func:`changes` compares two runs: the students whose score changed, old and new, and the
tests responsible. Nothing here imports torch or runs a submission, so a run that reuses
every grade costs a fraction of a second per class.
"""
from __future__ import annotations

import json
import shutil
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from autograder import __version__
from autograder.authoring.course import Assignment
from autograder.authoring.fingerprints import (PARTS, assignment_fingerprint,
                                               engine_fingerprint, key_of, options_fingerprint,
                                               submission_fingerprint)
from autograder.records.grades import Graded
from autograder.report import OUTPUT_NAMES as RESERVED  # names no student id may take
from autograder.report import REPORT, RUNS

CACHE = "cache.json"           #: OUT/<student>/cache.json


# -- runs ------------------------------------------------------------------------

def _now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def runs(out: Path, assignment: str | None = None) -> list[dict]:
    """Every run recorded in ``out`` (oldest first), optionally of one assignment."""
    found = []
    for path in sorted((Path(out) / RUNS).glob("*/run.json")):
        try:
            run = json.loads(path.read_text())
        except (OSError, ValueError):
            continue
        if assignment is None or run.get("assignment") == assignment:
            found.append(run)
    return found


def student_folder(out: Path, student: str, run: str) -> Path:
    """Where the files run ``run`` wrote for ``student`` are now."""
    current = Path(out) / student
    if not run:
        return current
    try:
        if json.loads((current / CACHE).read_text()).get("run") == run:
            return current
    except (OSError, ValueError):
        pass
    return Path(out) / RUNS / run / student


def _brief(result: Graded) -> dict:
    """A grade without its feedback texts: what a manifest keeps of it (with the sandbox's
    protections it was graded under: the TA's record, never the student's feedback)."""
    return {"submission": result.submission, "assignment": result.assignment,
            "score": result.score, "max_score": result.max_score,
            "protections": list(result.protections),
            "tests": [{"name": o.name, "score": o.score, "max_score": o.max_score}
                      for o in result.outcomes]}


@dataclass
class Plan:
    """One run of ``autograde grade`` over a class: what to grade, what to reuse."""
    out: Path
    assignment: str
    run: str
    options: dict
    pairs: list[tuple[str, Path]]
    parts: dict[str, dict]                      # student -> the four hashes
    reused: dict[str, Graded]                   # student -> earlier grade
    why: dict[str, list[str]]                   # student -> parts that changed ("new": none before)
    graded_in: dict[str, str]                   # student -> run whose grade is reused
    #: student -> {"found_as": the folder's name, "why": why that could not be the id}
    renamed: dict[str, dict] = field(default_factory=dict)
    started: float = field(default_factory=time.time)
    #: student -> the submission as read for its fingerprint (graded from it: read once)
    subs: dict = field(default_factory=dict)
    #: the run history of ``out`` as this run found it (read once), and, once
    #: :meth:`finish` wrote it, this run's manifest after it
    history: list[dict] = field(default_factory=list)

    @property
    def pending(self) -> list[tuple[str, Path]]:
        """The (student, path) pairs to grade in this run."""
        return [(sid, path) for sid, path in self.pairs if sid not in self.reused]

    def finish(self, fresh: list[Graded]) -> list[Graded]:
        """Record the grades of :attr:`pending` (in that order) next to the reused ones;
        write each student's cache entry and this run's manifest. Returns every grade, in
        the order of the class."""
        by_student = dict(self.reused)
        for (sid, _), result in zip(self.pending, fresh):
            by_student[sid] = result
            parts = self.parts[sid]
            folder = self.out / sid
            folder.mkdir(parents=True, exist_ok=True)
            retry = result.retry                        # the grader crashed: never reused
            (folder / CACHE).write_text(json.dumps(
                {"key": "" if retry else key_of(parts), "parts": parts, "run": self.run,
                 **result.to_cache(), **({"retry": retry} if retry else {})}),
                     encoding="utf-8", errors="replace")
        results = [by_student[sid] for sid, _ in self.pairs]
        manifest = {
            "run": self.run, "assignment": self.assignment, "engine": __version__,
            "started": datetime.fromtimestamp(self.started, timezone.utc).isoformat(),
            "finished": _now(), "seconds": round(time.time() - self.started, 3),
            "options": self.options,
            "students": [{"id": sid, "path": str(path), "parts": self.parts[sid],
                          "reused": sid in self.reused, "why": self.why.get(sid, []),
                          "graded_in": self.graded_in.get(sid, self.run),
                          **({"renamed": self.renamed[sid]} if sid in self.renamed else {})}
                         for sid, path in self.pairs],
            "results": [_brief(r) for r in results],
        }
        folder = self.out / RUNS / self.run
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "run.json").write_text(json.dumps(manifest, indent=1),
            encoding="utf-8", errors="replace")
        self.history = [*self.history, manifest]
        return results


def plan(out: Path, assignment: Assignment, pairs: list[tuple[str, Path]], options: dict,
         read=None, renamed=(), reuse: bool = True, history: list[dict] | None = None) -> Plan:
    """Decide, student by student, whether the grade in ``out`` can be reused; move aside
    (into ``out/_runs/<its run>/``) the folder of every student who will be regraded.

    ``read(student, path)`` reads a submission (default :func:`autograder.engine.discover.read`).
    ``renamed``: the :class:`autograder.engine.discover.Student` entries graded under another
    id than their folder's name; the manifest keeps the name and why.
    ``reuse=False`` (``grade --no-reuse``) grades every student again, the manifest saying
    why (``no-reuse``) for those whose grade could have been reused.
    ``history``: :func:`runs` of ``out``, when the caller read it already (read once).
    """
    from autograder.engine import discover

    out = Path(out)
    read = read or (lambda sid, path: discover.read(sid, path, assignment.name,
                                                       assignment.functions,
                                                       answers=bool(assignment.answers)))
    _check_ids(pairs)
    earlier = runs(out) if history is None else history
    run = f"{len(earlier) + 1:04d}-{datetime.now(timezone.utc):%Y%m%dT%H%M%SZ}"
    while (out / RUNS / run).exists():
        run += "+"
    common = {"assignment": assignment_fingerprint(assignment), "engine": engine_fingerprint(),
              "options": options_fingerprint(options)}
    result = Plan(out, assignment.name, run, options, list(pairs), {}, {}, {}, {},
                  renamed={s.id: {"found_as": s.found_as, "why": s.renamed} for s in renamed},
                  history=list(earlier))
    for sid, path in pairs:
        result.subs[sid] = read(sid, path)
        parts = {"submission": submission_fingerprint(result.subs[sid]), **common}
        result.parts[sid] = parts
        try:
            cached = json.loads((out / sid / CACHE).read_text())
        except (OSError, ValueError):
            cached = None
        same = bool(cached) and cached.get("key") == key_of(parts) \
            and cached.get("assignment") == assignment.name
        if same and reuse:
            try:
                result.reused[sid] = Graded.from_cache(cached)
            except ValueError:
                pass                                # not this version's: graded again
            else:
                result.graded_in[sid] = cached.get("run", "")
                del result.subs[sid]                # reused: never read again
                continue
        before = (cached or {}).get("parts", {})
        result.why[sid] = ([p for p in PARTS if before.get(p) != parts[p]] if before else
                           ["new"]) or (["retry"] if (cached or {}).get("retry") else []) \
            or (["no-reuse"] if same else [])
        if (out / sid).exists():
            _set_aside(out, sid, (cached or {}).get("run") or "earlier")
    return result


def _check_ids(pairs: list[tuple[str, Path]]) -> None:
    """ValueError for an id the output folder keeps for itself, or one two students share."""
    from autograder.engine import discover

    keys = [discover.id_key(sid) for sid, _ in pairs]
    clash = [sid for sid, key in zip((p[0] for p in pairs), keys)
             if key in {discover.id_key(r) for r in RESERVED}]
    if clash:
        raise ValueError(f"a student may not be graded as {clash[0]!r} (the output "
                         "folder keeps its own files under that name)")
    twice = [sid for (sid, _), key in zip(pairs, keys) if keys.count(key) > 1]
    if twice:   # discover() never gives these: one grade would overwrite the other
        raise ValueError(f"two students would be graded as {twice[0]!r}")


def _set_aside(out: Path, sid: str, run: str) -> None:
    """Move ``out/<sid>`` into ``out/_runs/<run>/<sid>`` (never over something kept)."""
    target = out / RUNS / run / sid
    n = 1
    while target.exists():
        n += 1
        target = out / RUNS / run / f"{sid}.{n}"
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.move(str(out / sid), str(target))


# -- what changed ----------------------------------------------------------------

def changes(before: dict | None, after: dict) -> dict:
    """What changed between two runs' manifests of one assignment.

    Returns ``changed`` (students whose score changed: old and new score and maximum, the
    parts of the key that changed, and the tests responsible: every test whose score
    differs, or that exists in one run only), ``added`` and ``removed`` (students in one
    run only), ``reused`` and ``regraded`` (students of ``after``, by how it got its grade).
    """
    students = {s["id"]: s for s in after.get("students", [])}
    summary = {"previous": before.get("run") if before else None, "run": after.get("run"),
               "reused": sorted(s for s, e in students.items() if e.get("reused")),
               "regraded": sorted(s for s, e in students.items() if not e.get("reused")),
               "changed": [], "added": [], "removed": []}
    if not before:
        return summary
    old = {r["submission"]: r for r in before.get("results", [])}
    new = {r["submission"]: r for r in after.get("results", [])}
    summary["added"] = sorted(set(new) - set(old))
    summary["removed"] = sorted(set(old) - set(new))
    for sid in new:
        if sid not in old or (old[sid]["score"] == new[sid]["score"]
                              and old[sid]["max_score"] == new[sid]["max_score"]):
            continue
        was = {t["name"]: t["score"] for t in old[sid]["tests"]}
        now = {t["name"]: t["score"] for t in new[sid]["tests"]}
        tests = [{"name": name, "old": was.get(name), "new": now.get(name)}
                 for name in list(dict.fromkeys([*was, *now]))
                 if was.get(name) != now.get(name)]
        summary["changed"].append({
            "student": sid, "old": old[sid]["score"], "new": new[sid]["score"],
            "old_max": old[sid]["max_score"], "new_max": new[sid]["max_score"],
            "why": students.get(sid, {}).get("why", []), "tests": tests})
    summary["changed"].sort(key=lambda c: (-abs(c["new"] - c["old"]), c["student"]))
    return summary
