"""Step 4 of a grade: the files a grade leaves behind.

Per submission, in ``OUT/<student>/``:

* ``results.json``: Gradescope's results format (``score``, ``execution_time``,
  ``output``, ``tests`` with ``name``/``score``/``max_score``/``status``/
  ``output``/``visibility``), validated against ``gradescope.schema.json``;
* ``feedback.md``: what the student reads.

Per batch, ``OUT/gradebook.csv``: one row per student, a column per assignment
and per test group, and the seconds grading took; :func:`where_time_went` says
for the class summary what those seconds were spent on. ``feedback.html`` renders ``feedback.md`` with its figures
embedded (one file to e-mail or upload). The builders are pure functions of the
grading result; only the ``write_*`` functions touch disk.

Beside the students' folders, the top of ``OUT`` holds the names below
(:data:`OUTPUT_NAMES`): no student is graded under one of them
(:func:`autograder.engine.discover.students`).
"""
from __future__ import annotations

import io
import json
from pathlib import Path

from autograder.report.csvsafe import write_csv

SCHEMA = Path(__file__).with_name("gradescope.schema.json")
GRADEBOOK = "gradebook.csv"    #: OUT/gradebook.csv: one row per student
RUNS = "_runs"                 #: OUT/_runs/<run>/: manifests and superseded student folders
REPORT = "_report"             #: OUT/_report/: the class reports (autograder.review.classview)
#: every file or folder a grade writes at the top of OUT, beside the students' folders
OUTPUT_NAMES = (GRADEBOOK, RUNS, REPORT)


def gradescope_results(result: dict, details: dict) -> dict:
    """Gradescope's ``results.json`` for one graded submission."""
    lines = [f"{result['assignment']}: {result['score']:g} / {result['max_score']:g}"]
    if details.get("problem"):
        lines.append(f"Not graded: {details['problem']}")
    if details.get("note"):
        lines.append(details["note"])
    if details.get("protections"):
        lines.append(f"Sandbox: {', '.join(details['protections'])}")
    return {
        "score": result["score"],
        "execution_time": round(details.get("seconds", 0.0), 3),
        "output": "\n".join(lines),
        "visibility": "visible",
        "stdout_visibility": "hidden",
        "tests": [{"name": o.name, "score": o.score, "max_score": o.max_score,
                   "status": o.status, "output": o.output, "visibility": o.visibility,
                   "extra_data": test_extra_data(o)}
                  for o in details["outcomes"]],
        "extra_data": submission_extra_data(result, details),
    }


def test_extra_data(outcome) -> dict:
    """What class reports need of one test, as data: its idea (group) and, for a failure
    that a known mistake explains, that mistake (``mutants/<name>.py``)."""
    extra = {"group": outcome.group}
    if getattr(outcome, "mutant", ""):
        extra["mutant"] = outcome.mutant
    if outcome.not_implemented:
        extra["not_implemented"] = outcome.not_implemented
    return extra


def submission_extra_data(result: dict, details: dict) -> dict:
    """What class reports need of one submission (``autograde report``): who, what, the
    protections in force, crashes and timeouts, why it was not graded."""
    from autograder import __version__

    return {"submission": result["submission"], "assignment": result["assignment"],
            "max_score": result["max_score"], "engine": __version__,
            "file": str(details.get("file") or ""), "problem": details.get("problem") or "",
            "load_failure": details.get("load_failure") or "",
            "protections": list(details.get("protections") or []),
            "events": list(details.get("events") or [])}


def feedback_markdown(result: dict, details: dict) -> str:
    """The student's feedback: score, what is missing, what failed and why, what passed."""
    outcomes = details["outcomes"]
    out = io.StringIO()
    w = out.write
    w(f"# {result['assignment']}: {result['submission']}\n\n")
    w(f"**Score: {result['score']:g} / {result['max_score']:g}**\n\n")
    if details.get("problem"):
        w(f"Not graded: {details['problem']}\n\n")
    if details.get("file") and not details.get("problem"):
        w(f"Graded file: `{Path(details['file']).name}`")
        w(f" ({details['note']})\n\n" if details.get("note") else "\n\n")
    public = [o for o in outcomes if o.visibility == "visible"]
    if public:
        w(f"Public checks: {sum(o.status == 'passed' for o in public)} of {len(public)} passed.")
        w(" Only public checks ran.\n\n" if details.get("public_only")
          else " Hidden tests ran too.\n\n")
    missing = sorted({o.not_implemented for o in outcomes if o.not_implemented})
    if missing:
        w("## Not implemented\n\n")
        w("".join(f"- not implemented: {name}\n" for name in missing) + "\n")
    failed = [o for o in outcomes if o.status == "failed" and not o.not_implemented]
    if failed:
        w("## Failed\n\n")
        by_output: dict[str, list] = {}
        for o in failed:
            by_output.setdefault(o.output, []).append(o)
        for output, group in by_output.items():
            if len(group) == 1:
                w(f"### {group[0].name} (0 / {group[0].max_score:g})\n\n```\n{output}\n```\n\n")
            else:   # one cause, many tests (e.g. code that does not load): say it once
                w(f"### {len(group)} tests failed for the same reason\n\n```\n{output}\n```\n\n")
                w("".join(f"- {o.name} (0 / {o.max_score:g})\n" for o in group) + "\n")
    passed = [o for o in outcomes if o.status == "passed"]
    if passed:
        w("## Passed\n\n")
        w("".join(f"- {o.name} ({o.score:g} / {o.max_score:g})\n" for o in passed) + "\n")
    if details.get("attachments"):
        w("## Figures\n\n")
        w("".join(f"![{title}]({name})\n\n" for title, name in details["attachments"]))
    if details.get("events"):
        w("## What happened while grading\n\n")
        w("".join(f"- {e}\n" for e in details["events"]) + "\n")
    if details.get("output", "").strip():
        w("## Output your code printed\n\n```\n" + details["output"].strip() + "\n```\n\n")
    if details.get("protections") is not None:
        w(f"<sub>Sandbox: {', '.join(details['protections']) or 'not started'}</sub>\n")
    return out.getvalue()


def gradebook_rows(results: list[dict]) -> tuple[list[str], list[list]]:
    """One row per student; per assignment its score, its maximum and its points per
    test group (the idea graded), then the total and the seconds grading took (over all the
    student's assignments; empty when not known). Groups worth nothing (public checks)
    are left out."""
    layout: dict[str, dict[str, float]] = {}       # assignment -> group -> max points
    for r in results:
        if r["assignment"] in layout:
            continue                                # every submission has the same tests
        groups = layout[r["assignment"]] = {}
        for t in r["tests"]:
            g = t["name"].split(":", 1)[0]
            groups[g] = groups.get(g, 0.0) + t["max_score"]
    header = ["student"]
    for a, groups in layout.items():
        header += [a, f"{a} (max)"] + [f"{a}: {g}" for g, worth in groups.items() if worth]
    header += ["total", "seconds"]
    students: dict[str, dict] = {}
    for r in results:
        students.setdefault(r["submission"], {})[r["assignment"]] = r
    rows = []
    for sid, mine in students.items():
        row, total = [sid], 0.0
        seconds = [getattr(r, "seconds", None) for r in mine.values()]
        for a, groups in layout.items():
            r = mine.get(a)
            per = {g: 0.0 for g in groups}
            if r:
                for t in r["tests"]:
                    per[t["name"].split(":", 1)[0]] += t["score"]
                total += r["score"]
            row += ([r["score"], r["max_score"]] if r else ["", ""])
            row += [per[g] if r else "" for g, worth in groups.items() if worth]
        unknown = None in seconds or not seconds
        rows.append(row + [total, "" if unknown else round(sum(seconds), 1)])
    return header, rows


def where_time_went(result) -> str:
    """What a graded submission's seconds were spent on, largest first, for the class summary:
    calls that hung (and which functions), the time budget running out, training runs, crashes,
    loading, calls that returned, and the rest (the grader's own checks, hints and reports)."""
    spent, seconds = getattr(result, "spent", None), getattr(result, "seconds", 0.0)
    if spent is None:
        return ""
    parts = []
    if spent.hung:
        functions = ", ".join(dict.fromkeys(spent.hangs))
        parts.append((spent.hung, f"hung {len(spent.hangs)}x: {functions} ({spent.hung:.0f} s)"))
    if spent.runs:
        parts.append((spent.runs, f"training run ({spent.runs:.0f} s)"))
    if spent.crashed:
        parts.append((spent.crashed, f"worker crashed ({spent.crashed:.0f} s)"))
    if spent.load:
        parts.append((spent.load, f"loading ({spent.load:.0f} s)"))
    if spent.calls:
        parts.append((spent.calls, f"calls that returned ({spent.calls:.0f} s)"))
    rest = max(seconds - spent.hung - spent.runs - spent.crashed - spent.load - spent.calls, 0.0)
    parts.append((rest, f"the grader's checks ({rest:.0f} s)"))
    parts.sort(key=lambda p: -p[0])
    shown = [text for worth, text in parts if worth >= 0.1 * seconds][:3] or [parts[0][1]]
    if spent.budget_exhausted:
        shown.insert(0, "time budget used up")
    return "; ".join(shown)


def feedback_html(markdown: str, folder: Path) -> str:
    """``feedback.md`` as one self-contained HTML page (figures inlined as data URIs)."""
    import base64
    import html
    import re

    import mistune

    def inline(match):
        path = folder / match.group(2)
        if not path.is_file() or path.suffix.lower() != ".png":
            return match.group(0)
        data = base64.b64encode(path.read_bytes()).decode()
        return f"![{match.group(1)}](data:image/png;base64,{data})"

    body = mistune.html(re.sub(r"!\[([^\]]*)\]\(([\w.-]+)\)", inline, markdown))
    title = html.escape(markdown.splitlines()[0].lstrip("# ")) if markdown else "feedback"
    return ("<!doctype html><html><head><meta charset='utf-8'>"
            f"<title>{title}</title><style>{CSS}</style></head><body>{body}</body></html>\n")


CSS = ("body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;"
       "line-height:1.45}pre{background:#f6f6f6;padding:.7rem;overflow-x:auto}"
       "h3{margin-top:1.6rem}img{max-width:100%}")


def write_submission_report(folder: Path, result: dict, details: dict) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "results.json").write_text(json.dumps(gradescope_results(result, details),
                                                    indent=2))
    markdown = feedback_markdown(result, details)
    (folder / "feedback.md").write_text(markdown)
    (folder / "feedback.html").write_text(feedback_html(markdown, folder))


def write_gradebook(path: Path, results: list[dict]) -> None:
    write_csv(path, *gradebook_rows(results))
