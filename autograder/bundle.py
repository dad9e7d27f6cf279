"""``autograde release --zip``: one self-contained zip per assignment, for students.

A bundle holds the generated release of the assignment (``assignments/<name>/``:
stubs, notebook, public checks, README, provided code) and the few modules the
public checks import (``autograder/checking.py`` and ``autograder/worker/calls.py``),
plus ``check.py``, which runs the public checks on the student's module:

    python check.py            # checks <name>.py in this folder
    python check.py other.py

Nothing else of the grader travels: no hidden suite, no mutant, no reference
module, nothing of ``solutions/``. The one exception is deliberate and declared
in ``assignment.toml`` (``ppo`` ships the reference GAE for its training loop).
"""
from __future__ import annotations

import zipfile
from pathlib import Path

from .course import Assignment, package_dir

#: grader modules the public checks need, and nothing more
CHECK_MODULES = ("__init__.py", "checking.py", "worker/__init__.py", "worker/calls.py")

CHECK_SCRIPT = '''"""Run the public checks of this assignment on your work: python check.py [FILE]

These are the checks that appear in the notebook, with the grader's wording. When you
submit, hidden tests also run (more cases, edge cases, gradients), so passing here does
not guarantee full marks.
"""
import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
NAME = "{name}"
FUNCTIONS = {functions!r}

from autograder.checking import run_checks  # noqa: E402

path = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / NAME / f"{{NAME}}.py"
sys.path.insert(0, str(path.resolve().parent))
spec = importlib.util.spec_from_file_location(NAME, path)
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
spec = importlib.util.spec_from_file_location("checks", HERE / NAME / "checks.py")
checks = importlib.util.module_from_spec(spec)
spec.loader.exec_module(checks)
failed = 0
for function in FUNCTIONS:
    print(f"== {{function}}")
    try:
        run_checks(function, vars(module), checks)
    except AssertionError:
        failed += 1
print("all public checks passed" if not failed else f"{{failed}} function(s) failed a check")
print("Hidden tests will also run when you submit.")
sys.exit(1 if failed else 0)
'''


def build_zip(assignment: Assignment, out: Path) -> Path:
    """Write ``out/<name>-student.zip`` from the committed release; return its path."""
    release = assignment.release_dir
    if not release.is_dir():
        raise FileNotFoundError(f"{release} is missing: run `autograde release` first")
    out.mkdir(parents=True, exist_ok=True)
    target = out / f"{assignment.name}-student.zip"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in sorted(release.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                zf.write(path, f"{assignment.name}/{path.relative_to(release)}")
        for rel in CHECK_MODULES:
            zf.write(package_dir() / rel, f"autograder/{rel}")
        zf.writestr("check.py", CHECK_SCRIPT.format(name=assignment.name,
                                                    functions=list(assignment.functions)))
    return target
