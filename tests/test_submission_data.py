"""Submissions are data (issue 22, point 1): nothing a student hands in is followed or over-read.

A class of attacks through the file system and through zips (``tests/submission_attacks.py``:
links to the reference, to a classmate, to a planted secret standing in for ``/etc/shadow``, a
student folder that is a link to ``solutions/<name>``, a hard link, a named pipe, a character
device, zip members stored as links, bzip2, lzma, a deflated member lying about its size,
100,000 members, an oversized file) beside a correct neighbour. Every place that reads
submissions is tried on it: discovery (in process, with the memory it allocates traced),
regrade planning, similarity, ``check.py --zip``, the Gradescope route's walk, and, end to
end and as a TA runs it, ``autograde grade`` then ``autograde similarity`` (slow: it builds a
bzip2 member that expands to 512 MiB, and compares the grader's peak memory with a run of
the neighbour alone). Hypothesis fuzzes the zip and notebook readers: any bytes give a
submission or a problem, within bounded time and memory.
"""
import io
import json
import os
import shutil
import subprocess
import sys
import time
import tracemalloc
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import submission_attacks as attacks
from autograder.authoring import course
from autograder.engine.discover import discover
from autograder.platforms import gradescope
from autograder.batch import regrade
from autograder.review import similarity
from conftest import ROOT, lost
from pgcheck import cli, files
from pgcheck.discovery import KINDS, read, shallowest_work, submission_zip_name

EX = course.example()
ARCHIVE = submission_zip_name(EX.name)
#: what reading any one submission may allocate: the largest file read whole (a zip at its
#: limit) twice over (chunks, then joined), and room for zipfile's own structures
READ_BUDGET = 2 * files.ARCHIVE_BYTES + (4 << 20)


def build_class(folder: Path, bomb_mib: int = 32) -> tuple[Path, dict[str, str], Path]:
    secret = attacks.plant_secret(folder / "elsewhere")
    expected = attacks.build(folder / "class", EX.name, EX.reference_module,
                             EX.source_dir / f"{EX.name}.ipynb", EX.source_dir, secret,
                             bomb_mib=bomb_mib)
    return folder / "class", expected, secret


@pytest.fixture(scope="module")
def attack_class(tmp_path_factory):
    return build_class(tmp_path_factory.mktemp("data"))


def traced(fn, *args):
    """``fn(*args)`` and the most memory Python allocated meanwhile."""
    tracemalloc.start()
    try:
        return fn(*args), tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_every_attack_is_refused_by_name_unread(attack_class):
    folder, expected, _ = attack_class
    pairs = dict(discover([folder], EX.name))
    assert set(pairs) == set(expected) | {attacks.NEIGHBOUR}, "discovery lost a student"
    for sid, sentence in expected.items():
        sub, peak = traced(read, sid, pairs[sid], EX.name, EX.functions)
        assert sub.problem.startswith(sentence), (sid, sub.problem)
        assert not sub.kind and not sub.raw and not sub.source and not sub.cells, sid
        assert str(folder) not in sub.problem and attacks.SECRET not in sub.problem, sid
        assert peak < READ_BUDGET, f"{sid}: reading it allocated {peak >> 20} MiB"
    neighbour = read(attacks.NEIGHBOUR, pairs[attacks.NEIGHBOUR], EX.name, EX.functions)
    assert not neighbour.problem and neighbour.raw == EX.reference_module.read_bytes()


def test_a_device_node_is_refused_unopened(attack_class):
    if os.geteuid() != 0:
        pytest.skip("NOT CHECKED: a character device as the graded file (mknod needs root)")
    _, expected, _ = attack_class
    assert expected["char-device"].endswith("is a character device, not a file")


def test_regrade_planning_and_similarity_read_the_class_as_data(attack_class, tmp_path):
    folder, expected, _ = attack_class
    pairs = discover([folder], EX.name)
    plan, peak = traced(regrade.plan, tmp_path / "out", EX, pairs, {"sandbox": "auto"})
    assert peak < READ_BUDGET + (8 << 20), f"planning allocated {peak >> 20} MiB"
    assert set(plan.parts) == set(expected) | {attacks.NEIGHBOUR}
    # a link to the neighbour's or the reference's file is not the same submission as theirs
    prints = {sid: parts["submission"] for sid, parts in plan.parts.items()}
    assert prints["link-to-classmate"] != prints[attacks.NEIGHBOUR]
    assert prints["link-to-reference"] != prints[attacks.NEIGHBOUR]

    docs, _ = similarity.collect(folder, EX)
    assert [d.student for d in docs] == [attacks.NEIGHBOUR], "only readable work is compared"
    assert all(attacks.SECRET not in d.code for d in docs)


def test_check_zip_refuses_a_link_and_packs_the_bytes_it_checked(tmp_path, capsys):
    folder = tmp_path / EX.name                      # the student's unzipped bundle
    shutil.copytree(EX.release_dir, folder)
    (folder / f"{EX.name}.ipynb").unlink()
    module = folder / f"{EX.name}.py"
    module.unlink()
    module.symlink_to(EX.reference_module)          # "a classmate's file"
    assert cli.main(EX.name, EX.functions, [str(folder), "--zip"], here=folder) == 2
    said = capsys.readouterr().out
    assert f"{EX.name}.py is a symbolic link; submit the file itself" in said
    assert not (folder / ARCHIVE).exists() and not (folder / ARCHIVE).is_symlink()

    module.unlink()
    shutil.copy(EX.release_dir / f"{EX.name}.py", module)
    victim = tmp_path / "victim.txt"
    victim.write_text("untouched")
    (folder / ARCHIVE).symlink_to(victim)            # a zip "already there" that is a link
    assert cli.main(EX.name, EX.functions, [str(folder), "--zip"], here=folder) == 1
    assert "is already there and is not a plain file" in capsys.readouterr().out
    assert victim.read_text() == "untouched"

    (folder / ARCHIVE).unlink()
    assert cli.main(EX.name, EX.functions, [str(folder), "--zip"], here=folder) == 0
    with zipfile.ZipFile(folder / ARCHIVE) as zf:
        [info] = zf.infolist()
        assert info.filename == module.name and zf.read(info) == module.read_bytes()
        assert files.not_a_file(info.external_attr >> 16, info.filename) is None


def test_zip_symlinks_then_unzip_is_refused_both_ways(tmp_path):
    """The issue's route, with the real tools: ``zip --symlinks`` by the student, an
    ordinary ``unzip`` by the TA (or the zip handed in as it is)."""
    if not (shutil.which("zip") and shutil.which("unzip")):
        pytest.skip("NOT CHECKED: Info-ZIP's zip and unzip are not installed")
    secret = attacks.plant_secret(tmp_path / "elsewhere")
    home = tmp_path / "student"
    home.mkdir()
    (home / f"{EX.name}.py").symlink_to(secret)
    subprocess.run(["zip", "-q", "--symlinks", str(tmp_path / ARCHIVE), f"{EX.name}.py"],
                   cwd=home, check=True)
    as_zip = tmp_path / "handed-in"
    as_zip.mkdir()
    shutil.copy(tmp_path / ARCHIVE, as_zip / ARCHIVE)
    sub = read("a", as_zip, EX.name)
    assert sub.problem.startswith(f"{EX.name}.py in {ARCHIVE} is a symbolic link"), sub.problem
    unzipped = tmp_path / "class" / "a"
    unzipped.mkdir(parents=True)
    subprocess.run(["unzip", "-q", str(tmp_path / ARCHIVE)], cwd=unzipped, check=True)
    assert (unzipped / f"{EX.name}.py").is_symlink()
    sub = read("a", unzipped, EX.name)
    assert sub.problem == f"{EX.name}.py is a symbolic link; submit the file itself"


def test_gradescope_walk_enters_no_link_and_stops(tmp_path):
    upload = tmp_path / "submission"
    (upload / "work" / "nested").mkdir(parents=True)
    shutil.copy(EX.release_dir / f"{EX.name}.py", upload / "work" / "nested")
    (upload / "a-link").symlink_to(EX.source_dir, target_is_directory=True)   # shallower
    assert gradescope.find_submission(upload, EX.name) == upload / "work" / "nested"

    flat = tmp_path / "flat"
    flat.mkdir()
    (flat / f"{EX.name}.py").symlink_to(EX.reference_module)
    assert gradescope.find_submission(flat, EX.name) == flat
    assert read("submission", flat, EX.name).problem.endswith("is a symbolic link; submit "
                                                              "the file itself")
    wide = tmp_path / "wide"
    for i in range(60):
        (wide / f"d{i:02}").mkdir(parents=True)
    shutil.copy(EX.release_dir / f"{EX.name}.py", wide / "d59")
    assert shallowest_work(wide, EX.name) == wide / "d59"
    assert shallowest_work(wide, EX.name, entries=30) is None, "the walk must stop"


def test_the_limits_hold_every_correct_answer_with_room():
    """The limits come from what correct work needs: every assignment's reference module
    and solved notebook fit twenty times over."""
    for assignment in course.assignments().values():
        for kind in KINDS:
            path = assignment.source_dir / f"{assignment.name}.{kind}"
            assert 20 * path.stat().st_size < files.LIMITS[kind], path.name
    assert files.ARCHIVE_BYTES > files.NOTEBOOK_BYTES


# -- fuzzing the readers -----------------------------------------------------------------------

def _valid_zips() -> list[bytes]:
    code = EX.reference_module.read_bytes()
    module = f"{EX.name}.py"
    made = [attacks.zip_of(module, [code], method) for method in
            (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2)]
    made.append(attacks.symlink_zip(module, "/etc/shadow"))
    two = io.BytesIO()
    with zipfile.ZipFile(two, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(f"work/{module}", code)
        zf.writestr(f"{EX.name}.ipynb", (EX.source_dir / f"{EX.name}.ipynb").read_bytes())
    made.append(two.getvalue())
    return made


VALID_ZIPS = _valid_zips()
FUZZ = settings(max_examples=100, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def check_reads(path: Path) -> None:
    """Reading ``path`` gives work or a problem, never an exception, within bounds."""
    start = time.monotonic()
    sub, peak = traced(read, "fuzz", path.parent, EX.name, EX.functions)
    assert time.monotonic() - start < 5, "reading one small file took seconds"
    assert peak < READ_BUDGET, f"reading it allocated {peak >> 20} MiB"
    if sub.problem:
        assert not sub.kind and isinstance(sub.problem, str)
    else:
        assert sub.kind in KINDS and len(sub.raw) <= files.LIMITS[sub.kind]
        if sub.kind == "ipynb":
            assert all(isinstance(i, int) and isinstance(c, str) for i, c in sub.cells)


def test_fuzz_zip_reader(tmp_path):
    target = tmp_path / "s" / ARCHIVE
    target.parent.mkdir()

    @FUZZ
    @given(st.sampled_from(VALID_ZIPS), st.lists(st.tuples(st.floats(0, 1), st.integers(0, 255)),
                                                  max_size=6),
           st.floats(0.2, 1.0), st.binary(max_size=64))
    @example(VALID_ZIPS[0], [], 1.0, b"")
    def mutated(data, flips, keep, tail):
        data = bytearray(data[:max(1, int(len(data) * keep))] + tail)
        for where, value in flips:
            data[min(int(where * len(data)), len(data) - 1)] = value
        target.write_bytes(bytes(data))
        check_reads(target)

    @FUZZ
    @given(st.binary(max_size=1024))
    def arbitrary(data):
        target.write_bytes(b"PK\x03\x04" + data)
        check_reads(target)

    mutated()
    arbitrary()


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=20)
CELLS = st.lists(st.fixed_dictionaries({"cell_type": st.sampled_from(["code", "markdown", 4]),
                                        "source": st.one_of(st.text(), st.lists(JSON))}),
                 max_size=5)
NOTEBOOKS = st.fixed_dictionaries({"nbformat": st.sampled_from([4, 3, "4", None]),
                                   "cells": st.one_of(CELLS, JSON)}) | JSON


def test_fuzz_notebook_reader(tmp_path):
    target = tmp_path / "s" / f"{EX.name}.ipynb"
    target.parent.mkdir()

    @FUZZ
    @given(st.one_of(NOTEBOOKS.map(lambda nb: json.dumps(nb).encode()), st.binary(max_size=512)))
    @example(b"[" * 100_000)
    @example(b'{"nbformat": 4, "cells": [' + b'{"cell_type": "code", "source": "x"},' * 9 + b"1]}")
    def any_bytes(data):
        target.write_bytes(data)
        check_reads(target)

    any_bytes()


# -- end to end, as the TA grades ---------------------------------------------------------------

#: runs a command and reports the largest resident set of any process it started
PEAK = ("import resource, subprocess, sys\n"
        "code = subprocess.run(sys.argv[1:]).returncode\n"
        "sys.stderr.write(f'\\nPEAK_KIB={resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}')\n"
        "sys.exit(code)\n")


def autograde_peak(*args) -> tuple[subprocess.CompletedProcess, int]:
    """``autograde ARGS`` and the peak RSS (bytes) of its largest process (grader, pool
    processes, fork servers and workers alike)."""
    proc = subprocess.run([sys.executable, "-c", PEAK, sys.executable, "-m", "autograder.cli",
                           *map(str, args)], capture_output=True, text=True, cwd=ROOT,
                          timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc, int(proc.stderr.rsplit("PEAK_KIB=", 1)[1]) * 1024


def texts_under(folder: Path):
    for path in folder.rglob("*"):
        if path.is_file() and not path.is_symlink():
            yield path, path.read_bytes()


@pytest.mark.slow
def test_a_class_of_attacks_scores_zero_as_the_ta_grades_it(tmp_path):
    folder, expected, _ = build_class(tmp_path, bomb_mib=512)
    variant = sorted((ROOT / "tests" / "variants" / EX.name).glob(f"*/{EX.name}.py"))[0]
    correct = {attacks.NEIGHBOUR, "zz-variant"}      # two readable students to compare
    shutil.copytree(variant.parent, folder / "zz-variant")
    alone = tmp_path / "alone"
    shutil.copytree(folder / attacks.NEIGHBOUR, alone / attacks.NEIGHBOUR)
    _, baseline = autograde_peak("grade", alone, "-a", EX.name, "--out", tmp_path / "base",
                                 "--json")
    out = tmp_path / "out"
    proc, peak = autograde_peak("grade", folder, "-a", EX.name, "--out", out, "--json")
    results = {r["submission"]: r for r in json.loads(proc.stdout)}

    for sid in correct:
        assert results[sid]["max_score"] > 0 and not lost(results[sid]), sid
    assert set(results) == set(expected) | correct
    for sid, sentence in expected.items():
        assert results[sid]["score"] == 0, sid
        assert all(t["output"].startswith(sentence) for t in results[sid]["tests"]), sid
        assert sentence in (out / sid / "feedback.md").read_text(), sid
    assert peak < baseline + (300 << 20), \
        f"grader peak {peak >> 20} MiB vs {baseline >> 20} MiB for the neighbour alone"

    again, _ = autograde_peak("grade", folder, "-a", EX.name, "--out", out, "--json")
    assert f"reused {len(results)} earlier grades" in again.stderr     # planning re-read all
    assert {r["submission"]: r["score"] for r in json.loads(again.stdout)} == \
        {sid: r["score"] for sid, r in results.items()}
    similar, _ = autograde_peak("similarity", out, "-a", EX.name)
    found = json.loads((out / regrade.REPORT / f"{EX.name}-similarity.json").read_text())
    assert found["students"] == sorted(correct), "a refused submission was compared"

    secret = attacks.SECRET.encode()
    leaked = [str(p) for p, data in texts_under(out) if secret in data]
    for run in (proc, again, similar):
        assert attacks.SECRET not in run.stdout + run.stderr
    assert not leaked, f"the planted secret reached {leaked}"
