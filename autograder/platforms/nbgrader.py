"""nbgrader: the course as an nbgrader course, and our scores in its gradebook.

Two jobs, both done through nbgrader's own extension points and API:

* :class:`CompleteRelease`, the last preprocessor of ``nbgrader generate_assignment``
  (``nbgrader_config.py``): nbgrader writes the notebook and copies the source files;
  this adds what ``autograde release`` adds (the stub module, ``check.py``,
  ``requirements.txt``, the README's set-up section, the solved references an
  assignment ships) and ``pgcheck/``, the runtime the notebook's checks import, so the
  folder a student fetches works on its own, like the student bundle. nbgrader's release
  folder is its own (``release/``): ``assignments/``, which ``autograde release``
  generates and git keeps, is never touched.

* :func:`record`: ``autograde grade submitted/ -a NAME --nbgrader-db URL`` stores, for
  each student, one autograded grade cell per test group (``autograde: <group>``) in the
  assignment's own notebook ``NAME`` of the gradebook, beside the grade cells nbgrader's
  ``nbgrader autograde`` fills from the notebook's test cells. Neither run touches the
  other's cells, so the two can run in either order and ``nbgrader export`` shows both:
  our sandboxed grade of the functions plus nbgrader's points for the notebook's own
  exercises. The grades are autograded (not flagged for manual grading unless a grader
  has already overridden one), and the submission's timestamp is nbgrader's
  (``timestamp.txt``, written by ``nbgrader submit`` and read bounded: it travels with the
  student's work).
"""
from __future__ import annotations

import os
import sys
import tempfile
from datetime import datetime, timezone
from pathlib import Path

from autograder.records.grades import Graded

NOTEBOOK_CELL_PREFIX = "autograde: "


def alembic_on_path() -> None:
    """nbgrader creates a new gradebook by running the ``alembic`` command found on PATH; a
    virtual environment's tools run without activating it would not find the one installed
    beside them. Put this interpreter's own bin folder first when it holds ``alembic``."""
    here = os.path.dirname(sys.executable)
    if os.path.isfile(os.path.join(here, "alembic")):
        os.environ["PATH"] = here + os.pathsep + os.environ.get("PATH", "")


# -- generate_assignment ---------------------------------------------------------------

def complete_release(assignment, dest: Path) -> None:
    """Add to nbgrader's release folder ``dest`` everything but the notebooks that
    ``autograde release`` writes, and ``pgcheck/``."""
    import shutil

    from autograder.authoring import bundle, release

    with tempfile.TemporaryDirectory() as tmp:
        ours = Path(tmp) / assignment.name
        release.build(assignment, ours, sync_source=False)
        files = [(p, p.relative_to(ours).as_posix()) for p in sorted(ours.rglob("*"))
                 if p.is_file() and p.suffix != ".ipynb"]
        for path, name in files + bundle.runtime_files():
            target = dest / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)


try:
    from nbgrader.preprocessors import NbGraderPreprocessor

    class CompleteRelease(NbGraderPreprocessor):
        """``generate_assignment``'s last step: :func:`complete_release` on the folder nbgrader
        is writing. A failure stops nbgrader (it removes the half-written folder and exits
        non-zero), unlike a post-convert hook, whose errors nbgrader only logs."""

        def preprocess(self, nb, resources):
            from nbgrader.coursedir import CourseDirectory

            from autograder.authoring.course import assignments

            coursedir = CourseDirectory(config=self.config)
            name = resources["nbgrader"]["assignment"]
            dest = Path(coursedir.format_path(coursedir.release_directory, ".", name))
            complete_release(assignments(Path(coursedir.root).resolve())[name], dest)
            return nb, resources
except ImportError:  # pragma: no cover - nbgrader is a dependency
    CompleteRelease = None


# -- the gradebook ---------------------------------------------------------------------

#: the most of ``timestamp.txt`` read: nbgrader writes 30 characters ("2026-03-01 10:00:00.000000
#: UTC"); the file travels with the student's submission, so it is read no further
TIMESTAMP_BYTES = 64


def submitted_at(folder: Path | None) -> datetime | None:
    """When the submission in ``folder`` was handed in: nbgrader's ``timestamp.txt`` (written
    by ``nbgrader submit``, carried by ``collect``), else the folder's own last change; None
    without a folder. The file comes with the student's work: a link, an oversized file or
    text that is not a timestamp is ignored, never followed, read whole or trusted to parse."""
    from nbgrader.utils import parse_utc

    if folder is None or not os.path.lexists(folder):
        return None
    stamp = folder / "timestamp.txt"
    if not stamp.is_symlink() and stamp.is_file():
        with stamp.open("rb") as fh:
            head = fh.read(TIMESTAMP_BYTES + 1)
        text = head.decode("ascii", "replace").strip()
        if len(head) <= TIMESTAMP_BYTES and text:
            try:
                when = parse_utc(text)
                if isinstance(when, datetime):
                    return when
            except (ValueError, OverflowError, TypeError):
                pass
    return datetime.fromtimestamp(os.lstat(folder).st_mtime, timezone.utc).replace(tzinfo=None)


def record(results: list[Graded], db_url: str, folders: dict[str, Path] | None = None,
           skip_groups=()) -> int:
    """Store ``results`` (the batch's grades) in the gradebook at ``db_url``;
    ``folders`` maps a student id to the submission graded (for its timestamp). The groups
    ``skip_groups`` are not stored: the written answers, which nbgrader's formgrader scores
    in the notebook's own manual cells. Returns how many were stored."""
    from nbgrader.api import Grade, Gradebook, MissingEntry, SubmittedNotebook

    alembic_on_path()
    folders = folders or {}
    with Gradebook(db_url) as gb, gb.db.no_autoflush:
        for r in results:
            name, student = r.assignment, r.submission
            gb.update_or_create_assignment(name)
            gb.update_or_create_student(student)
            try:
                notebook = gb.find_notebook(name, name)
            except MissingEntry:     # no generate_assignment yet: the notebook it would add
                notebook = gb.add_notebook(name, name)
            scores = {g: points for g, points in r.by_group().items() if g not in skip_groups}
            for group, (_, worth) in scores.items():
                gb.update_or_create_grade_cell(NOTEBOOK_CELL_PREFIX + group, name, name,
                                               max_score=worth, cell_type="code")
            folder = folders.get(student)
            when = submitted_at(Path(folder) if folder else None)
            submission = gb.update_or_create_submission(
                name, student, **({"timestamp": when.isoformat()} if when else {}))
            mine = next((n for n in submission.notebooks if n.name == name), None)
            if mine is None:         # a notebook added after the submission was made
                mine = SubmittedNotebook(notebook_id=notebook.id, assignment_id=submission.id)
                gb.db.add(mine)
                gb.db.flush()
            for group, (score, _) in scores.items():
                try:
                    grade = gb.find_grade(NOTEBOOK_CELL_PREFIX + group, name, name, student)
                except MissingEntry:   # a cell added after the submission was made
                    cell = gb.find_grade_cell(NOTEBOOK_CELL_PREFIX + group, name, name)
                    grade = Grade(cell_id=cell.id, notebook_id=mine.id)
                    gb.db.add(grade)
                grade.auto_score = score
                grade.needs_manual_grade = grade.manual_score is not None
            gb.db.commit()
    return len(results)
