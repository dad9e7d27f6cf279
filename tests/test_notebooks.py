"""Every solution notebook runs top to bottom with the reference (fast training mode)."""
import nbformat
import pytest
from nbclient import NotebookClient

from autograder import course


@pytest.mark.parametrize("name", ["reinforce", "gae", "ppo", "grpo", "grpo_lm"])
def test_notebook_runs(name, monkeypatch):
    monkeypatch.setenv("AUTOGRADE_FAST", "1")
    assignment = course.get(name)
    nb = nbformat.read(assignment.source_dir / f"{name}.ipynb", as_version=4)
    NotebookClient(nb, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(assignment.source_dir)}}).execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    texts = "".join(o.get("text", "") for o in outputs)
    assert "passed  check_" in texts and "FAILED" not in texts
