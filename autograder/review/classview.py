"""The class at a glance: one page per assignment after a batch (``autograde report``).

Built from a batch's records (:class:`autograder.batch.Batch`: each student's
:class:`~autograder.records.grades.Graded`, whose outcomes record per test its idea and the
known mistake recognised in a failure), its run's manifest and the run before it: handed
over by ``autograde grade``, rebuilt from the regrade cache by ``autograde report``; no
``results.json`` is read back.
For assignment ``NAME`` it writes, in ``OUT/_report/``:

* ``NAME.html``: one self-contained page (figures inlined): the score distribution, the
  mean score per idea, the pass rate of every test, the misconception table (how many
  students each known mistake was recognised in, most common first, with its hint), the
  tests that look unfair, what changed since the previous run, crashes and timeouts, the
  slowest submissions, the protections in force, and the similarity check's pairs when
  ``autograde similarity`` was run;
* ``NAME.json``: every number of the page;
* ``NAME-scores.csv``, ``NAME-ideas.csv``, ``NAME-tests.csv``, ``NAME-misconceptions.csv``,
  ``NAME-changes.csv``, ``NAME-steps.csv``, ``NAME-written.csv``: the page's tables.

An assignment with answer cells (:mod:`pgcheck.answers`) adds two sections: which steps of
the exercise the class got wrong, with the wrong answers most often given; and every
student's written answer beside its question (escaped like everything else; each was cut to
:data:`pgcheck.answers.WRITTEN_CHARS` characters when graded), with the score a person gave
it in ``OUT/manual.csv`` (:mod:`autograder.batch.manual`) and whether that score is stale.

:func:`summarise` and :func:`unfair_tests` are pure functions of the students' records;
only the ``write_*`` functions touch disk. Jinja2 renders the page
(``templates/class.html.j2``) and its figures (:mod:`autograder.review.charts`: SVG).

Long because: the class page is one story told from one set of records (its numbers,
its figures, its files); split, each part would need the others' helpers passed around.
"""
from __future__ import annotations

import json
import statistics
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass
from pathlib import Path

from markupsafe import Markup, escape

from autograder.records.events import Event, Kind
from autograder.records.grades import Graded
from autograder.records.outcomes import TestOutcome
from autograder.records.roster import Roster
from autograder.report.csvsafe import write_csv
from autograder.batch import recorded_batches, regrade
from autograder.review import charts

TEMPLATES = Path(__file__).with_name("templates")
MAX_PAIRS_SHOWN = 30        #: similar pairs shown on the page (all of them are in the CSV)


@dataclass(frozen=True)
class Fairness:
    """When a test looks unfair: a large share of the class fails it (``min_fail_share``),
    a known mistake explains at most ``max_explained_share`` of those failures, and at
    least ``min_rest_share`` of the students who fail it pass every other test of its
    idea. Failures of a function left unimplemented, and submissions that did not load,
    say nothing about a test and are left out; classes under ``min_students`` are not
    judged."""
    min_students: int = 5
    min_fail_share: float = 0.3
    max_explained_share: float = 0.2
    min_rest_share: float = 0.6


# -- records -------------------------------------------------------------------------

@dataclass(frozen=True)
class OnPage:
    """One student on the class page: their grade (:class:`~autograder.records.grades.Graded`)
    and what the run's manifest says of it (reused or regraded and why; the name their work
    was found under, when it is not their id, and why)."""
    graded: Graded
    reused: bool = False
    why: tuple[str, ...] = ()
    found_as: str = ""
    renamed: str = ""

    @property
    def student(self) -> str:
        return self.graded.submission

    @property
    def tests(self) -> tuple[TestOutcome, ...]:
        return self.graded.outcomes


def record(graded: Graded, run_entry: dict | None = None) -> OnPage:
    """One student's grade as the page takes it (``run_entry``: their line of the run's
    manifest)."""
    entry = run_entry or {}
    renamed = entry.get("renamed") or {}
    return OnPage(graded, bool(entry.get("reused", False)), tuple(entry.get("why", ())),
                  renamed.get("found_as", ""), renamed.get("why", ""))


def _passed(o: TestOutcome) -> bool:
    return o.status == "passed"


# -- numbers ---------------------------------------------------------------------------

def unfair_tests(records: list[OnPage], rule: Fairness = Fairness()) -> list[dict]:
    """The tests that look unfair under ``rule`` (see :class:`Fairness`), with the numbers."""
    graded = [r for r in records if not r.graded.problem]
    if len(graded) < rule.min_students:
        return []
    flagged = []
    for name, idea in _tests_in_order(graded):
        failing, explained, rest_pass = [], 0, 0
        considered = 0
        for r in graded:
            t = next((o for o in r.tests if o.name == name), None)
            if t is None or t.max_score <= 0 or t.not_implemented:
                continue
            considered += 1
            if _passed(t):
                continue
            failing.append(r.student)
            explained += bool(t.mutant)
            others = [o for o in r.tests if o.group == idea and o.name != name
                      and o.max_score > 0]
            rest_pass += bool(others) and all(map(_passed, others))
        has_others = any(o.group == idea and o.name != name and o.max_score > 0
                         for r in graded for o in r.tests)
        if not failing or not has_others or considered < rule.min_students:
            continue
        fail_share = len(failing) / considered
        explained_share = explained / len(failing)
        rest_share = rest_pass / len(failing)
        if (fail_share >= rule.min_fail_share and explained_share <= rule.max_explained_share
                and rest_share >= rule.min_rest_share):
            flagged.append({"test": name, "idea": idea, "failed": len(failing),
                            "students": considered, "fail_share": fail_share,
                            "explained_share": explained_share, "rest_share": rest_share,
                            "failing": sorted(failing)})
    return flagged


def _tests_in_order(records: list[OnPage]) -> list[tuple[str, str]]:
    seen: dict[str, str] = {}
    for r in records:
        for t in r.tests:
            seen.setdefault(t.name, t.group)
    return list(seen.items())


#: the events of the page's "timeouts" table; every other kind is in its "crashes" table
TIMEOUTS = (Kind.HUNG, Kind.BUDGET)


def _events(r: OnPage, timeouts: bool) -> list[Event]:
    """A record's events of the "timeouts" table (or of the "crashes" table)."""
    return [e for e in r.graded.events if (e.kind in TIMEOUTS) == timeouts]


def _problem_rows(records: list[OnPage], timeouts: bool) -> list[dict]:
    """One row per event of that table: who, what sort of event, where, and the sentence."""
    return [{"student": r.student, "kind": e.kind.value, "function": e.function,
             "case": e.case, "seconds": e.seconds, "text": e.text}
            for r in records for e in _events(r, timeouts)]


def summarise(assignment: str, records: list[OnPage], bank: dict[str, dict] | None = None,
              rule: Fairness = Fairness()) -> dict:
    """Every number of the class page, from the students' records.

    ``bank`` maps each known mistake (mutant name) to its ``hint`` and ``doc``; mistakes
    of the bank that no student made are listed with a count of 0.
    """
    n = len(records)
    unfair = unfair_tests(records, rule)
    tests = _tests_table(records, {u["test"] for u in unfair})
    table = []
    for r in records:
        score, top = float(r.graded.score), float(r.graded.max_score)
        table.append({"student": r.student, "score": score, "max_score": top,
                      "percent": 100 * score / top if top else 0.0,
                      "seconds": float(r.graded.seconds or 0.0),
                      "crashes": len(_events(r, timeouts=False)),
                      "timeouts": len(_events(r, timeouts=True)),
                      "not_graded": r.graded.problem, "reused": r.reused, "why": " ".join(r.why),
                      "late": r.graded.submitted.status if r.graded.submitted else "",
                      "submitted": r.graded.submitted.at if r.graded.submitted else ""})
    scores = [row["score"] for row in table]
    max_score = max((row["max_score"] for row in table), default=0.0)
    protections = Counter(", ".join(r.graded.protections) or "none (not started)"
                          for r in records)
    return {
        "assignment": assignment, "students": n, "max_score": max_score,
        "mean": statistics.fmean(scores) if scores else 0.0,
        "median": statistics.median(scores) if scores else 0.0,
        "min": min(scores, default=0.0), "max": max(scores, default=0.0),
        "full_marks": sum(s >= max_score for s in scores) if max_score else 0,
        "scores": table, "ideas": _ideas_table(records, tests), "tests": tests,
        "misconceptions": _misconceptions(records, bank or {}), "unfair": unfair,
        "fairness_rule": asdict(rule),
        "problems": {
            "not_graded": [{"student": r.student, "reason": r.graded.problem}
                           for r in records if r.graded.problem],
            "crashes": _problem_rows(records, timeouts=False),
            "timeouts": _problem_rows(records, timeouts=True)},
        "renamed": [{"student": r.student, "found_as": r.found_as, "why": r.renamed}
                    for r in records if r.found_as or r.renamed],
        "slowest": sorted(table, key=lambda s: -s["seconds"])[:5],
        "steps": answer_steps(records), "written": written_answers(records),
        "protections": [{"protections": p, "students": c} for p, c in protections.most_common()],
    }


def _tests_table(records: list[OnPage], flagged: set[str]) -> list[dict]:
    """One row per test: who passed, the known mistakes that explain its failures, whether
    it looks unfair (``flagged``)."""
    tests = []
    for name, idea in _tests_in_order(records):
        rows = [t for r in records for t in r.tests if t.name == name]
        passed = sum(map(_passed, rows))
        mistakes = Counter(t.mutant for t in rows if t.mutant)
        tests.append({"name": name, "idea": idea, "max_score": float(rows[0].max_score),
                      "public": rows[0].visibility == "visible", "students": len(rows),
                      "passed": passed, "failed": len(rows) - passed,
                      "pass_rate": passed / len(rows) if rows else 0.0,
                      "explained": sum(mistakes.values()),
                      "mistakes": ", ".join(f"{m} ({c})" for m, c in mistakes.most_common()),
                      "unfair": name in flagged})
    return tests


def _ideas_table(records: list[OnPage], tests: list[dict]) -> list[dict]:
    """One row per idea worth points: its tests, its points, the class's mean on it."""
    ideas: dict[str, dict] = {}
    for t in tests:
        if t["max_score"] > 0 and not t["public"]:
            ideas.setdefault(t["idea"], {"idea": t["idea"], "max_score": 0.0, "tests": 0})
            ideas[t["idea"]]["max_score"] += t["max_score"]
            ideas[t["idea"]]["tests"] += 1
    for idea in ideas.values():
        per = [sum(float(t.score) for t in r.tests if t.group == idea["idea"]) for r in records]
        idea["mean"] = statistics.fmean(per) if per else 0.0
        idea["percent"] = 100 * idea["mean"] / idea["max_score"] if idea["max_score"] else 0.0
        idea["full_marks"] = sum(p >= idea["max_score"] for p in per)
    return list(ideas.values())


def _misconceptions(records: list[OnPage], bank: dict[str, dict]) -> list[dict]:
    """One row per known mistake (of the bank, or recognised): who made it, where it showed."""
    seen = defaultdict(lambda: {"who": set(), "tests": Counter(), "ideas": Counter()})
    for r in records:
        for t in r.tests:
            if t.mutant:
                seen[t.mutant]["who"].add(r.student)
                seen[t.mutant]["tests"][t.name] += 1
                seen[t.mutant]["ideas"][t.group] += 1
    n = len(records)
    rows = []
    for name in sorted(set(seen) | set(bank), key=lambda m: (-len(seen[m]["who"]), m)):
        m, info = seen[name], bank.get(name, {})
        rows.append({
            "mutant": name, "students": len(m["who"]), "share": len(m["who"]) / n if n else 0.0,
            "hint": info.get("hint") or "", "doc": (info.get("doc") or "").split("\n\n")[0],
            "tests": [t for t, _ in m["tests"].most_common()],
            "ideas": [i for i, _ in m["ideas"].most_common()], "who": sorted(m["who"])})
    return rows


def answer_steps(records: list[OnPage]) -> list[dict]:
    """The answer cells' steps (an exercise worked out by hand in the notebook): per step,
    how many students got it wrong, who, and the wrong answers most often given."""
    steps: dict[str, dict] = {}
    for r in records:
        for t in r.tests:
            if not t.step:
                continue
            s = steps.setdefault(t.name, {"name": t.name, "idea": t.group, "cell": t.step,
                                          "students": 0, "wrong": 0, "who": [],
                                          "answers": Counter()})
            s["students"] += 1
            if not _passed(t):
                s["wrong"] += 1
                s["who"].append(r.student)
                s["answers"][t.answer[:200] or "-"] += 1
    return [{**s, "share": s["wrong"] / s["students"] if s["students"] else 0.0,
             "answers": [{"answer": a, "students": n} for a, n in s["answers"].most_common(3)]}
            for s in steps.values()]


def written_answers(records: list[OnPage]) -> list[dict]:
    """Every written question, with each student's answer (as received, bounded when it was
    graded), the score a person gave it (if any) and whether that score is stale."""
    questions: dict[str, dict] = {}
    for r in records:
        for w in r.graded.written:
            q = questions.setdefault(w.cell, {"cell": w.cell, "title": w.title,
                                              "points": w.points, "answers": [], "scored": 0,
                                              "stale": 0})
            mark = r.graded.mark_of(w.test)
            q["answers"].append({"student": r.student, "answered": w.answered,
                                 "answer": w.answer, "digest": w.digest,
                                 "scored": mark is not None,
                                 "points": mark.points if mark else None,
                                 "comment": mark.comment if mark else "",
                                 "stale": bool(mark and mark.stale)})
            q["scored"] += mark is not None
            q["stale"] += bool(mark and mark.stale)
    return list(questions.values())


def bank_of(assignment) -> dict[str, dict]:
    """The known mistakes of ``assignment`` (an :class:`Assignment`): hint and doc by name."""
    from autograder.engine import mutants

    return {m.name: {"hint": m.hint, "doc": m.doc} for m in mutants.bank(assignment)}


# -- the page ------------------------------------------------------------------------------

def marked(code: str, marks) -> Markup:
    """``code`` as HTML with the character ranges ``marks`` (``[[start, end], ...]``, from
    :func:`autograder.review.similarity.check`) in ``<mark>``: every piece of the code is
    escaped, only the marks are ours."""
    code = code if isinstance(code, str) else ""
    pieces, at = [], 0
    for start, end in sorted((max(0, int(a)), int(b)) for a, b in marks or []):
        start, end = max(start, at), min(end, len(code))
        if start < end:
            pieces += [escape(code[at:start]), Markup("<mark>"), escape(code[start:end]),
                       Markup("</mark>")]
            at = end
    pieces.append(escape(code[at:]))
    return Markup("").join(pieces)


def render(summary: dict, changes: dict, run: dict, similarity: dict | None = None,
           fig: dict[str, str] | None = None, roster: Roster | None = None) -> str:
    """The class page: one self-contained HTML document (``fig``: the figures, drawn here
    when not given). Jinja2 escapes every value it places (student ids, messages, code);
    the page's Content-Security-Policy (the one of ``feedback.html``) allows no script.
    With a ``roster``, every student is shown with their name, and the page says who on it
    has no submission and who graded is not on it."""
    import jinja2

    from autograder.report.feedback import CSP

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True,
                             trim_blocks=True, lstrip_blocks=True)
    env.filters["pct"] = lambda x: f"{100 * x:.0f}%"
    env.filters["num"] = lambda x: f"{x:g}" if isinstance(x, (int, float)) else ("—" if x is None else x)
    env.filters["marked"] = marked
    names = roster.names() if roster else {}
    env.filters["person"] = lambda sid: f"{names[sid]} ({sid})" if sid in names else sid
    env.filters["people"] = lambda ids: [env.filters["person"](i) for i in ids]
    return env.get_template("class.html.j2").render(
        s=summary, changes=changes, run=run, similarity=similarity,
        fig=fig if fig is not None else charts.figures(summary),
        max_pairs=MAX_PAIRS_SHOWN, csp=CSP,
        roster=roster.match([r["student"] for r in summary["scores"]]) if roster else None,
        data=data_files(summary["assignment"], similarity))


#: the page's tables, each also in ``NAME-<table>.csv``: their columns
CSV_COLUMNS = {
    "scores": ["student", "score", "max_score", "percent", "seconds", "crashes", "timeouts",
               "not_graded", "reused", "why", "late", "submitted"],
    "ideas": ["idea", "tests", "max_score", "mean", "percent", "full_marks"],
    "tests": ["name", "idea", "max_score", "public", "students", "passed", "failed",
              "pass_rate", "explained", "mistakes", "unfair"],
    "misconceptions": ["mutant", "students", "share", "hint", "ideas", "tests", "who"],
    "changes": ["student", "old", "new", "old_max", "new_max", "why", "test", "test_old",
                "test_new"],
    "steps": ["name", "cell", "students", "wrong", "share", "who", "answers"],
    "written": ["question", "title", "student", "answered", "answer", "digest", "scored",
                "points", "comment", "stale"],
}


def data_files(name: str, similarity: dict | None = None) -> list[str]:
    """The files beside the page holding its numbers (linked from it): the JSON, then the CSV
    of each table."""
    return ([f"{name}.json"] + [f"{name}-{table}.csv" for table in CSV_COLUMNS]
            + ([f"{name}-similarity.json", f"{name}-similarity.csv"] if similarity else []))


def _csv_rows(summary: dict, changes: dict) -> dict[str, list[dict]]:
    """The rows of each CSV table: the page's own, one per changed test, per step's answer
    and per written answer."""
    return {**{table: summary[table] for table in ("scores", "ideas", "tests", "misconceptions")},
            "changes": [{**c, "why": " ".join(c["why"]), "test": t["name"], "test_old": t["old"],
                         "test_new": t["new"]} for c in changes["changed"] for t in c["tests"]],
            "steps": [{**st, "answers": [f"{a['answer']} ({a['students']})"
                                         for a in st["answers"]]} for st in summary["steps"]],
            "written": [{"question": q["cell"], "title": q["title"], **a}
                        for q in summary["written"] for a in q["answers"]]}


def _write_csv(path: Path, columns: list[str], rows: list[dict]) -> None:
    write_csv(path, columns, (["; ".join(map(str, v)) if isinstance(v, list) else v
                               for v in (row.get(c, "") for c in columns)] for row in rows))


def write_batch_report(batch, roster: Roster | None = None) -> Path:
    """The class page of one :class:`~autograder.batch.Batch`, from its records, and its
    JSON and CSVs: its run (its manifest) compared with the run before it, every grade with
    the seconds it took (:meth:`~autograder.batch.Batch.for_page`); with a ``roster``, the
    page shows names (:func:`render`)."""
    run, grades = batch.run, batch.for_page()
    name = run["assignment"]
    records = [record(grades[e["id"]], e) for e in run["students"] if e["id"] in grades]
    summary = summarise(name, records, bank_of(batch.assignment))
    changes = regrade.changes(batch.previous, run)
    folder = batch.out / regrade.REPORT
    folder.mkdir(parents=True, exist_ok=True)
    similarity = None
    try:
        similarity = json.loads((folder / f"{name}-similarity.json").read_text())
    except (OSError, ValueError):
        pass
    if similarity and all("parts" in e for e in run["students"]):
        # compared on other files than this run graded (new, gone or resubmitted): say so
        now = {e["id"]: e["parts"]["submission"] for e in run["students"]}
        similarity["stale"] = now != similarity.get("fingerprints")
    about = {k: run.get(k) for k in ("run", "assignment", "engine", "started", "finished",
                                     "seconds", "options")}
    (folder / f"{name}.json").write_text(json.dumps(
        {"run": about, **summary, "changes": changes,
         "similarity": {k: similarity.get(k) for k in ("threshold", "pairs_flagged", "compared",
                                                       "computed", "stale")}
         if similarity else None}, indent=1), encoding="utf-8", errors="replace")
    for table, rows in _csv_rows(summary, changes).items():
        _write_csv(folder / f"{name}-{table}.csv", CSV_COLUMNS[table], rows)
    page = folder / f"{name}.html"
    page.write_text(render(summary, changes, about, similarity, roster=roster),
                    encoding="utf-8", errors="replace")
    return page


def output_folders(out: Path) -> list[Path]:
    """``out`` itself when it holds grading output (a run history, or grades cached), else
    its subfolders that do (``autograde demo`` keeps one per assignment)."""
    out = Path(out)

    def holds(folder: Path) -> bool:
        return (folder / regrade.RUNS).is_dir() or any(
            p.parent.name not in regrade.RESERVED for p in folder.glob(f"*/{regrade.CACHE}"))

    if holds(out):
        return [out]
    return [p for p in sorted(out.iterdir()) if p.is_dir() and holds(p)] if out.is_dir() else []


def write_reports(out: Path, assignment: str | None = None,
                  roster: Roster | None = None) -> list[Path]:
    """The class page of every assignment graded in ``out`` (or of ``assignment`` only),
    for its latest run rebuilt from the cache (:func:`autograder.batch.recorded_batches`),
    compared with the run before it (names from ``roster``)."""
    pages = []
    for folder in output_folders(out):
        for batch in recorded_batches(folder, assignment):
            pages.append(write_batch_report(batch, roster))
    return pages
