"""Grading on a Dask cluster (``--cluster``): autograder/cluster/ and docs/scaling.md.

The slow tests start a real cluster on 127.0.0.1 with distributed's own command-line entry
points (tests/loopback.py) and grade the engine's example assignment with ``--skip-slow``:

* a class of 40, while one worker process is killed with SIGKILL mid-batch, gets the local
  pool's gradebook, every student graded once, the regrade cache and ``_runs/`` as locally,
  and a second run reuses every grade; a third worker whose hidden suite differs is refused,
  named with both hashes, and grades nothing;
* a submission whose grade kills its worker process every time (a preload,
  tests/cluster_crash.py, stands in for an out-of-memory kill) is graded as a crash after the
  scheduler's allowed failures, beside a neighbour that loses nothing a module can earn;
* ``--cluster local:1 --jobs 2``: a cluster started for the command, two grading processes
  in its worker, and ``--json`` still prints one JSON array and nothing else.

The fast ones cover the pieces: the message when Dask is missing, addresses, the refusal's
sentence, the bounds on returned reports, the task's log line, calibration functions sent by
name, and a crash grade that the next run regrades.
"""
import csv
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from autograder.authoring import course
from autograder.cluster import ClusterUnavailable
from autograder.cluster.connect import local_workers
from autograder.cluster.grading import GradeTask, ReportTooLarge, report_files, write_report
from autograder.cluster.workers import Fingerprints
from conftest import ROOT, autograde, fresh_checkout, lost, walkthroughs
from loopback import Loopback, varied_class

EX = course.example()
CLASS_SIZE = 16


def gradebook(out: Path) -> list[list[str]]:
    """The gradebook's rows without the seconds column (wall time differs run to run)."""
    rows = list(csv.reader((out / "gradebook.csv").open()))
    seconds = rows[0].index("seconds")
    return [row[:seconds] + row[seconds + 1:] for row in rows]


def graded_tests(out: Path, student: str) -> list[dict]:
    return json.loads((out / student / "results.json").read_text())["tests"]


# -- the pieces ------------------------------------------------------------------------

def test_without_dask_grading_works_and_cluster_says_how_to_install_it(tmp_path):
    """The dependency is optional: with ``distributed`` unimportable, a local grade runs and
    ``--cluster`` is refused (exit 2) with the command that installs it."""
    student = tmp_path / "class" / "blank"
    student.mkdir(parents=True)
    shutil.copy(EX.release_dir / f"{EX.name}.py", student)
    script = (
        "import sys; sys.modules['distributed'] = None\n"
        "from autograder import cli\n"
        f"args = [{str(student)!r}, '-a', {EX.name!r}, '--skip-slow', '--json']\n"
        f"local = cli.main(['grade', *args, '--out', {str(tmp_path / 'a')!r}])\n"
        f"cluster = cli.main(['grade', *args, '--out', {str(tmp_path / 'b')!r}, "
        "'--cluster', 'local:1'])\n"
        "print('EXIT', local, cluster, 'distributed' in sys.modules and "
        "sys.modules['distributed'] is not None)\n")
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)
    assert proc.stdout.strip().splitlines()[-1] == "EXIT 0 2 False", proc.stderr[-2000:]
    assert "--cluster needs Dask distributed" in proc.stderr
    assert "pip install -e '.[cluster]'" in proc.stderr


@pytest.mark.parametrize("address", ["local:0", "local:", "local:two", "local:-1", "local:999"])
def test_a_malformed_local_cluster_is_refused(address):
    with pytest.raises(ClusterUnavailable, match="local:N needs a number"):
        local_workers(address)


def test_addresses_of_running_schedulers_are_not_local():
    assert local_workers("local:3") == 3
    for address in ("tls://10.0.0.5:8786", "127.0.0.1:8786", "scheduler.json"):
        assert local_workers(address) is None


def test_a_refusal_names_both_sides():
    ours = Fingerprints(EX.name, "0.1.0", "e" * 64, "a" * 64)
    assert ours.refusal(ours, "tcp://w:1") == ""
    stale = Fingerprints(EX.name, "0.0.9", "f" * 64, "b" * 64)
    text = ours.refusal(stale, "tcp://w:1")
    assert text.startswith("worker tcp://w:1 refused: ")
    assert "its engine is 0.0.9 (ffffffffffff), this grader's is 0.1.0 (eeeeeeeeeeee)" in text
    assert (f"its {EX.name} hidden suite is bbbbbbbbbbbb, this grader's is aaaaaaaaaaaa"
            in text)
    assert ours.resource != stale.resource


def test_a_daemonic_worker_is_refused_for_more_than_one_job(monkeypatch):
    """Grading processes are children of the worker process; Dask's nanny makes it daemonic."""
    import multiprocessing

    from autograder.cluster import workers

    here = Fingerprints.here(EX.name)

    class Daemonic:
        daemon = True

    monkeypatch.setattr(multiprocessing, "current_process", lambda: Daemonic())
    monkeypatch.setattr(workers, "_admissions", {})
    why = workers.admit(here, 2, "tcp://w:1")
    assert "DASK_DISTRIBUTED__WORKER__DAEMON=False" in why
    with pytest.raises(workers.WorkerRefused, match="daemonic"):
        workers.admitted(here)


def test_returned_reports_are_plain_bounded_files(tmp_path):
    folder = tmp_path / "alice"
    folder.mkdir()
    (folder / "results.json").write_text("{}")
    (folder / "feedback.md").write_text("# fine")
    assert report_files(folder) == {"feedback.md": b"# fine", "results.json": b"{}"}

    (folder / "link.png").symlink_to(folder / "results.json")
    with pytest.raises(ReportTooLarge, match="symbolic link"):
        report_files(folder)
    (folder / "link.png").unlink()
    (folder / "big.png").write_bytes(b"\0" * (5 << 20))
    with pytest.raises(ReportTooLarge, match="over the"):
        report_files(folder)
    (folder / "big.png").unlink()
    for i in range(40):
        (folder / f"f{i}.png").write_bytes(b"x")
    with pytest.raises(ReportTooLarge, match="more than"):
        report_files(folder)

    target = tmp_path / "out" / "bob"
    for name in ("../escape.md", ".hidden", "a/b.md", ""):
        with pytest.raises(ReportTooLarge, match="not a plain file name"):
            write_report(target, {name: b"x"})
    assert not (tmp_path / "out" / "escape.md").exists()


def test_dask_logs_a_task_by_its_student_never_by_its_code():
    from autograder.engine.options import Options
    from pgcheck.discovery import Submission

    code = "SECRET = 'the whole submission'\n"
    task = GradeTask(Fingerprints(EX.name, "v", "e", "s"), "alice", Path("class/alice"),
                     Submission("alice", Path("class/alice/x.py"), kind="py", source=code),
                     Options(out_dir=Path("out")))
    assert repr(task) == f"GradeTask({EX.name}: alice)"


def test_calibration_functions_travel_by_their_place_in_the_registry():
    from autograder.cluster.executor import HiddenFunction
    from autograder.training import modules

    name = modules.with_checks()[0]
    check = modules.check_module(course.get(name))
    ref = HiddenFunction.of(check.calibration_seed)
    assert ref == HiddenFunction(name, course.get(name).settings.training.check,
                                 "calibration_seed")
    from autograder.cluster.executor import _loaded

    loaded = getattr(_loaded(ref.assignment, ref.module), ref.name)   # as a worker finds it
    assert loaded.__qualname__ == check.calibration_seed.__qualname__
    with pytest.raises(ValueError, match="not a function of a training check"):
        HiddenFunction.of(lambda label, seed: None)


def test_a_crash_grade_is_kept_but_never_reused(tmp_path):
    """A grade recorded with a ``retry`` reason (the grader crashed on it) is regraded by
    the next run, which says why; its neighbour's grade is reused."""
    from autograder.records.grades import Graded
    from autograder.batch import regrade

    klass = tmp_path / "class"
    for sid in ("crashed", "fine"):
        (klass / sid).mkdir(parents=True)
        shutil.copy(EX.reference_module, klass / sid)
    pairs = [(sid, klass / sid) for sid in ("crashed", "fine")]
    options = {"sandbox": "auto"}
    first = regrade.plan(tmp_path / "out", EX, pairs, options)
    first.finish({"crashed": Graded("crashed", EX.name, retry="it crashed"),
                  "fine": Graded("fine", EX.name)})
    cached = json.loads((tmp_path / "out" / "crashed" / "cache.json").read_text())
    assert cached["key"] == "" and cached["retry"] == "it crashed"
    second = regrade.plan(tmp_path / "out", EX, pairs, options)
    assert second.pending == [pairs[0]] and second.why["crashed"] == ["retry"]
    assert set(second.reused) == {"fine"}


# -- a real cluster on 127.0.0.1 ---------------------------------------------------------

def stale_course(folder: Path) -> Path:
    """A copy of the course whose example assignment's hidden suite has one more line (every
    assignment's hidden folder copied: the registry checks the files each one names)."""
    ignore = shutil.ignore_patterns("__pycache__")
    shutil.copytree(ROOT / "solutions", folder / "solutions", ignore=ignore, symlinks=True)
    shutil.copytree(EX.hidden_dir.parent, folder / "autograder" / "hidden", ignore=ignore,
                    symlinks=True)
    first = sorted((folder / "autograder" / "hidden" / EX.name).glob("*.py"))[0]
    first.write_text(first.read_text() + "\n# an older hidden suite\n")
    return folder


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """A scheduler allowing one worker death per task, two workers (with nannies, which
    restart a killed worker process) and a third from a stale copy of the course."""
    base = tmp_path_factory.mktemp("loopback")
    env = {"DASK_DISTRIBUTED__SCHEDULER__ALLOWED_FAILURES": "1"}
    with Loopback(base, env) as loop:
        for name in ("w1", "w2"):
            loop.worker(name, "--preload", str(ROOT / "tests" / "cluster_crash.py"))
        loop.worker("stale", env={"AUTOGRADE_ROOT": str(stale_course(base / "stale-course"))})
        loop.wait_for(3)
        yield loop


def graded_folders(out: Path) -> int:
    return sum(1 for p in out.glob("*/results.json")) if out.is_dir() else 0


@pytest.mark.slow
def test_a_killed_worker_loses_nothing_and_a_stale_one_grades_nothing(cluster, tmp_path):
    klass = tmp_path / "class"
    students = varied_class(klass, EX, CLASS_SIZE)
    autograde("grade", klass, "-a", EX.name, "--skip-slow", "--jobs", "2",
              "--out", tmp_path / "local")

    out = tmp_path / "cluster"
    command = [sys.executable, "-m", "autograder.cli", "grade", str(klass), "-a", EX.name,
               "--skip-slow", "--cluster", str(cluster.scheduler_file), "--out", str(out)]
    proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    victim = cluster.worker_pids()["w1"]
    deadline = time.monotonic() + 300
    while (graded_folders(out) < CLASS_SIZE // 4 and time.monotonic() < deadline
           and proc.poll() is None):
        time.sleep(0.05)
    at_kill = graded_folders(out)
    os.kill(victim, signal.SIGKILL)
    stdout, stderr = proc.communicate(timeout=600)
    assert proc.returncode == 0, stderr[-3000:]
    assert 0 < at_kill < CLASS_SIZE, f"the worker was killed with {at_kill} grades written"

    # the local pool's gradebook, every student once, each test's feedback the same
    assert gradebook(out) == gradebook(tmp_path / "local")
    ids = [row[0] for row in gradebook(out)[1:]]
    assert sorted(ids) == sorted(s.name for s in students) and len(set(ids)) == CLASS_SIZE
    for student in students:
        assert graded_tests(out, student.name) == graded_tests(tmp_path / "local", student.name)
    # the regrade cache and the run's history, as locally
    assert all((out / s.name / "cache.json").is_file() for s in students)
    [run] = (out / "_runs").iterdir()
    assert sorted(p.name for p in run.iterdir()) == ["run.json"]
    manifest = json.loads((run / "run.json").read_text())
    assert sorted(s["id"] for s in manifest["students"]) == sorted(ids)
    assert not any(s["reused"] for s in manifest["students"])
    # the stale worker was named, with both hashes, and graded nothing
    stale = [line for line in stderr.splitlines() if " refused: " in line]
    assert len(stale) == 1 and f"its {EX.name} hidden suite is " in stale[0], stderr[-3000:]
    theirs, ours = stale[0].split(" hidden suite is ")[1].split(", this grader's is ")
    assert theirs[:12] != ours[:12]
    graded_on = [line for line in stderr.splitlines() if line.startswith("graded on ")]
    assert sum(int(line.split(": ")[1].split()[0]) for line in graded_on) == CLASS_SIZE
    assert not any(stale[0].split()[1] in line for line in graded_on)

    # a second run of the unchanged class reuses every grade
    again = autograde("grade", klass, "-a", EX.name, "--skip-slow", "--cluster",
                      cluster.scheduler_file, "--out", out)
    assert f"reused {CLASS_SIZE} earlier grades" in again.stderr
    assert gradebook(out) == gradebook(tmp_path / "local")
    assert len(list((out / "_runs").iterdir())) == 2


@pytest.mark.slow
def test_a_submission_that_kills_its_worker_is_graded_as_a_crash(cluster, tmp_path):
    from cluster_crash import DOOMED

    klass = tmp_path / "class"
    for sid in (DOOMED, "neighbour"):
        (klass / sid).mkdir(parents=True)
        shutil.copy(EX.reference_module, klass / sid)
    out = tmp_path / "out"
    proc = autograde("grade", klass, "-a", EX.name, "--skip-slow", "--json", "--cluster",
                     cluster.scheduler_file, "--out", out)
    results = {r["submission"]: r for r in json.loads(proc.stdout)}
    # full marks for what a module can hold (the notebook's answer cells need a notebook)
    assert results["neighbour"]["max_score"] > 0 and not lost(results["neighbour"])
    crashed = results[DOOMED]
    assert crashed["score"] == 0 and crashed["max_score"] == results["neighbour"]["max_score"]
    report = json.loads((out / DOOMED / "results.json").read_text())
    assert "could not be graded: the grading process stopped 2 times" in report["output"]
    assert f"{DOOMED}: the grading process stopped 2 times while grading it" in proc.stderr
    cached = json.loads((out / DOOMED / "cache.json").read_text())
    assert cached["key"] == "" and "stopped 2 times" in cached["retry"]


def test_a_task_error_is_that_students_problem_and_the_batch_goes_on(cluster, tmp_path):
    """Issue 34: a task that fails for a reason other than a lost worker once ended the batch."""
    from cluster_crash import RAISES

    klass = tmp_path / "class"
    for sid in (RAISES, "neighbour"):
        (klass / sid).mkdir(parents=True)
        shutil.copy(EX.reference_module, klass / sid)
    out = tmp_path / "out"
    proc = autograde("grade", klass, "-a", EX.name, "--skip-slow", "--json", "--cluster",
                     cluster.scheduler_file, "--out", out)
    results = {r["submission"]: r for r in json.loads(proc.stdout)}
    assert results["neighbour"]["max_score"] > 0 and not lost(results["neighbour"])
    assert results[RAISES]["score"] == 0
    said = json.loads((out / RAISES / "results.json").read_text())["output"]
    assert "could not grade this submission (RuntimeError: a task error" in said
    assert f"{RAISES}: grading it failed on the cluster" in proc.stderr
    assert (out / "_report").is_dir()


@pytest.mark.slow
def test_a_local_cluster_with_two_graders_per_worker(tmp_path):
    klass = tmp_path / "class"
    varied_class(klass, EX, 3)
    proc = autograde("grade", klass, "-a", EX.name, "--skip-slow", "--json", "--jobs", "2",
                     "--cluster", "local:1", "--out", tmp_path / "cluster")
    assert [r["submission"] for r in json.loads(proc.stdout)] == ["s00", "s01", "s02"]
    assert "1 worker admitted, 2 graders (--jobs 2 per worker)" in proc.stderr
    assert "graded on tls://127.0.0.1:" in proc.stderr
    local = autograde("grade", klass, "-a", EX.name, "--skip-slow", "--json",
                      "--out", tmp_path / "local")
    assert json.loads(proc.stdout) == json.loads(local.stdout)


@pytest.mark.slow
def test_the_guide_runs_as_written_on_a_fresh_copy(tmp_path):
    """docs/scaling.md's walkthrough: a scheduler and two workers started by hand, a class
    graded, a training check calibrated and an experiment run on them, everything stopped."""
    copy = fresh_checkout(tmp_path / "repo")
    script = walkthroughs((ROOT / "docs" / "scaling.md").read_text())["cluster"]
    env = {**os.environ, "AUTOGRADE_ROOT": str(copy)}
    proc = subprocess.Popen(["bash", "-euo", "pipefail", "-c", script], cwd=copy, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        stdout, stderr = proc.communicate(timeout=600)
    finally:    # whatever the script left running (its scheduler and workers): stopped
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    assert proc.returncode == 0, f"{stdout[-2000:]}\n{stderr[-3000:]}"
    assert "2 workers admitted" in stderr or "1 worker admitted" in stderr
    assert "alice" in stdout and "| reference | 2 |" in stdout
    assert len(list((copy / "grades").glob("*/alice/feedback.md"))) == 1
    assert [p.suffix for p in sorted((copy / "experiment").iterdir())] == [".png", ".md", ".png"]
