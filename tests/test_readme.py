"""The README opens with exactly two set-up commands, and CI runs the second."""
import re

import pytest

from conftest import ROOT


def fenced_commands(text):
    return re.findall(r"```bash\n(.*?)\n```", text, flags=re.S)


def test_readme_opens_with_two_commands_and_ci_runs_the_test_one():
    readme = (ROOT / "README.md").read_text()
    first_section = readme.split("\n## ", 1)[0]
    demo, tests = fenced_commands(first_section)
    assert demo.startswith("python3 -m venv .venv") and demo.endswith("autograde demo")
    assert tests.startswith("python3 -m venv .venv") and tests.endswith("python -m pytest")
    assert "torch==2.13.0" in demo.split("-e")[0], "torch is installed before the package"
    assert tests in (ROOT / ".ci" / "run").read_text()


def walkthroughs(text):
    return dict(re.findall(r"<!-- walkthrough: (\w+) -->\n```bash\n(.*?)\n```", text, flags=re.S))


def test_readme_has_three_walkthroughs():
    assert set(walkthroughs((ROOT / "README.md").read_text())) == {"student", "instructor", "ta"}


@pytest.mark.slow
@pytest.mark.parametrize("who", ["student", "instructor", "ta"])
def test_walkthrough_runs_on_a_fresh_copy(who, tmp_path):
    """Each walkthrough, pasted into bash in a fresh copy of the repository, succeeds."""
    import os
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    copy = tmp_path / "repo"
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    files = tracked.stdout.split() if tracked.returncode == 0 else []
    if not files:   # not a git checkout: copy the course folders
        files = [str(p.relative_to(ROOT)) for d in ("solutions", "assignments", "autograder")
                 for p in (ROOT / d).rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    for name in files:
        target = copy / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if (ROOT / name).is_file():
            shutil.copy2(ROOT / name, target)
    (copy / ".venv").symlink_to(Path(sys.prefix))
    script = walkthroughs((ROOT / "README.md").read_text())[who]
    env = {**os.environ, "AUTOGRADE_ROOT": str(copy)}
    proc = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=copy, env=env,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, f"{who} walkthrough failed:\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}"
    expected = {"student": "not implemented: group_advantages",
                "instructor": "| reference | 2 |", "ta": "alice"}[who]
    assert expected in proc.stdout
