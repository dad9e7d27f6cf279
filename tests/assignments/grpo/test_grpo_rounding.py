"""The float64 precision test names float32 rounding only where float32 rounding reproduces the
answer (autograder/engine/causes/diagnoses.py, float32_reproduces): an extra eps or another
small constant moves an answer by as little, and is not a float32 intermediate.

Each file of tests/assignments/grpo/rounding/ is a function of grpo or grpo_lm that keeps float32
precision but not float64's, ``ROUNDED`` saying whether a float32 intermediate is the cause (None:
the numbers cannot tell it from an extra constant, and the feedback names both); the
bank's two float32 mistakes of gae and ppo (their FEEDBACK) keep the words too. Each runs the
hidden suite's own precision test in this process, through the grader's compare fixture."""
import importlib
from pathlib import Path
from types import SimpleNamespace

import pytest

from autograder.authoring import course
from autograder.engine.assertions import Mismatch
from autograder.engine.causes import Causes
from autograder.engine.compare import Compare
from autograder.engine.mutants import Mutant
from autograder.engine.plugin import reference_module
from pgcheck.assertions import ROUNDED, rounding_diagnosis

HERE = Path(__file__).resolve().parent / "rounding"
ROOT = Path(__file__).resolve().parents[3]
#: the function -> (assignment, the hidden precision test of it)
PRECISION = {"group_advantages": ("grpo", "test_group_advantages_float64_precision"),
             "sequence_logprob": ("grpo", "test_sequence_logprob_float64_precision"),
             "grpo_loss": ("grpo", "test_grpo_loss_float64_precision"),
             "tis_weights": ("grpo_lm", "test_tis_float64_precision"),
             "td_residuals": ("gae", "test_td_residuals_float64_precision"),
             "compute_gae": ("gae", "test_compute_gae_float64_precision"),
             "ppo_clip_loss": ("ppo", "test_ppo_clip_loss_float64_precision")}
#: the bank's float32 mistakes, whose FEEDBACK is the rounding's words
BANK = [("gae", "float_masks"), ("ppo", "float32_advantages")]


class Student:
    """The functions of a namespace, answered as the sandbox's proxy answers a test."""

    def __init__(self, namespace):
        self.namespace, self.session = namespace, None

    def __getattr__(self, fn):
        function = self.namespace[fn]
        return SimpleNamespace(on=lambda case, seconds, answer: function)


def diagnosis(fn: str, namespace: dict) -> str:
    """The diagnosis of the hidden precision test of ``fn`` for the student's ``namespace``."""
    name, test = PRECISION[fn]
    assignment = course.get(name)
    reference = reference_module(assignment)
    merged = {**vars(reference), **namespace}
    compare = Compare(Student(merged), reference, Causes(assignment))
    hidden = importlib.import_module(f"autograder.hidden.{name}.test_{name}")
    with pytest.raises(Mismatch) as info:
        getattr(hidden, test).__wrapped__(compare) if hasattr(getattr(hidden, test), "__wrapped__") \
            else getattr(hidden, test)(compare)
    return info.value.diagnosis


def _files():
    for p in sorted(HERE.glob("*.py")):
        yield pytest.param(p, id=p.stem)


@pytest.mark.parametrize("path", list(_files()))
def test_rounding_is_named_only_where_it_reproduces_the_answer(path):
    """Each function the file defines: the rounding's words where ``ROUNDED``, else none."""
    module = Mutant(path.stem, path, course.get("grpo"))
    functions = [fn for fn in module.functions if fn in PRECISION]
    assert functions
    for fn in functions:
        namespace = Mutant(path.stem, path, course.get(PRECISION[fn][0])).load()
        said = diagnosis(fn, namespace)
        assert "float32 precision" in said, said
        rounded = module._constant("ROUNDED")
        assert (ROUNDED in said) == bool(rounded), said
        assert rounded is not None or rounding_diagnosis(False) == said, said


@pytest.mark.parametrize("name,mistake", BANK, ids=[m for _, m in BANK])
def test_the_banks_float32_mistakes_keep_the_rounding(name, mistake):
    path = ROOT / "autograder" / "hidden" / name / "mutants" / f"{mistake}.py"
    mutant = Mutant(mistake, path, course.get(name))
    namespace = mutant.load()
    for fn in mutant.functions:
        if fn in PRECISION:
            assert ROUNDED in diagnosis(fn, namespace), fn


def test_the_numbers_alone_show_rounding_only_where_they_scatter_as_rounding_does():
    """pgcheck.rounding.rounding_shows on made-up numbers: float32's grid and scattered
    differences show it; one number, every number scaled one way, one constant added, or one
    change per row do not."""
    import torch

    from pgcheck.rounding import rounding_shows
    g = torch.Generator().manual_seed(0)
    want = torch.randn(4, 6, generator=g, dtype=torch.float64)
    scattered = want + torch.randn(4, 6, generator=g, dtype=torch.float64) * 1e-7
    rows = torch.tensor([[1 + 3e-8], [1 - 2e-8], [1 + 5e-8], [1 - 4e-8]], dtype=torch.float64)
    assert rounding_shows(want.float().double(), want)
    assert rounding_shows(scattered, want)
    assert rounding_shows(want * rows, want)          # a row's own number rounded, both ways
    assert not rounding_shows(want * (1 - 1e-8), want)
    assert not rounding_shows(want + 1e-8, want)
    assert not rounding_shows(want * rows.abs().clamp(max=1) + 1e-8, want)
    assert not rounding_shows(want[0, 0] + 1e-8, want[0, 0])
