"""A student's folder holding both the module and the notebook, as students hand them in.

The module is finished, its stub lines deleted or kept as comments above the code (a common
habit); the notebook has its answer cells answered and zero or one function written; or the
module is the untouched release and the one function is written in the notebook only.
:data:`CASES` names each, with the file that must be graded and how many functions each file
has written.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from pgcheck.messages import stub_line

#: case -> (how the module's stub lines are, functions written in the notebook, graded file)
CASES = {
    "stubs deleted, notebook untouched": ("deleted", 0, "py"),
    "stubs deleted, one function in the notebook": ("deleted", 1, "py"),
    "stubs commented out, notebook untouched": ("commented", 0, "py"),
    "stubs commented out, one function in the notebook": ("commented", 1, "py"),
    "module untouched, one function in the notebook only": ("release", 1, "ipynb"),
}


def module(assignment, how: str) -> str:
    """The module: the release's (``release``), or the reference with its stub lines deleted
    (``deleted``) or kept as comments above each function's code (``commented``)."""
    if how == "release":
        return (assignment.release_dir / f"{assignment.name}.py").read_text()
    lines, function = [], None
    for line in assignment.reference_module.read_text().splitlines():
        match = re.match(r"def (\w+)\(", line)
        function = match.group(1) if match else function
        if line.strip() == "### BEGIN SOLUTION" and how == "commented":
            lines.append(line.replace("### BEGIN SOLUTION", "# " + stub_line(function)))
        elif line.strip() not in ("### BEGIN SOLUTION", "### END SOLUTION"):
            lines.append(line)
    return "\n".join(lines) + "\n"


def notebook(assignment, written: int) -> str:
    """The release notebook with its answer cells answered as the solution's, and its first
    ``written`` graded functions' cells as the solution's (the others left as stubs)."""
    solved = json.loads(assignment.notebook.read_text())
    by_id = {c["metadata"]["nbgrader"]["grade_id"]: "".join(c["source"])
             for c in solved["cells"] if c.get("metadata", {}).get("nbgrader", {}).get("solution")}
    done = {f"impl-{f.replace('_', '-')}" for f in assignment.functions[:written]}
    work = json.loads((assignment.release_dir / f"{assignment.name}.ipynb").read_text())
    for cell in work["cells"]:
        grade_id = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id", "")
        source = by_id.get(grade_id)
        if source is not None and (grade_id in done or not source.lstrip().startswith("def ")):
            cell["source"] = "\n".join(line for line in source.split("\n")
                                       if "### BEGIN SOLUTION" not in line
                                       and "### END SOLUTION" not in line)
    return json.dumps(work)


def make(folder: Path, assignment, case: str) -> Path:
    """``folder`` holding the module and the notebook of ``case``."""
    how, written, _ = CASES[case]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{assignment.name}.py").write_text(module(assignment, how))
    (folder / f"{assignment.name}.ipynb").write_text(notebook(assignment, written))
    return folder


def note(assignment, case: str) -> str:
    """What the note of the choice says for ``case``."""
    how, written, graded = CASES[case]
    name, total = assignment.name, len(assignment.functions)
    if graded == "ipynb":
        return f"{name}.ipynb is graded because it has {written} of {total} functions written and {name}.py 0."
    return f"{name}.py is graded because it has {total} of {total} functions written and {name}.ipynb {written}."
