"""The grader survives a bank of hostile and broken submissions (``tests/assignments/<example>/adversarial/``).

Each case file is an attack on top of wrong answers (``_wrong.py`` is prepended), so any point
it earns can only come from a successful attack. The whole bank is graded in one batch, in
parallel, with the default limits, next to a correct submission, and we check, for each case:
score 0 (the slow one: what fits in its limits, with the run's total time bounded), exit status
0 and results for every submission, at most 2 MB written for any student, no feedback that blames
the grader ("internal error"), no process of any submission left behind (each carries
``ADVERSARYMARK`` in its command line), no file outside the output folder changed (checksums of
the repository, of the submissions and of an earlier run's output), the correct neighbour at
full marks, that a function that hung, crashed its worker or ran out of memory was not
called again (its later tests say so, naming the first failure), and that each kind of event
is in the class page's tables and the batch summary. How long each case takes is
measured by ``benchmarks/bench_adversarial.py``, not here.

Run twice: in the strongest mode this machine allows, and in the ``plain`` fallback, where
the guarantees are: the grader survives, nothing is left running, the neighbour keeps full
marks.
"""
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from autograder.authoring import course

sys.path.insert(0, str(Path(__file__).resolve().parent / "assignments" / course.example().name
                       / "adversarial"))
import _texts  # noqa: E402 - the bank's text cases (issue 34): notebooks and folder names

from autograder.batch import manual
from classpage import problem_kinds, summary_rows
from conftest import ROOT, lost, make_submission

#: the assignment graded (the registry names it: [tests] engine_example), and its hostile bank
EX = course.example()
BANK = ROOT / "tests" / "assignments" / EX.name / "adversarial"
#: the bank has text cases (a notebook with a written answer, folder names: issue 34)
TEXTS = (BANK / "_texts.py").is_file()
MARK = "ADVERSARYMARK"
SLOW = "slow_correct"
#: cases whose first failure makes the grader skip a function's remaining calls, and how it says so
FAIL_FAST = {"loop_in_call": "skipped: group_advantages hung on",
             # the student's code runs on threads of its own, where no signal handler can be
             # installed: ignoring SIGTERM fails at the import
             "ignores_sigterm": "your code could not be loaded: your code raised ValueError",
             "segfault": "skipped: group_advantages crashed the process running it",
             "closes_its_pipes": "skipped: group_advantages crashed the process running it",
             "memory_bomb": "skipped: group_advantages ran out of memory",   # one huge block
             "huge_answer": "skipped: group_advantages ",   # out of memory, or too big to send
             "slow_reply": "skipped: group_advantages hung on",
             "lying_header": "skipped: group_advantages sent an answer too large to accept",
             "huge_json": "skipped: sequence_logprob sent an answer too large to accept",
             # the harness describes errors with the worker's ``describe`` as it was before the
             # import (the replacement is a tampering event): the error reads as the student
             # raised it
             "long_messages": "your code raised ValueError: huge"}
#: cases whose other function may fail fast in either of two ways, and how it says so: the
#: memory bomb's growing hoard runs out of memory, or on a loaded machine reaches its call's
#: time limit first
EITHER = {"memory_bomb": ("skipped: sequence_logprob ran out of memory",
                          "skipped: sequence_logprob hung on")}
#: a case of each kind of event (autograder/records/events.py; the time budget, which takes
#: minutes to run out, is tests/test_limits.py's): the kind the class page and summary name
EVENTS = {"loop_in_call": "hung", "segfault": "crashed", "memory_bomb": "out of memory",
          "lying_header": "answer too large", "forged_replies": "tampered",
          "loop_at_import": "load failure", "wrapped_call_function": "tampered",
          "memorised_gradient": "tampered"}
#: all that one student's grade may write (OUT/<student>/: results.json, cache.json, feedback.md,
#: feedback.html), whatever the submission sends: issue 22
MAX_BYTES_PER_STUDENT = 2_000_000
FILE_WRITERS = ("fake_results", "rewrite_grader")
#: cases about files, which ``--sandbox plain`` does not protect by design (docs/security.md): the
#: two that write files, and the one that searches the whole disk for a solution (it finds one
#: there, and its walk of the disk only costs the run's time)
PLAIN_SKIPS = (*FILE_WRITERS, "search_disk")
NEIGHBOUR = "zz-correct-neighbour"
#: cases that ask the machine for gigabytes (issue 34): graded only where the submission's
#: whole tree is bounded, by a cgroup or by a worker that may start no process
MEMORY_CASES = ("children_300mb", "children_1gb")


def tree_bounded() -> bool:
    from autograder.sandbox import cgroup, kernel

    return bool(cgroup.version() and os.geteuid() == 0) or kernel.seccomp is not None


def cgroups_left() -> list[str]:
    """Worker cgroups whose slot server is gone (each is removed with its worker, and what a
    killed server leaves, by its grader)."""
    if not Path("/sys/fs/cgroup").is_dir():
        return []
    return [str(p) for p in Path("/sys/fs/cgroup").rglob("autograde-*")
            if not psutil.pid_exists(int(p.name.split("-")[1]))]


def cases() -> list[str]:
    return sorted(p.stem for p in BANK.glob("*.py") if not p.name.startswith("_"))


#: the bank's text cases (``_texts.py``), graded under these ids; those on the solution
#: notebook keep its marks, less what their text costs
TEXT_IDS = {c.name: _texts.graded_as(c) for c in _texts.CASES}
NOTEBOOKS = {c.name: c.lost for c in _texts.CASES if c.cells}


def build_batch(folder: Path, skip=()) -> Path:
    wrong = (BANK / "_wrong.py").read_text()
    for case in sorted(set(cases()) - set(skip)):
        make_submission(folder / case, EX.name, wrong + "\n" + (BANK / f"{case}.py").read_text())
    make_submission(folder / NEIGHBOUR, EX.name, EX.reference_module.read_text())
    if TEXTS:                     # the text cases: the example's notebook with a written answer
        _texts.build(folder, wrong)
    return folder


def checksums(*roots: Path) -> dict[str, str]:
    """sha256 of every file under ``roots`` (virtual environments and caches left out)."""
    skip = {".venv", "__pycache__", ".pytest_cache", "pg_autograde.egg-info"}
    sums = {}
    for root in roots:
        for dirpath, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if d not in skip]
            for name in files:
                path = Path(dirpath) / name
                if path.is_file() and not path.is_symlink():
                    sums[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
    return sums


def leftovers() -> list[str]:
    found = []
    for proc in psutil.process_iter(["cmdline", "pid"]):
        try:
            line = " ".join(proc.info["cmdline"] or [])
        except psutil.Error:
            continue
        if MARK in line and proc.info["pid"] != os.getpid() and "pytest" not in line:
            found.append(f"{proc.info['pid']}: {line[:80]}")
    return found


def wait_for_no_leftovers(seconds=5.0) -> list[str]:
    deadline = time.monotonic() + seconds
    while (left := leftovers()) and time.monotonic() < deadline:
        time.sleep(0.2)
    return left


def grade(batch: Path, out: Path, *extra) -> tuple[subprocess.CompletedProcess, float]:
    cmd = [sys.executable, "-m", "autograder.cli", "grade", str(batch), "--assignment", EX.name,
           "--jobs", "2", "--out", str(out), "--json", *extra]
    start = time.monotonic()
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=900)
    return proc, time.monotonic() - start


def check_survived(proc, out: Path, skip=()) -> dict:
    assert proc.returncode == 0, f"the grader failed:\n{proc.stderr[-3000:]}"
    by_id = {sid: case for case, sid in TEXT_IDS.items()} if TEXTS else {}
    results = {by_id.get(r["submission"], r["submission"]): r for r in json.loads(proc.stdout)}
    assert set(results) == (set(cases()) - set(skip)) | {NEIGHBOUR} | set(by_id.values())
    for case, r in results.items():
        sid = r["submission"]
        assert (out / sid / "results.json").is_file(), f"no results.json for {case}"
        assert (out / sid / "feedback.md").is_file(), f"no feedback.md for {case}"
        on_disk = json.loads((out / sid / "results.json").read_text())
        assert on_disk["score"] == r["score"], f"{case}: results.json was altered"
    assert (out / "gradebook.csv").is_file()
    neighbour = results[NEIGHBOUR]
    assert not lost(neighbour), [t["name"] for t in lost(neighbour)]
    for case, r in results.items():
        written = bytes_written(out / r["submission"])
        assert written <= MAX_BYTES_PER_STUDENT, f"{case} wrote {written:,} bytes"
        blamed_on_us = [t["output"][:200] for t in r["tests"]
                        if "internal error" in t["output"] or "course staff" in t["output"]]
        assert not blamed_on_us, f"{case}: the grader blamed itself: {blamed_on_us[:2]}"
    by_hand = sum(q.points for q in manual.questions(EX).values())
    for case, costs in NOTEBOOKS.items() if by_id else ():
        r = results[case]       # the solution notebook: its marks, less what its text costs
        assert r["score"] == r["max_score"] - by_hand - costs, (case, r["score"])
    assert (out / "_report" / f"{EX.name}.html").is_file()
    return results


def bytes_written(folder: Path) -> int:
    """All the bytes of every file under ``folder``."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def test_bank_is_big_enough():
    assert len(cases()) >= 20
    for case in cases():
        text = (BANK / f"{case}.py").read_text()
        assert text.startswith('"""'), f"{case}.py needs a docstring saying what it does"


def test_the_text_cases_are_graded_under_ids_of_their_own():
    """Each id case's folder name is its attack: it is renamed, to an id no other case has."""
    ids = [*TEXT_IDS.values(), *cases(), NEIGHBOUR]
    assert len(set(ids)) == len(ids)
    assert all(TEXT_IDS[c.name] != c.folder for c in _texts.CASES if not c.cells)
    assert not any("/" in c.folder or "\0" in c.folder for c in _texts.CASES)   # one folder


@pytest.mark.slow
def test_strongest_mode_survives_the_bank(tmp_path):
    unbounded = () if tree_bounded() else MEMORY_CASES
    batch = build_batch(tmp_path / "batch", skip=unbounded)
    out = tmp_path / "out"
    earlier = out / "earlier-run" / "results.json"        # another grade's output
    earlier.parent.mkdir(parents=True)
    earlier.write_text('{"score": 1}')
    autograder_results = Path("/autograder/results")
    existed = autograder_results.exists()
    guarded = [ROOT / "autograder", ROOT / "solutions", ROOT / "assignments", ROOT / "tests",
               batch]
    before = checksums(*guarded, earlier.parent)

    proc, seconds = grade(batch, out)

    results = check_survived(proc, out, skip=unbounded)
    assert not wait_for_no_leftovers(), f"processes left behind: {leftovers()}"
    assert not cgroups_left(), cgroups_left()
    after = checksums(*guarded, earlier.parent)
    changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
    assert not changed, f"files changed outside the output folder: {changed[:10]}"
    if not existed:
        assert not autograder_results.exists(), "a submission created /autograder/results"
    scored = {case: results[case]["score"] for case in results
              if case not in (SLOW, NEIGHBOUR, *NOTEBOOKS) and results[case]["score"]}
    assert not scored, f"attacks that earned points: {scored}"
    # the slow one gets what fits in its limits; the whole run stays bounded
    slow_feedback = "\n".join(t["output"] for t in results[SLOW]["tests"])
    assert "did not return within" in slow_feedback or "budget" in slow_feedback
    for case, said in [*FAIL_FAST.items(), *EITHER.items()]:
        outputs = [t["output"] for t in results[case]["tests"]]
        assert any(o.startswith(said) for o in outputs), (case, said, outputs[:6])
    loads = [t["output"] for t in lost(results["loop_at_import"])]    # (no notebook: no answers)
    assert loads and all("loading your code did not finish within" in o for o in loads), loads[:3]
    # each kind of event, where users read it: the class page's tables and the batch summary
    kinds, rows = problem_kinds(out, EX.name), summary_rows(out, EVENTS)
    for case, kind in EVENTS.items():
        assert kind in kinds.get(case, set()), (case, kinds.get(case))
        assert kind in rows[case], (case, rows[case])
    assert NEIGHBOUR not in kinds
    assert seconds < 600, "a generous bound: benchmarks/bench_adversarial.py measures the time"


@pytest.mark.slow
def test_fallback_mode_survives_the_bank(tmp_path):
    """``--sandbox plain`` protects no files by design (see docs/security.md), so the cases
    whose attack is on files are left out here (``PLAIN_SKIPS``): as root, the two that write
    files would succeed against this very checkout, and the disk search would find a solution.
    Every other case runs, and must leave the grader running, nothing behind, and the
    neighbour at full marks."""
    skip = PLAIN_SKIPS + (() if tree_bounded() else MEMORY_CASES)
    batch = build_batch(tmp_path / "batch", skip=skip)
    out = tmp_path / "out"
    proc, _ = grade(batch, out, "--sandbox", "plain")
    check_survived(proc, out, skip=skip)
    assert not wait_for_no_leftovers(), f"processes left behind: {leftovers()}"
    assert not cgroups_left(), cgroups_left()
