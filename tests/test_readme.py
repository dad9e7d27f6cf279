"""The README opens with exactly two set-up commands, and CI runs the second."""
import re

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
