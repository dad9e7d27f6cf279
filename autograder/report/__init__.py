"""Step 4 of a grade: the files a grade leaves behind.

Per submission, in ``OUT/<student>/``:

* ``results.json``: Gradescope's results format (``score``, ``execution_time``,
  ``output``, ``tests`` with ``name``/``score``/``max_score``/``status``/
  ``output``/``visibility``), validated against ``gradescope.schema.json``; every text
  field is declared ``text``, so Gradescope shows a student's message as it is;
* ``feedback.md`` and ``feedback.html``: what the student reads, the second one page with
  its figures embedded (one file to e-mail or upload); both are rendered from one
  :class:`~autograder.report.feedback.Feedback`, escaping every string they place
  (:mod:`autograder.report.feedback`).

Everything in them passes :mod:`autograder.report.redact` first: no path of the grading
machine (the course, its Python, the output folder, other students' folders) reaches a
student.

Per batch, ``OUT/gradebook.csv``: one row per student, a column per assignment
and per test group, and the seconds grading took; :func:`where_time_went` says
for the class summary what those seconds were spent on. The builders are pure functions of
the grading result; only the ``write_*`` functions touch disk.

Beside the students' folders, the top of ``OUT`` holds the names below
(:data:`OUTPUT_NAMES`): no student is graded under one of them
(:func:`autograder.engine.discover.students`).
"""
from __future__ import annotations

import json
import sys
from dataclasses import asdict
from pathlib import Path

from autograder.records.events import Kind
from autograder.records.grades import GradeDetails, Graded
from autograder.report.csvsafe import write_csv
from autograder.report.feedback import feedback_of, markdown, page
from autograder.report.redact import GraderPaths, scrub_all

SCHEMA = Path(__file__).with_name("gradescope.schema.json")
GRADEBOOK = "gradebook.csv"    #: OUT/gradebook.csv: one row per student
RUNS = "_runs"                 #: OUT/_runs/<run>/: manifests and superseded student folders
REPORT = "_report"             #: OUT/_report/: the class reports (autograder.review.classview)
MANUAL = "manual.csv"          #: OUT/manual.csv: scores a person gives (autograder.batch.manual)
#: every file or folder a grade writes at the top of OUT, beside the students' folders
OUTPUT_NAMES = (GRADEBOOK, RUNS, REPORT, MANUAL)


def score_line(assignment: str, score: float, max_score: float) -> str:
    """The first line of ``results.json``'s ``output``."""
    return f"{assignment}: {score:g} / {max_score:g}"


def gradescope_results(graded: Graded, details: GradeDetails) -> dict:
    """Gradescope's ``results.json`` for one graded submission. What the student reads (the
    top-level ``output``, the tests) says nothing of the sandbox: its protections are the TA's
    (``extra_data``, the batch summary, the class page, the run's manifest)."""
    lines = [score_line(graded.assignment, graded.score, graded.max_score)]
    failed, missing = len(graded.failed_tests()), graded.not_implemented
    tally = ([f"{failed} test{'s' if failed != 1 else ''} failed"] if failed else []) + \
        ([f"not implemented: {', '.join(missing)}"] if missing else [])
    if tally:
        lines.append("; ".join(tally))
    if details.problem:
        lines.append(f"Not graded: {details.problem}")
    if details.note:
        lines.append(details.note)
    return {
        "score": graded.score,
        "execution_time": round(graded.seconds or 0.0, 3),
        "output": "\n".join(lines),
        "output_format": "text",
        "visibility": "visible",
        "stdout_visibility": "hidden",
        "tests": [{"name": o.name, "name_format": "text", "score": o.score,
                   "max_score": o.max_score, "status": o.status, "output": o.output,
                   "output_format": "text", "visibility": o.visibility,
                   "extra_data": test_extra_data(o, graded.mark_of(o.name))}
                  for o in graded.outcomes],
        "extra_data": submission_extra_data(graded, details),
    }


def test_extra_data(outcome, mark=None) -> dict:
    """What a reader of ``results.json`` may want of one test, as data: its idea (group),
    for a failure that a known mistake explains, that mistake (``mutants/<name>.py``), and
    for a written answer, the score a person gave it (``mark``: a
    :class:`~autograder.records.grades.Mark`, or None: not scored yet)."""
    extra = {"group": outcome.group}
    if outcome.mutant:
        extra["mutant"] = outcome.mutant
    if outcome.manual:                          # scored by a person, or not yet
        extra["manual"] = {"scored": False} if mark is None else {
            "scored": True, "points": mark.points, "comment": mark.comment,
            "stale": mark.stale, "received": mark.received}
    if outcome.step:                            # an answer cell: what it gave (class page)
        extra["step"] = {"cell": outcome.step, "answer": outcome.answer}
    if outcome.not_implemented:
        extra["not_implemented"] = outcome.not_implemented
    return extra


def submission_extra_data(graded: Graded, details: GradeDetails) -> dict:
    """What class reports need of one submission (``autograde report``): who, what, the
    protections in force, what went wrong while its code ran (each
    :class:`~autograder.records.events.Event` as a record), why it was not graded."""
    from autograder import __version__

    return {"submission": graded.submission, "assignment": graded.assignment,
            "max_score": graded.max_score, "engine": __version__,
            "file": details.file, "problem": details.problem,
            "load_failure": "" if details.problem else graded.problem,
            "protections": list(graded.protections),
            "events": [e.to_json() for e in graded.events],
            "written": [asdict(w) for w in graded.written]}


def gradebook_rows(results: list[Graded]) -> tuple[list[str], list[list]]:
    """One row per student; per assignment its score, its maximum and its points per
    test group (the idea graded), and where the submissions were collected from an LMS
    download, ``late`` / ``on time`` and when (:class:`~autograder.records.submitted.Submitted`;
    empty where the LMS did not say), then the total and the seconds grading took (over all the
    student's assignments; empty when not known). Groups worth nothing (public checks)
    are left out."""
    layout: dict[str, dict[str, float]] = {}       # assignment -> group -> max points
    for r in results:
        if r.assignment in layout:
            continue                                # every submission has the same tests
        groups = layout[r.assignment] = {}
        for o in r.outcomes:
            groups[o.group] = groups.get(o.group, 0.0) + o.max_score
    handed = {r.assignment for r in results if r.submitted}   # collected from an LMS download
    header = ["student"]
    for a, groups in layout.items():
        header += [a, f"{a} (max)"] + [f"{a}: {g}" for g, worth in groups.items() if worth]
        header += [f"{a} (late)", f"{a} (submitted)"] if a in handed else []
    header += ["total", "seconds"]
    students: dict[str, dict] = {}
    for r in results:
        students.setdefault(r.submission, {})[r.assignment] = r
    rows = []
    for sid, mine in students.items():
        row, total = [sid], 0.0
        seconds = [r.seconds for r in mine.values()]
        for a, groups in layout.items():
            r = mine.get(a)
            earned = {g: score for g, (score, _) in r.by_group().items()} if r else {}
            total += r.score if r else 0.0
            row += ([r.score, r.max_score] if r else ["", ""])
            row += [earned.get(g, 0.0) if r else "" for g, worth in groups.items() if worth]
            if a in handed:
                row += [r.submitted.status, r.submitted.at] if r and r.submitted else ["", ""]
        unknown = None in seconds or not seconds
        rows.append(row + [total, "" if unknown else round(sum(seconds), 1)])
    return header, rows


def where_time_went(result) -> str:
    """What a graded submission's seconds were spent on, largest first, for the class summary:
    calls that hung (and which functions), the time budget running out, crashes,
    loading, calls that returned, and the rest (the grader's own checks, hints and reports)."""
    spent, seconds = result.spent, result.seconds
    if seconds is None:                     # not known (a grade read back)
        return ""
    parts = []
    if spent.hung:
        hangs = [e.function for e in result.of_kind(Kind.HUNG)]
        functions = ", ".join(dict.fromkeys(hangs))
        parts.append((spent.hung, f"hung {len(hangs)}x: {functions} ({spent.hung:.0f} s)"))
    if spent.crashed:
        parts.append((spent.crashed, f"worker crashed ({spent.crashed:.0f} s)"))
    if spent.load:
        parts.append((spent.load, f"loading ({spent.load:.0f} s)"))
    if spent.calls:
        parts.append((spent.calls, f"calls that returned ({spent.calls:.0f} s)"))
    rest = max(seconds - spent.hung - spent.crashed - spent.load - spent.calls, 0.0)
    parts.append((rest, f"the grader's checks ({rest:.0f} s)"))
    parts.sort(key=lambda p: -p[0])
    shown = [text for worth, text in parts if worth >= 0.1 * seconds][:3] or [parts[0][1]]
    if spent.budget_exhausted:
        shown.insert(0, "time budget used up")
    return "; ".join(shown)


def what_went_wrong(result) -> str:
    """The events of a grade in brief, for the batch summary: each kind once, with the
    functions it struck (``crashed: compute_gae; hung: td_residuals``); empty for none."""
    kinds: dict[str, list[str]] = {}
    for e in result.events:
        functions = kinds.setdefault(e.kind.value, [])
        if e.function and e.function not in functions:
            functions.append(e.function)
    return "; ".join(f"{kind}: {', '.join(fs)}" if fs else kind for kind, fs in kinds.items())


def scrubbed_results(graded: Graded, details: GradeDetails, paths: GraderPaths) -> dict:
    """:func:`gradescope_results`, every string passed through ``paths.scrub``: the
    ``results.json`` a student receives."""
    return scrub_all(gradescope_results(graded, details), paths.scrub)


def write_submission_report(folder: Path, graded: Graded, details: GradeDetails,
                            paths: GraderPaths | None = None) -> None:
    """``results.json``, ``feedback.md`` and ``feedback.html`` of one graded submission in
    ``folder``. Every string in them passes ``paths.scrub`` first (by default the places
    of a grade whose output folder holds ``folder`` and whose submission is
    ``details.file``): no path of the grading machine reaches a student."""
    if paths is None:
        paths = GraderPaths.of_grade(out_dir=Path(folder).parent,
                                     submission=Path(details.file) if details.file else None)
    folder.mkdir(parents=True, exist_ok=True)
    results = scrubbed_results(graded, details, paths)
    (folder / "results.json").write_text(json.dumps(results, indent=2),
        encoding="utf-8", errors="replace")
    fb = scrub_all(feedback_of(graded, details), paths.scrub)
    (folder / "feedback.md").write_text(markdown(fb), encoding="utf-8", errors="replace")
    (folder / "feedback.html").write_text(page(fb, folder), encoding="utf-8", errors="replace")


def write_report_failure(folder: Path, graded: Graded, exc: BaseException) -> str:
    """Where :func:`write_submission_report` failed for one student: their grade kept, in a
    ``results.json`` and a ``feedback.md`` that say so in one sentence, written so that they
    cannot fail on the text (JSON escapes every character; the sentence is the grader's).
    Returns the sentence for the TA (:attr:`~autograder.records.grades.Graded.grader_problem`,
    printed under the batch summary), which names the failure; where even these two files
    cannot be written (a full disk, a folder taken away), it says that too."""
    said = (f"Your grade stands, but the grader could not write its feedback "
            f"({type(exc).__name__}); a TA has been told (OUT/{folder.name}).")
    result = {**graded.to_contract(), "output": said}
    why = f"{type(exc).__name__}: {str(exc)[:200]}"
    kept = f"{graded.score:g}/{graded.max_score:g}"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "results.json").write_text(json.dumps(result, indent=2), encoding="utf-8",
                                             errors="replace")
        (folder / "feedback.md").write_text(
            f"# {folder.name}: {graded.score:g} / {graded.max_score:g}"
            f"\n\n{said}\n", encoding="utf-8", errors="replace")
    except OSError as again:
        told = (f"the grader could not write this student's feedback ({why}), nor a "
                f"results.json saying so ({type(again).__name__}: {str(again)[:200]}); their "
                f"grade, {kept}, is in the gradebook, and the next run grades them again")
    else:
        told = (f"the grader could not write this student's feedback ({why}); their grade, "
                f"{kept}, is kept in OUT/{folder.name}/results.json, and the next run grades "
                "them again")
    print(f"[autograde] {folder.name}: feedback not written: {why!r}", file=sys.stderr)
    return told


def write_marks(folder: Path, graded: Graded) -> None:
    """A person's scores (:attr:`Graded.marks <autograder.records.grades.Graded.marks>`)
    into the ``results.json`` an earlier run wrote in ``folder`` for ``graded`` (a grade
    reused, whose written answers were scored since): those tests' score, status, output and
    record, and the total. A grade made now has them merged before its report is written."""
    path = folder / "results.json"
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return                                  # none to update: the next run writes one
    by_name = {o.name: o for o in graded.outcomes if o.manual}
    for t in data.get("tests", []):
        o = by_name.get(t.get("name"))
        if o is not None:
            t.update(score=o.score, status=o.status, output=o.output,
                     extra_data=test_extra_data(o, graded.mark_of(o.name)))
    data["score"] = graded.score
    path.write_text(json.dumps(data, indent=2), encoding="utf-8", errors="replace")


def write_gradebook(path: Path, results: list[Graded]) -> None:
    write_csv(path, *gradebook_rows(results))
