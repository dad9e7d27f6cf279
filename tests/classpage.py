"""What a graded class's output folder says about the events of its grades, read where users
read it: the class page's problem tables (``OUT/_report/<assignment>.json``) and the batch
summary ``autograde grade`` prints (its table, drawn from the grades as the regrade cache
keeps them: what a second run over the same folder prints)."""
import io
import json
from pathlib import Path

from rich.console import Console

from autograder.commands.grade import summary_table
from autograder.records.grades import Graded
from autograder.batch import regrade


def problem_kinds(out: Path, assignment: str) -> dict[str, set[str]]:
    """student -> the kinds of event in the class page's crash and timeout tables."""
    report = json.loads((out / "_report" / f"{assignment}.json").read_text())
    kinds: dict[str, set[str]] = {}
    for table in ("crashes", "timeouts"):
        for row in report["problems"][table]:
            kinds.setdefault(row["student"], set()).add(row["kind"])
    return kinds


def summary_rows(out: Path, students) -> dict[str, str]:
    """student -> their row of the batch summary."""
    grades = [Graded.from_cache(json.loads((out / s / regrade.CACHE).read_text())) for s in students]
    console = Console(record=True, width=400, file=io.StringIO())
    console.print(summary_table(grades, "summary"))
    lines = console.export_text().splitlines()
    return {s: next(line for line in lines if f" {s} " in line) for s in students}
