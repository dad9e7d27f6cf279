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
from dataclasses import dataclass, field, replace
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

def _read(path: Path):
    """The JSON in ``path``; None when it cannot be read or is not JSON."""
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None


def runs(out: Path, assignment: str | None = None) -> list[dict]:
    """Every run recorded in ``out`` (oldest first), optionally of one assignment."""
    found = [_read(path) for path in sorted((Path(out) / RUNS).glob("*/run.json"))]
    return [run for run in found if run is not None
            and (assignment is None or run.get("assignment") == assignment)]


def _entry(out: Path, student: str, run: str) -> dict:
    """The cache entry of ``student``'s grade made in run ``run`` (read once: the current
    folder's when that run made it, else the one kept in ``_runs/<run>/``)."""
    current = json.loads((Path(out) / student / CACHE).read_text()) \
        if (Path(out) / student / CACHE).is_file() else {}
    if not run or current.get("run") == run:
        return current
    return json.loads((Path(out) / RUNS / run / student / CACHE).read_text())


def unrecorded(out: Path) -> list[dict]:
    """Where ``out`` holds no run history (its ``_runs`` gone), one run per assignment made
    up from the cache entries in it, every grade as its entry keeps it."""
    students: dict[str, list[dict]] = {}
    for path in sorted(Path(out).glob(f"*/{CACHE}")):
        cached = _read(path)
        if cached is not None and path.parent.name not in RESERVED \
                and isinstance(cached.get("assignment"), str):
            students.setdefault(cached["assignment"], []).append(
                {"id": path.parent.name, "graded_in": "", "reused": False})
    return [{"run": "unrecorded", "assignment": name, "students": entries, "results": []}
            for name, entries in students.items()]


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
    #: student -> the seconds a reused grade took when it was made (None: not recorded)
    took: dict[str, float | None] = field(default_factory=dict)

    @property
    def pending(self) -> list[tuple[str, Path]]:
        """The (student, path) pairs to grade in this run."""
        return [(sid, path) for sid, path in self.pairs if sid not in self.reused]

    def finish(self, grades: dict[str, Graded]) -> None:
        """Write this run down: the cache entry of each student graded now, and of each
        reused grade whose person's scores changed (``grades``: every student's, by id, as
        the batch finished them); then the run's manifest, which :attr:`history` gets last,
        unless the history holds it already (a plan :func:`recorded`)."""
        for sid, _ in self.pairs:
            graded = grades[sid]
            if sid not in self.reused or graded.marks != self.reused[sid].marks:
                self._cache(sid, graded)
        if any(r.get("run") == self.run for r in self.history):
            return
        manifest = {
            "run": self.run, "assignment": self.assignment, "engine": __version__,
            "started": datetime.fromtimestamp(self.started, timezone.utc).isoformat(),
            "finished": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ"),
            "seconds": round(time.time() - self.started, 3),
            "options": self.options,
            "students": [{"id": sid, "path": str(path), "parts": self.parts[sid],
                          "reused": sid in self.reused, "why": self.why.get(sid, []),
                          "graded_in": self.graded_in.get(sid, self.run),
                          **({"renamed": self.renamed[sid]} if sid in self.renamed else {})}
                         for sid, path in self.pairs],
            "results": [_brief(grades[sid]) for sid, _ in self.pairs],
        }
        folder = self.out / RUNS / self.run
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "run.json").write_text(json.dumps(manifest, indent=1),
            encoding="utf-8", errors="replace")
        self.history = [*self.history, manifest]

    def _cache(self, sid: str, graded: Graded) -> None:
        """``OUT/<sid>/cache.json``: the key, its parts, the run that graded it, the grade."""
        folder = self.out / sid
        folder.mkdir(parents=True, exist_ok=True)
        if sid in self.reused:                      # its time: when it was made
            graded = replace(graded, seconds=self.took.get(sid))
        retry = graded.retry                        # the grader crashed: never reused
        (folder / CACHE).write_text(json.dumps(
            {"key": "" if retry else key_of(self.parts[sid]), "parts": self.parts[sid],
             "run": self.graded_in.get(sid, self.run), **graded.to_cache(),
             **({"retry": retry} if retry else {})}), encoding="utf-8", errors="replace")


def recorded(out: Path, assignment: Assignment, history: list[dict]) -> Plan | None:
    """The latest run of ``assignment`` in ``history`` (the runs of ``out``) as a plan whose
    every grade is reused, read back from its cache entry (``autograde report`` and
    ``export``: nothing is graded); None when no run of it is recorded. A student whose
    entry is gone or unreadable is left out, named in :attr:`Plan.why` (``"missing"``)."""
    runs_of = [r for r in history if r.get("assignment") == assignment.name]
    if not runs_of:
        return None
    last = runs_of[-1]
    found = Plan(Path(out), assignment.name, last["run"], last.get("options") or {}, [], {},
                 {}, {}, {}, history=list(history))
    for entry in last["students"]:
        sid, run = entry["id"], entry.get("graded_in", "")
        try:
            cached = _entry(out, sid, run)
            graded = Graded.from_cache(cached, cached.get("seconds"))
        except (OSError, ValueError, TypeError, AttributeError):
            found.why[sid] = ["missing"]
            continue
        found.pairs.append((sid, Path(entry.get("path", ""))))
        found.parts[sid] = entry.get("parts") or cached.get("parts") or {}
        found.reused[sid], found.graded_in[sid] = graded, run
        found.took[sid] = graded.seconds
    return found


def plan(out: Path, assignment: Assignment, pairs: list[tuple[str, Path]], options: dict,
         renamed=(), reuse: bool = True, history: list[dict] | None = None) -> Plan:
    """Decide, student by student, whether the grade in ``out`` can be reused; move aside
    (into ``out/_runs/<its run>/``) the folder of every student who will be regraded. Each
    submission is read (:func:`autograder.engine.discover.read`) once, for its fingerprint.

    ``renamed``: the :class:`autograder.engine.discover.Student` entries graded under another
    id than their folder's name; the manifest keeps the name and why.
    ``reuse=False`` (``grade --no-reuse``) grades every student again, the manifest saying
    why (``no-reuse``) for those whose grade could have been reused.
    ``history``: :func:`runs` of ``out``, when the caller read it already (read once).
    """
    from autograder.engine import discover

    out = Path(out)
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
        result.subs[sid] = discover.read(sid, path, assignment.name, assignment.functions,
                                         answers=bool(assignment.answers))
        parts = {"submission": submission_fingerprint(result.subs[sid]), **common}
        result.parts[sid] = parts
        cached = _read(out / sid / CACHE)
        same = bool(cached) and cached.get("key") == key_of(parts) \
            and cached.get("assignment") == assignment.name
        if same and reuse:
            try:
                result.reused[sid] = Graded.from_cache(cached)
            except ValueError:
                pass                                # not this version's: graded again
            else:
                result.graded_in[sid] = cached.get("run", "")
                result.took[sid] = cached.get("seconds")
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
