"""One class grade reads each of its inputs once (issue 37, point 5).

The grade command runs in a process of its own under an audit hook (:pep:`578`), which the
grading processes it forks inherit: every ``open`` of a submission, of the run history
(``OUT/_runs/*/run.json``), of each ``results.json`` (read or written) and of each regrade
cache entry is counted, and so is every lookup of an assignment by name in the registry
(``course.get``). Before issue 37, each ``results.json`` was read once more (by the manual
scores' merge and the class page) and the class page parsed it back into loose dicts. The class: two students graded
once, then graded again with one submission changed (one grade reused, one made anew), so
both paths are counted. Gradescope's ``run_autograder`` is counted too: before, it read back the
``results.json`` its own grade had written.
"""
import json
import os
import subprocess
import sys
import textwrap
from collections import Counter
from pathlib import Path

import pytest

from autograder.authoring import course
from conftest import ROOT, autograde, make_submission

EX = course.example()

#: run in the command's process before anything of the grader is imported
DRIVER = textwrap.dedent("""
    import os, sys
    LOG = os.open(sys.argv[1], os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    WATCHED = sys.argv[2]

    def note(line):
        os.write(LOG, (line + "\\n").encode())

    def hook(event, args):
        if event != "open" or not isinstance(args[0], (str, bytes, os.PathLike)):
            return
        path, mode, flags = os.fsdecode(args[0]), args[1], args[2]
        if not path.startswith(WATCHED):
            return
        reads = ("r" in mode and "+" not in mode) if isinstance(mode, str) else \\
            (flags & os.O_ACCMODE) == os.O_RDONLY
        note(("read " if reads else "write ") + path)

    sys.addaudithook(hook)
    from autograder.authoring import course
    looked_up = course.get
    def get(name):
        note("registry " + name)
        return looked_up(name)
    course.get = get
    from {module} import main
    sys.exit(main(sys.argv[3:]))
""")


def counted(tmp_path: Path, *args, module: str = "autograder.cli", env=()) -> Counter:
    """What one ``autograde ARGS`` (or ``python -m MODULE ARGS``) opened under ``tmp_path``,
    and how often."""
    log, driver = tmp_path / "opens.log", tmp_path / "driver.py"
    driver.write_text(DRIVER.replace("{module}", module))
    log.write_text("")
    proc = subprocess.run([sys.executable, str(driver), str(log), str(tmp_path), *map(str, args)],
                          capture_output=True, text=True, timeout=600, cwd=ROOT,
                          env={**os.environ, **dict(env)})
    assert proc.returncode == 0, proc.stderr[-3000:]
    return Counter(log.read_text().splitlines())


@pytest.mark.slow        # two class grades (~90 s on one core): the read counts need both paths
def test_one_class_grade_reads_each_input_once(tmp_path):
    klass, out = tmp_path / "class", tmp_path / "out"
    name = EX.name
    make_submission(klass / "ann", name, EX.reference_module.read_text())
    make_submission(klass / "bob", name, (EX.release_dir / f"{name}.py").read_text())
    autograde("grade", klass, "-a", name, "--out", out, "--json", "--skip-slow")
    make_submission(klass / "bob", name, EX.reference_module.read_text() + "\n# again\n")

    opened = counted(tmp_path, "grade", klass, "-a", name, "--out", out, "--json", "--skip-slow")

    def count(verb: str, path: Path) -> int:
        return opened[f"{verb} {path}"]

    counts = {
        "submission ann (reused)": count("read", klass / "ann" / f"{name}.py"),
        "submission bob (graded)": count("read", klass / "bob" / f"{name}.py"),
        "run history": sum(n for line, n in opened.items()
                           if line.startswith(f"read {out / '_runs'}")
                           and line.endswith("run.json")),
        "results.json ann (reused): read": count("read", out / "ann" / "results.json"),
        "results.json ann (reused): written": count("write", out / "ann" / "results.json"),
        "results.json bob (graded): read": count("read", out / "bob" / "results.json"),
        "results.json bob (graded): written": count("write", out / "bob" / "results.json"),
        "cache.json ann: read": count("read", out / "ann" / "cache.json"),
        "cache.json bob: read": count("read", out / "bob" / "cache.json"),
        "registry": sum(n for line, n in opened.items() if line.startswith("registry ")),
    }
    print(json.dumps(counts))
    # a results.json is never read back (the batch holds the records: the class page, the
    # manual scores and the gradebook take them); bob's is written once, by his grade, with
    # any person's scores merged in; ann's reused grade leaves hers as it is
    assert counts == {
        "submission ann (reused)": 1, "submission bob (graded)": 1, "run history": 1,
        "results.json ann (reused): read": 0, "results.json ann (reused): written": 0,
        "results.json bob (graded): read": 0, "results.json bob (graded): written": 1,
        "cache.json ann: read": 1, "cache.json bob: read": 1, "registry": 1}, counts

    # `autograde report` rebuilds the same batch from the cache: no results.json read back
    opened = counted(tmp_path, "report", out)
    again = {key: sum(n for line, n in opened.items() if line == f"read {path}")
             for key, path in [("run history", out / "_runs"),
                               ("results.json ann", out / "ann" / "results.json"),
                               ("results.json bob", out / "bob" / "results.json"),
                               ("cache.json ann", out / "ann" / "cache.json"),
                               ("cache.json bob", out / "bob" / "cache.json")]}
    manifests = [n for line, n in opened.items()
                 if line.startswith(f"read {out / '_runs'}") and line.endswith("run.json")]
    again["run history"] = max(manifests) if len(manifests) == 2 else manifests  # each once
    print(json.dumps(again))
    assert again == {"run history": 1, "results.json ann": 0, "results.json bob": 0,
                     "cache.json ann": 1, "cache.json bob": 1}, again


@pytest.mark.slow        # one Gradescope grade (~20 s)
def test_gradescope_reads_the_submission_once_and_no_results_back(tmp_path):
    """``run_autograder``'s grade: the upload is read once, and Gradescope's results.json is
    made from the grade's record: the one its grade wrote (in a folder of its own, here under
    ``tmp_path`` by TMPDIR) is never read back."""
    root, scratch = tmp_path / "gradescope-root", tmp_path / "scratch"
    scratch.mkdir()
    make_submission(root / "submission", EX.name, EX.reference_module.read_text())
    opened = counted(tmp_path, "--assignment", EX.name, "--root", root,
                     module="autograder.platforms.gradescope", env={"TMPDIR": str(scratch)})
    module = root / "submission" / f"{EX.name}.py"
    written = [line for line in opened if line.endswith("/results.json")]
    assert opened[f"read {module}"] == 1, opened
    assert f"write {root / 'results' / 'results.json'}" in written, written
    assert not [line for line in written if line.startswith("read ")], written
    assert json.loads((root / "results" / "results.json").read_text())["score"] > 0
