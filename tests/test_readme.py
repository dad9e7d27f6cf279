"""The README opens with exactly two set-up commands, and CI runs the second; every other
command block of the README and of the guides in docs/ is run as written by a test."""
import re

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


def test_the_layout_map_is_the_tree():
    """The README's map of the repository names every top-level entry that git tracks and every
    package of the grader, and everything it names exists (``<name>``: the example
    assignment's)."""
    import subprocess

    from autograder.authoring import course

    readme = (ROOT / "README.md").read_text()
    block = readme.split("\n```\nsolutions/<name>/", 1)[1].split("\n```", 1)[0]
    entries, parent = [], ""
    for line in ("solutions/<name>/" + block).splitlines():
        if not line.strip() or line.startswith(" " * 8):     # a description's next line
            continue
        path = line.split()[0]
        if not line.startswith(" "):
            parent = path if path.endswith("/") else ""
            entries.append(path)
        else:
            entries.append(parent + path)
    name = course.example().name
    for entry in entries:
        assert (ROOT / entry.replace("<name>", name)).exists(), f"the map names {entry}"
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.split()
    top = {f.split("/")[0] + ("/" if "/" in f else "") for f in tracked}
    named = {e.split("/")[0] + ("/" if "/" in e else "") for e in entries}
    assert top - named - {"README.md", "pyproject.toml", "nbgrader_config.py", ".gitignore"} \
        == set(), "top-level entries the map leaves out"
    packages = {p.name + "/" for p in (ROOT / "autograder").iterdir()
                if p.is_dir() and p.name != "__pycache__"}
    assert {f"autograder/{p}" for p in packages} - {e.replace("<name>/", "") for e in entries} \
        == set(), "packages of the grader the map leaves out"


def test_every_guide_with_command_blocks_is_run_as_written():
    """A new guide's command blocks are not left out of RUN_AS_WRITTEN."""
    for doc in sorted((ROOT / "docs").glob("*.md")):
        if bash_blocks(doc.read_text()):
            assert str(doc.relative_to(ROOT)) in RUN_AS_WRITTEN, f"{doc.name}: no test runs it"


INLINE = re.compile(r"`(?:\.venv/bin/)?autograde( [^`]*)?`")


def test_every_command_named_in_the_text_exists():
    """Commands named inline (``autograde grade CLASS -a NAME --out OUT``) exist, with every
    option they name: checked against the real parser (a span with ``...``, ``<name>`` or
    ``COMMAND`` is an outline; a mention such as ``autograde grade --json`` need not be whole)."""
    import argparse

    from autograder.cli import build_parser

    parser = build_parser()
    [commands] = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    named = {m.group(0): (m.group(1) or "").split()
             for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
             for m in INLINE.finditer(doc.read_text())}
    checked = 0
    for span, words in sorted(named.items()):
        if not words or words[0].isupper() or any("..." in w or "<" in w for w in words):
            continue
        if words[0].startswith("-"):
            assert words[0] in parser._option_string_actions, span
            continue
        assert words[0] in commands.choices, f"the text names {span}: no such command"
        options = commands.choices[words[0]]._option_string_actions
        for word in words[1:]:
            option = word.strip("[]").split("=")[0]
            if option.startswith("-"):
                assert option in options, f"the text names {span}: {option} is not an option"
        checked += 1
    assert checked >= 10, f"only {checked} inline commands found: the pattern no longer matches"
