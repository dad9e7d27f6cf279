"""nbgrader course configuration: this repository is an nbgrader course.

``solutions/`` is nbgrader's source directory and ``assignments/`` its release
directory. ``autograde release`` runs the same preprocessors (without the
database step) and also generates the ``.py`` stubs; prefer it. If you run
``nbgrader generate_assignment`` directly, no reference module is copied (see
``ignore``: the list is read from the course's assignments, so a new assignment
is covered without editing this file), and nothing of a solution can leak into
a release.
"""
from pathlib import Path

from nbgrader.preprocessors import (CheckCellMetadata, ClearHiddenTests, ClearMarkScheme,
                                    ClearOutput, ClearSolutions, ComputeChecksums,
                                    IncludeHeaderFooter, InstantiateTests, LockCells, SaveCells)

from autograder.authoring import course
from autograder.authoring.release import NOT_RELEASED, NameStubs
from autograder.platforms.nbgrader import alembic_on_path

c = get_config()  # noqa: F821 - provided by nbgrader when it loads this file

# `.venv/bin/nbgrader` run without an activated virtual environment would not find the
# `alembic` installed beside it, and the first `generate_assignment` would fail.
alembic_on_path()

c.CourseDirectory.course_id = "policy-gradient"
c.CourseDirectory.source_directory = "solutions"
c.CourseDirectory.release_directory = "assignments"
# Never released by nbgrader: what `autograde release` never copies either, and the
# reference module (solved) of every assignment found in solutions/.
_course = course.assignments(Path(__file__).resolve().parent)
c.CourseDirectory.ignore = sorted({"*.pyc", *NOT_RELEASED}
                                  | {a.reference_module.name for a in _course.values()})
c.GenerateAssignment.preprocessors = [
    IncludeHeaderFooter, InstantiateTests, LockCells, ClearSolutions, NameStubs, ClearOutput,
    CheckCellMetadata, ComputeChecksums, SaveCells, ClearHiddenTests, ClearMarkScheme,
    ComputeChecksums, CheckCellMetadata,
]
