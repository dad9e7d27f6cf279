"""The hidden suites are strong and fair, measured on two banks graded together:

* ``tests/mutants/<name>/`` (the bank kept with the hidden suite, linked here): plausible
  one-idea mistakes. Every one must lose at least one point, every one with a ``HINT``
  must get that hint in its feedback (at least half of the bank has one), every one with a
  ``FEEDBACK`` must get those words (a diagnosis computed from the numbers), and one with
  ``LOSES`` (a precision-only mistake, such as ``.float()`` masks on float64 rollouts) may
  lose no test outside that group.
* ``tests/variants/<name>/<variant>/``: correct solutions written differently. Every one
  must score full marks, and no hint may ever be shown to one.

Run with ``-s`` to see the kill rate and the hint coverage.
"""
import shutil

import pytest

from autograder.authoring import course

from autograder.engine import lint, mutants
from conftest import ROOT, grade_json, lost, make_submission

ASSIGNMENTS = sorted(course.assignments())
#: the bar, one place for these tests and ``autograde lint`` (which also says what to add)
MIN_BANK, MIN_VARIANTS = lint.MIN_MISTAKES, lint.MIN_VARIANTS


def feedback_text(result) -> str:
    return "\n".join(t["output"] for t in result["tests"])


@pytest.mark.parametrize("name", ASSIGNMENTS)
def test_bank_is_linked_and_documented(name):
    """tests/mutants/<name> is the bank the grader uses for hints, and each mistake says what it is."""
    linked = ROOT / "tests" / "mutants" / name
    assert linked.resolve() == (course.get(name).hidden_dir / "mutants").resolve()
    bank = mutants.bank(course.get(name))
    assert len(bank) >= MIN_BANK, f"{name}: only {len(bank)} mutants ({lint.counts(course.get(name))})"
    for m in bank:
        assert m.doc, f"{m.path} needs a docstring saying what it gets wrong"
    hinted = [m for m in bank if m.hint]
    assert 2 * len(hinted) >= len(bank), f"{name}: only {len(hinted)} of {len(bank)} have a HINT"


@pytest.mark.slow
@pytest.mark.parametrize("name", ASSIGNMENTS)
def test_mutants_lose_points_and_variants_keep_them(name, tmp_path, capsys):
    bank = mutants.bank(course.get(name))
    batch = tmp_path / "batch"
    for m in bank:
        make_submission(batch / f"mutant-{m.name}", name, m.materialize())
    variants = sorted(p.name for p in (ROOT / "tests" / "variants" / name).iterdir() if p.is_dir())
    assert len(variants) >= MIN_VARIANTS, f"{name}: only {len(variants)} variants"
    for v in variants:
        shutil.copytree(ROOT / "tests" / "variants" / name / v, batch / f"variant-{v}")
    # the cart-pole run is left out here (tests/test_cartpole.py and `autograde calibrate`)
    results, _ = grade_json([batch], name, tmp_path / "out", "--jobs", "2", "--skip-slow")

    survivors = [m.name for m in bank if not lost(results[f"mutant-{m.name}"])]
    unhinted = [m.name for m in bank
                if m.hint and m.hint not in feedback_text(results[f"mutant-{m.name}"])]
    undiagnosed = [m.name for m in bank
                   if m.feedback and m.feedback not in feedback_text(results[f"mutant-{m.name}"])]
    overcharged = {m.name: [t["name"] for t in lost(results[f"mutant-{m.name}"])
                            if not t["name"].startswith(m.loses_only + ":")]
                   for m in bank if m.loses_only}
    overcharged = {k: v for k, v in overcharged.items() if v}
    rejected = {v: [t["name"] for t in lost(results[f"variant-{v}"])] for v in variants}
    rejected = {v: names for v, names in rejected.items() if names}
    hinted_variants = [v for v in variants
                       if "likely cause:" in feedback_text(results[f"variant-{v}"])]
    with capsys.disabled():
        print(f"\n{name}: killed {len(bank) - len(survivors)}/{len(bank)} mutants, "
              f"hint shown for {sum(1 for m in bank if m.hint) - len(unhinted)}/{len(bank)}, "
              f"variants at full marks {len(variants) - len(rejected)}/{len(variants)}")
    assert not survivors, f"mutants that kept full marks: {survivors}"
    assert not unhinted, f"mutants whose hint did not fire: {unhinted}"
    assert not undiagnosed, f"mutants whose diagnosis did not show: {undiagnosed}"
    assert not overcharged, f"precision-only mistakes that lost other tests: {overcharged}"
    assert not rejected, f"correct variants that lost points: {rejected}"
    assert not hinted_variants, f"variants shown a misconception hint: {hinted_variants}"


@pytest.mark.parametrize("name", ASSIGNMENTS)
def test_fuzz_draws_call_every_function_within_the_contract(name):
    """The benchmark's random inputs (hidden/<name>/fuzz.py) call every graded function, in
    both dtypes, and the reference answers each call: they are inputs the contract allows."""
    import importlib.util

    import torch

    from autograder.engine.plugin import reference_module

    assignment = course.get(name)
    spec = importlib.util.spec_from_file_location(f"_fuzz_{name}", assignment.hidden_dir / "fuzz.py")
    fuzz = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fuzz)
    reference, called = reference_module(assignment), set()
    for seed in range(3):
        for dtype in (torch.float32, torch.float64):
            for fn, args, kwargs, wrt in fuzz.calls(torch.Generator().manual_seed(seed), dtype):
                getattr(reference, fn)(*args, **kwargs)
                assert all(isinstance(args[i], torch.Tensor) for i in wrt), (fn, wrt)
                called.add(fn)
    assert called == set(assignment.functions)


@pytest.mark.slow
def test_mutation_benchmark_sample():
    """A sample of benchmarks/bench_mutation.py (the full run is the benchmark): tool-made
    mutants of the example assignment's solution regions, equivalents removed by differential
    testing, the rest graded by the real grader. Every one is killed, and a named cause is right
    (its replay is the mutant on every random case) at least 95 % of the time."""
    import sys

    sys.path.insert(0, str(ROOT / "benchmarks"))
    import bench_mutation

    figures = bench_mutation.main(["--assignment", course.example().name, "--sample", "12",
                                   "--seed", "1"])
    (row,) = figures["this checkout"]
    assert row["generated"] == 12 and row["graded"] >= 8, row
    assert not row["survivors"], row["survivors"]
    assert row["hints"] == 0 or row["right"] >= 0.95 * row["hints"], row["wrong"]
