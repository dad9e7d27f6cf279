"""Impulses (autograder/engine/causes/impulses.py, matrix_words.py): a linear function's matrix
read in words, generic parts only (the assignments' cases are in
tests/assignments/<name>/causes/impulse_*)."""
from dataclasses import dataclass
from pathlib import Path

import torch

from autograder.engine.causes import impulses as I
from autograder.engine.causes import matrix_words as M


def test_a_discounted_sum_is_read_from_its_matrix():
    """A reward-to-go cut at a flag of the steps between t and k, and the same cut one step
    late, are told apart by their matrices alone."""
    T, gamma = 6, 0.7
    flags = {"done": torch.tensor([False, True, False, False, True, False])}
    right = M.Sum("k >= t", "gamma", "k - t", ("done", 0))
    late = M.Sum("k >= t", "gamma", "k - t", ("done", 1))
    for s in (right, late):
        found = M.read_sum(M.sum_matrix(s, T, {"gamma": gamma}, flags), {"gamma": gamma}, flags)
        assert s in found and (late if s == right else right) not in found


def test_per_step_weights_are_read_by_diagonal():
    T = 5
    flags = {"done": torch.tensor([False, True, False, False, False])}
    reading = frozenset({(0, "-1", ""), (1, "gamma", "(1 - `done`[t])")})
    D = M.weight_matrix(reading, T, {"gamma": 0.9}, flags)
    assert reading in M.read_weights(D, {"gamma": 0.9}, flags)
    assert M.read_weights(torch.ones(T, T), {"gamma": 0.9}, flags) is None


def test_an_answer_that_is_not_linear_gives_no_matrix():
    """An affine answer (an offset added) is not read: its answer on all-zero inputs is not
    zero."""
    spec = I.linear("f", ("rewards",), decays={"gamma": lambda a: a["gamma"]})
    case = I.case_of(spec, {"rewards": torch.ones(3, dtype=torch.float64), "gamma": 0.5})
    answers = [p["rewards"] + 1.0 for p in I.probes(spec, case)]
    assert I.matrices(spec, case, answers) is None


def _judge(actual, expected):
    if not torch.allclose(torch.as_tensor(actual, dtype=torch.float64),
                          torch.as_tensor(expected, dtype=torch.float64), rtol=1e-6, atol=1e-8):
        raise AssertionError("differs")


def _reward_to_go(rewards, done, gamma):
    out, running = torch.zeros_like(rewards), torch.zeros((), dtype=rewards.dtype)
    for t in reversed(range(len(rewards))):
        running = rewards[t] + gamma * (~done[t]).to(rewards.dtype) * running
        out[t] = running
    return out


def _late_cut(rewards, done, gamma):
    """Cut by the next step's flag, and float32 inside."""
    out, running = torch.zeros(len(rewards)), torch.zeros(())
    for t in reversed(range(len(rewards))):
        keep = 1.0 - float(done[t + 1]) if t + 1 < len(rewards) else 1.0
        running = float(rewards[t]) + gamma * keep * running
        out[t] = running
    return out.to(rewards.dtype)


def _standardised(rewards, done, gamma):
    g = _reward_to_go(rewards, done, gamma)
    return (g - g.mean()) / (g.std() + 1e-8)


@dataclass(frozen=True)
class Toy:
    hidden_dir: Path
    name: str


def _grade(tmp_path, student):
    """Another linear function, declared in a course of its own: explain's cause, and the
    items it asked."""
    from autograder.engine.causes.evidence import Observation
    (tmp_path / "impulses.py").write_text(
        "from autograder.engine.causes.impulses import linear\n"
        "togo = linear('togo', ('rewards',), decays={'gamma': lambda a: a['gamma']},\n"
        "              flags={'done': lambda a: a['done']}, row='reward-to-go')\n")
    assignment = Toy(tmp_path, f"toy{student.__name__}")
    g = torch.Generator().manual_seed(0)
    observations = []
    for T, ends in ((6, [2]), (8, [1, 5]), (5, [])):
        done = torch.zeros(T, dtype=torch.bool)
        done[ends] = True
        args = (torch.randn(T, generator=g, dtype=torch.float64), done, 0.8)
        observations.append(Observation("togo", "value", args, {}, student(*args),
                                        _reward_to_go(*args), _judge))
    asked = []

    def ask(fn, items, seconds):
        asked.extend(items)
        return [student(*item) for item in items]
    return I.explain(assignment, "togo", observations, _reward_to_go, ask), asked


def test_another_linear_function_is_covered_by_declaring_it(tmp_path):
    found, asked = _grade(tmp_path, _late_cut)
    assert found and "next step's `done` (one step late)" in found[0], found
    assert len(asked) <= I.MAX_CALLS


def test_no_cause_for_a_right_or_a_standardised_answer(tmp_path):
    assert _grade(tmp_path, _reward_to_go)[0] is None
    assert _grade(tmp_path, _standardised)[0] is None
