"""nbgrader course configuration: this repository is an nbgrader course.

``solutions/`` is nbgrader's source directory and ``assignments/`` its release
directory. ``autograde release`` runs the same preprocessors (without the
database step) and also generates the ``.py`` stubs; prefer it. If you run
``nbgrader generate_assignment`` directly, the reference modules are never
copied (see ``ignore``), so nothing of a solution can leak into a release.
"""
from nbgrader.preprocessors import (CheckCellMetadata, ClearHiddenTests, ClearMarkScheme,
                                    ClearOutput, ClearSolutions, ComputeChecksums,
                                    IncludeHeaderFooter, InstantiateTests, LockCells, SaveCells)

from autograder.release import NameStubs

c = get_config()  # noqa: F821 - provided by nbgrader when it loads this file

c.CourseDirectory.course_id = "policy-gradient"
c.CourseDirectory.source_directory = "solutions"
c.CourseDirectory.release_directory = "assignments"
c.CourseDirectory.ignore = [".ipynb_checkpoints", "*.pyc", "__pycache__", "assignment.toml",
                            "reinforce.py", "gae.py", "ppo.py", "grpo.py"]
c.GenerateAssignment.preprocessors = [
    IncludeHeaderFooter, InstantiateTests, LockCells, ClearSolutions, NameStubs, ClearOutput,
    CheckCellMetadata, ComputeChecksums, SaveCells, ClearHiddenTests, ClearMarkScheme,
    ComputeChecksums, CheckCellMetadata,
]
