"""Pairs of conventions (autograder/engine/causes/pairs.py): a candidate with its sign flipped or
a sum for a mean is named when no single candidate explains the cases, never over a single one
that does, nor where the reference twisted alone comes as close."""
import time
from functools import partial

import torch

from autograder.engine.causes.closest import fits, named
from autograder.engine.causes.evidence import Observation
from autograder.engine.causes.pairs import own_size, pairs, scaled
from autograder.engine.causes.relations import sizes
from autograder.engine.compare import _judge_value
from pgcheck.calls import CallResult

XS = [torch.tensor([0.5, -1.25, 2.0, 0.75], dtype=torch.float64),
      torch.tensor([1.5, 0.25, -3.0, 4.0, -0.5, 2.5], dtype=torch.float64)]


def reference(x):
    return (x * x.abs()).mean()


def clipped(x):         # a convention: the square clipped at 1
    return (x * x.abs().clamp(max=1.0)).mean()


def cubed(x):           # another one
    return (x ** 3).mean()


CANDIDATES = [("clipped", "clips the square", clipped), ("cubed", "cubes", cubed)]


def cases(student):
    return [Observation("f", "value", (x,), {}, student(x), reference(x),
                        partial(_judge_value, case=""), key=f"c{i}") for i, x in enumerate(XS)]


def answer(fn, obs):
    return fn(*obs.args)


def named_pair(student):
    return pairs(cases(student), CANDIDATES, answer, partial(sizes, reference))


def test_a_convention_negated_or_summed_is_named_as_a_pair():
    near = named_pair(lambda x: -clipped(x))
    assert near is not None and near.names == ("clipped+negated",) and near.exact
    assert near.text.startswith("clips the square; besides, the sign")
    summed = named_pair(lambda x: (x * x.abs().clamp(max=1.0)).sum())
    assert summed is not None and summed.names == ("clipped+times the length of `x`",)
    assert "sums over the length of `x`" in summed.text


def test_a_small_second_deviation_is_tolerated_a_large_one_is_not():
    near = named_pair(lambda x: -clipped(x) * (1 + 1e-6))
    assert near is not None and near.names == ("clipped+negated",)
    assert named_pair(lambda x: -clipped(x) * 1.3) is None


def test_a_pair_as_close_as_the_reference_twisted_is_not_named():
    """A candidate equal to the reference where the cases tell them apart names nothing."""
    same = [("same", "the same", lambda x: reference(x) + 0.0)]
    assert pairs(cases(lambda x: -reference(x)), same, answer) is None


def test_the_engine_tries_pairs_only_where_no_single_candidate_fits():
    assert fits(cases(clipped), CANDIDATES, answer)        # a single one: pairs not tried
    assert named(fits(cases(clipped), CANDIDATES, answer)).names == ("clipped",)
    assert not fits(cases(lambda x: -clipped(x)), CANDIDATES, answer)


def test_a_gradient_reply_is_scaled_whole():
    reply = CallResult(torch.tensor(2.0), [torch.tensor([1.0, -1.0]), None])
    out = scaled(reply, -2.0)
    assert float(out.value) == -4.0 and out.grads[0].tolist() == [-2.0, 2.0]
    assert out.grads[1] is None


def test_pairs_cost_little():
    """Twenty candidates, every twist, ten cases: bounded (about 0.1 s on a quiet machine;
    the bound leaves room for a loaded one)."""
    many = [(f"c{k}", f"text {k}", lambda x, k=k: (x * x.abs().clamp(max=1.0 + k)).mean())
            for k in range(20)]
    observed = cases(lambda x: 3.0 * reference(x)) * 5
    start = time.perf_counter()
    pairs(observed, many, answer, partial(sizes, reference))
    assert time.perf_counter() - start < 5.0



def test_an_answer_of_zeros_is_not_explained_by_a_candidate_divided_by_a_size():
    """Dividing shrinks any candidate towards zeros: a pair must match the student's answer
    by that answer's own size, and an answer of zeros has none."""
    def observed(student):
        return [Observation("f", "value", (x,), {}, student(x), x * x.abs(),
                            partial(_judge_value, case=""), key=f"z{i}")
                for i, x in enumerate(XS)]

    def shrunk(_, obs):
        return 1e-4 * obs.args[0]
    assert not own_size(observed(torch.zeros_like), None, shrunk)
    assert own_size(observed(lambda x: 1e-4 * x), None, shrunk)
    assert own_size(observed(lambda x: 1e-4 * x * (1 + 1e-6)), None, shrunk)
