"""Impulses (autograder/engine/causes/impulses.py): a linear function's matrix read in words,
generic parts only (the assignments' cases are in tests/assignments/<name>/causes/impulse_*)."""
import torch

from autograder.engine.causes import impulses as I


def test_a_discounted_sum_is_read_from_its_matrix():
    """A reward-to-go cut at a flag of the steps between t and k, and the same cut one step
    late, are told apart by their matrices alone."""
    T, gamma = 6, 0.7
    flags = {"done": torch.tensor([False, True, False, False, True, False])}
    right = I.Sum("k >= t", "gamma", "k - t", ("done", 0))
    late = I.Sum("k >= t", "gamma", "k - t", ("done", 1))
    for s in (right, late):
        found = I.read_sum(I.sum_matrix(s, T, {"gamma": gamma}, flags), {"gamma": gamma}, flags)
        assert s in found and (late if s == right else right) not in found


def test_per_step_weights_are_read_by_diagonal():
    T = 5
    flags = {"done": torch.tensor([False, True, False, False, False])}
    reading = frozenset({(0, "-1", ""), (1, "gamma", "(1 - `done`[t])")})
    D = I.weight_matrix(reading, T, {"gamma": 0.9}, flags)
    assert reading in I.read_weights(D, {"gamma": 0.9}, flags)
    assert I.read_weights(torch.ones(T, T), {"gamma": 0.9}, flags) is None


def test_an_answer_that_is_not_linear_gives_no_matrix():
    """A standardised answer is not zero on zero inputs' neighbours alone: the zero answer of
    an affine function (an offset) refuses the reading."""
    spec = I.linear("f", ("rewards",), decays={"gamma": lambda a: a["gamma"]})
    case = I.case_of(spec, {"rewards": torch.ones(3, dtype=torch.float64), "gamma": 0.5})
    answers = [p["rewards"] + 1.0 for p in I.probes(spec, case)]
    assert I.matrices(spec, case, answers) is None
