"""The README opens with exactly two set-up commands, and CI runs the second; every other
command block of the README and of the guides in docs/ is run as written by a test."""
import pytest

from conftest import ROOT, bash_blocks, fresh_checkout, walkthroughs


def test_readme_opens_with_two_commands_and_ci_runs_the_test_one():
    readme = (ROOT / "README.md").read_text()
    first_section = readme.split("\n## ", 1)[0]
    demo, tests = bash_blocks(first_section)
    assert demo.startswith("python3 -m venv .venv") and demo.endswith("autograde demo")
    assert tests.startswith("python3 -m venv .venv") and tests.endswith("python -m pytest -n 2 --dist loadfile")
    assert "torch==2.13.0" in demo.split("-e")[0], "torch is installed before the package"
    assert tests in (ROOT / ".ci" / "run").read_text()


#: the guides whose commands the tests run as written, and which test runs which block
RUN_AS_WRITTEN = {
    "README.md": {"student", "instructor", "ta"},                     # this file, below
    "docs/nbgrader.md": {"nbgrader-release", "nbgrader-fetch", "nbgrader-submit",
                         "nbgrader-grade"},                           # tests/test_nbgrader.py
    "docs/adding-an-assignment.md": {"scaffold", "release"},          # tests/test_scaffold.py
    "docs/scaling.md": {"cluster"},                                   # tests/test_cluster.py
}


def test_readme_has_three_walkthroughs():
    assert set(walkthroughs((ROOT / "README.md").read_text())) == RUN_AS_WRITTEN["README.md"]


def test_every_command_block_of_the_guides_is_one_a_test_runs():
    """A command block that no test runs would drift: each is a named walkthrough, and the
    names are those the tests run (the README's opening set-up commands are CI's own)."""
    for doc, names in RUN_AS_WRITTEN.items():
        text = (ROOT / doc).read_text()
        if doc == "README.md":
            text = text.split("\n## ", 1)[1]
        assert len(bash_blocks(text)) == len(walkthroughs(text)), f"{doc}: an unmarked block"
        assert set(walkthroughs(text)) == names, doc


@pytest.mark.slow
@pytest.mark.parametrize("who", ["student", "instructor", "ta"])
def test_walkthrough_runs_on_a_fresh_copy(who, tmp_path):
    """Each walkthrough, pasted into bash in a fresh copy of the repository, succeeds."""
    import os
    import subprocess

    copy = fresh_checkout(tmp_path / "repo")
    script = walkthroughs((ROOT / "README.md").read_text())[who]
    env = {**os.environ, "AUTOGRADE_ROOT": str(copy), "COLUMNS": "80"}   # output to a pipe
    proc = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=copy, env=env,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, f"{who} walkthrough failed:\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}"
    expected = {"student": "not implemented: group_advantages",
                "instructor": "| reference | 2 |", "ta": "alice"}[who]
    assert expected in proc.stdout
    table = [line for line in proc.stdout.splitlines() if line.startswith("|")]
    assert all(line.rstrip().endswith("|") for line in table), "a markdown row was wrapped"
    if who == "instructor":
        assert table and "cartpole" in proc.stdout            # calibrate's table, experiments
