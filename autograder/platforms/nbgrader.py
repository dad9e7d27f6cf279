"""Write our scores into an nbgrader gradebook, so formgrader and ``nbgrader export`` show them.

``autograde grade submitted/ -a grpo --nbgrader-db sqlite:///gradebook.db``
grades nbgrader's ``submitted/<student>/<assignment>/`` tree (student ids are
nbgrader's) and records, for every student, one autograded grade cell per test
group in an extra notebook of the assignment named ``autograde`` (nbgrader's
own notebooks and grades are left as they are). Re-running overwrites the
previous scores.
"""
from __future__ import annotations

import os
import sys

NOTEBOOK = "autograde"


def alembic_on_path() -> None:
    """nbgrader creates a new gradebook by running the ``alembic`` command found on PATH; a
    virtual environment's tools run without activating it would not find the one installed
    beside them. Put this interpreter's own bin folder first when it holds ``alembic``."""
    here = os.path.dirname(sys.executable)
    if os.path.isfile(os.path.join(here, "alembic")):
        os.environ["PATH"] = here + os.pathsep + os.environ.get("PATH", "")


def record(results: list[dict], db_url: str) -> int:
    """Store ``results`` (the grading command's JSON objects); returns how many."""
    from nbgrader.api import Grade, Gradebook, MissingEntry, SubmittedNotebook

    alembic_on_path()
    with Gradebook(db_url) as gb:
        for r in results:
            name, student = r["assignment"], r["submission"]
            gb.update_or_create_assignment(name)
            gb.update_or_create_student(student)
            gb.update_or_create_notebook(NOTEBOOK, name)
            groups: dict[str, list[float]] = {}
            for t in r["tests"]:
                if t["max_score"]:
                    score = groups.setdefault(t["name"].split(":", 1)[0], [0.0, 0.0])
                    score[0] += t["score"]
                    score[1] += t["max_score"]
            for group, (_, worth) in groups.items():
                gb.update_or_create_grade_cell(group, NOTEBOOK, name, max_score=worth,
                                               cell_type="code")
            try:
                submission = gb.find_submission(name, student)
            except MissingEntry:
                submission = gb.add_submission(name, student)
            try:
                notebook = gb.find_submission_notebook(NOTEBOOK, name, student)
            except MissingEntry:
                notebook = SubmittedNotebook(notebook=gb.find_notebook(NOTEBOOK, name),
                                             assignment=submission)
                gb.db.add(notebook)
            gb.db.commit()
            for group, (score, _) in groups.items():
                try:
                    grade = gb.find_grade(group, NOTEBOOK, name, student)
                except MissingEntry:
                    cell = gb.find_grade_cell(group, NOTEBOOK, name)
                    grade = Grade(cell_id=cell.id, notebook=notebook)
                    gb.db.add(grade)
                grade.auto_score = score
            gb.db.commit()
    return len(results)
