"""The README opens with exactly two set-up commands: a test here runs the first as written
on a fresh clone, and CI runs the second; every other command block of the README and of the
guides in docs/ is run as written by a test."""
import json
import os
import re
import sys
from pathlib import Path

import pytest

from conftest import ROOT, bash_blocks, fresh_checkout, lost, tracked_files, walkthroughs


def test_readme_opens_with_two_commands_and_ci_runs_the_test_one():
    readme = (ROOT / "README.md").read_text()
    first_section = readme.split("\n## ", 1)[0]
    demo, tests = bash_blocks(first_section)
    assert demo.startswith("python3 -m venv .venv") and demo.endswith("autograde demo")
    assert tests.startswith("python3 -m venv .venv") and tests.endswith("python -m pytest -n 2 --dist loadfile")
    assert "torch==2.13.0" in demo.split("-e")[0], "torch is installed before the package"
    assert tests in (ROOT / ".ci" / "run").read_text()


def clone_environ(clone) -> dict[str, str]:
    """A new user's shell in ``clone``: the system's ``python3`` first on PATH, nothing of the
    environment running the tests (its venv, this checkout's AUTOGRADE_ROOT), pip configured
    as on this machine (the wheels the README's set-up installs from)."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("VIRTUAL_ENV", "PYTHON", "AUTOGRADE", "PYTEST", "COV_"))}
    return {**env, "PATH": f"{Path(sys.base_prefix) / 'bin'}:/usr/local/bin:/usr/bin:/bin",
            "HOME": env.get("HOME", str(clone))}


@pytest.mark.slow
def test_readme_command_1_runs_as_written_on_a_fresh_clone(tmp_path, capsys):
    """The README's first command, pasted into bash in a fresh clone (no ``.venv``: it makes its
    own and installs the clone into it): it exits 0, prints the gradebook with a row per
    bundled example, writes every file it names (feedback, gradebook, a class page per
    assignment) and nothing outside ``demo-out/`` but the set-up's own ``.venv/``. The clone's
    venv then runs docs/scaling.md's install line (``.[cluster]``), the one guide block that
    needs a venv of its own (one the tests' venv must not be re-pointed by)."""
    import csv
    import subprocess
    import time

    from autograder.authoring import course
    from autograder.commands import demo as demo_command

    clone = fresh_checkout(tmp_path / "clone", venv=False)
    command = bash_blocks((ROOT / "README.md").read_text().split("\n## ", 1)[0])[0]
    started = time.monotonic()
    proc = subprocess.run(["bash", "-euo", "pipefail", "-c", command], cwd=clone,
                          env=clone_environ(clone), capture_output=True, text=True, timeout=1200)
    seconds = time.monotonic() - started
    with capsys.disabled():
        print(f"\nREADME command 1 on a fresh clone: {seconds:.0f} s (set-up and demo)")
    assert proc.returncode == 0, f"exit {proc.returncode}:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    extra = walkthroughs((ROOT / "docs" / "scaling.md").read_text())["cluster-install"]
    install = subprocess.run(["bash", "-euo", "pipefail", "-c", extra], cwd=clone,
                             env=clone_environ(clone), capture_output=True, text=True, timeout=600)
    assert install.returncode == 0, f"docs/scaling.md's install line:\n{install.stderr[-2000:]}"
    rows = {tuple(cell.strip() for cell in line.strip("│ ").split("│")[:2])
            for line in proc.stdout.splitlines() if line.startswith("│")}
    assert "Gradebook of the bundled examples" in proc.stdout
    examples = {(student, a.name) for a in course.assignments().values()
                for student in demo_command.demo_examples(a)}
    assert rows == examples, "one gradebook row per bundled example"

    said = dict(line.split(": ", 1) for line in proc.stderr.splitlines()
                if line.startswith(("feedback: ", "gradebook: ", "class report: ")))
    named = [Path(said["feedback"].split(" (and ")[0]), Path(said["gradebook"])]
    named += [Path(line.split(": ", 1)[1]) for line in proc.stderr.splitlines()
              if line.startswith("class report: ")]
    assert named[0].with_name("feedback.html").is_file()
    for path in named:
        assert path.is_file() and path.is_relative_to(clone / "demo-out"), path
    pages = {p.stem for p in named[2:]}
    assert pages == set(course.assignments()), "a class page per assignment, each named"
    grades = clone / "demo-out" / "grades"
    for student, name in examples:
        for file in ("results.json", "feedback.md", "feedback.html"):
            assert (grades / name / student / file).is_file(), (name, student, file)
    for name in course.assignments():   # the references, training checks and all, lose nothing
        reference = json.loads((grades / name / "reference" / "results.json").read_text())
        assert reference["tests"] and not lost({**reference, "assignment": name}), name
    with open(clone / "demo-out" / "gradebook.csv", newline="") as f:
        assert {row["student"] for row in csv.DictReader(f)} == {s for s, _ in examples}

    made = set()
    for folder, subfolders, files in os.walk(clone):
        here = Path(folder).relative_to(clone)
        if here == Path("."):       # the set-up's own, and the demo's output folder
            subfolders[:] = [d for d in subfolders
                             if d not in (".venv", "demo-out") and not d.endswith(".egg-info")]
        subfolders[:] = [d for d in subfolders if d != "__pycache__"]
        made |= {here / f for f in files}
    elsewhere = made - {Path(f) for f in tracked_files()}
    assert not elsewhere, f"written outside demo-out/: {sorted(map(str, elsewhere))[:10]}"


#: the guides whose commands the tests run as written, and which test runs which block
RUN_AS_WRITTEN = {
    "README.md": {"student", "instructor", "ta"},                     # this file, below
    "docs/nbgrader.md": {"nbgrader-release", "nbgrader-fetch", "nbgrader-submit",
                         "nbgrader-grade"},                           # tests/test_nbgrader.py
    "docs/adding-an-assignment.md": {"scaffold", "release", "own-tests"},  # test_scaffold.py
    "docs/lms.md": {"lms-class", "lms-canvas-roster", "lms-collect", "lms-grade",   # test_lms.py
                    "lms-manual", "lms-canvas", "lms-moodle-roster", "lms-moodle-collect",
                    "lms-moodle", "lms-csv"},
    "docs/scaling.md": {"cluster",                                    # tests/test_cluster.py
                        "cluster-install"},                           # command 1's test, above
}


def fenced_blocks(text: str) -> list[tuple[str, str]]:
    """Every fenced block of a document: (its language, its text)."""
    return re.findall(r"^```(\w*)\n(.*?)\n```", text, flags=re.S | re.M)


#: how a line that is a command begins (a block of such lines is a command block)
COMMAND_LINE = re.compile(r"^\s*(\.venv/bin/|\$ |nbgrader |autograde |python3? |pip |mkdir |cp |cd |"
                          r"unzip |bash |git )")


def test_no_command_hides_in_a_block_that_is_not_run():
    """The README's promise holds of every block, not just the ```bash ones: a block in another
    language (configuration, printed output) holds no command line, so no command is left
    unrun by being labelled ``text`` (a synopsis, ``autograde grade PATH [PATH ...]``, is an
    outline, not a command)."""
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for language, block in fenced_blocks(doc.read_text()):
            if language != "bash":
                commands = [l for l in block.splitlines() if COMMAND_LINE.match(l)
                            and "..." not in l]     # a synopsis, as the inline check reads one
                assert not commands, f"{doc.name}: a ```{language} block holds {commands[0]!r}"


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
