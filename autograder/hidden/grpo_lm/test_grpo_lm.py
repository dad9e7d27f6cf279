"""Hidden suite for `grpo_lm`: the verifier on right, wrong and junk answers; the TIS weights.

Ideas graded (test groups): verify: right answers, verify: wrong answers, verify: junk,
tis_weights value, tis_weights cap, tis_weights mask, tis_weights detached, float64 precision.

A constant answer passes no main test: the right answers are checked next to a wrong one and
the near misses next to the right one. Junk, values that are not strings, identical log-probs,
extreme log-ratios, padding of -inf and the inputs-unmodified test are gated (``gate=``): their
points count once the main tests of their function pass, so code that always says 0.0 (or
returns constant weights) earns nothing for them.
"""
import random

import pytest
import torch

from autograder.engine.assertions import Mismatch, both_dtypes
from autograder.engine.draws import gen      # this grade's inputs (per submission)

points = pytest.mark.points

#: every promise of a graded function's docstring, and the tests that exercise it
#: (tests/test_promises.py checks the map); tis_weights' float64 arithmetic has one precision
#: test (docs/contract.md, "Precision")
PROMISES = {
    "verify": {
        "1.0 if the completion's final answer equals ``a * b``, else 0.0": ["test_verify_right",
                                                                           "test_verify_wrong"],
        "the number after the LAST ``=``": ["test_verify_right", "test_verify_wrong"],
        "optional\n    ending ``.``": ["test_verify_right", "test_verify_wrong"],
        "Leading zeros, signs, spaces or\n    a missing number": ["test_verify_wrong",
                                                                 "test_verify_junk"],
        "anything\n    that is not a string": ["test_verify_not_a_string"],
        "never raises": ["test_verify_junk", "test_verify_not_a_string"],
    },
    "tis_weights": {
        "``min(exp(sum of log-ratios), cap)``": ["test_tis_random", "test_tis_cap_binds"],
        "no gradient flows through\n    them": ["test_tis_detached"],
        "padding may\n                                     hold any value, ``-inf`` included":
            ["test_tis_inf_padding", "test_tis_padding", "test_tis_all_padding_row"],
        "weights in ``[0, cap]``, detached": ["test_tis_cap_binds", "test_tis_extreme",
                                              "test_tis_detached"],
        "rounds it to\n    exactly 0": ["test_tis_extreme"],
        "``(N,)``": ["test_tis_random", "test_tis_float64_precision"],
    },
}

# -- verify ---------------------------------------------------------------------------

RIGHT = [  # (completion, a, b): the final answer is the product
    ("17×20+17×4=340+68=408.", 17, 24),
    ("99×90+99×9=8910+891=9801.", 99, 99),
    ("10×10+10×0=100+0=100.", 10, 10),
    ("17×20+17×4=340+58=408.", 17, 24),        # a slip in a step, right final answer
    ("17×20+17×4=340+68=408", 17, 24),         # no end mark (ran out of room)
    ("99×90+99×9=8910+891=9801", 99, 99),
    ("=408.", 17, 24),                         # no working at all
    ("4=3=2=1=408.", 17, 24),                  # only the last '=' counts
    ("24×10+24×7=240+168=408.", 24, 17),       # the operands the other way round
]
WRONG = [  # in this order: each kind of mistake first shows on a case of its own (for the hints)
    ("17×20+17×4=340+58=398.", 17, 24),        # the texts' wrong rollout
    ("17×20+17×4=340+68=408.", 17, 25),        # right working, but for another prompt
    ("17×20+17×4=340+68=480.", 17, 24),
    ("17×20+17×4=340+68=4080.", 17, 24),       # an extra digit
    ("17×20+17×4=340+68=40.", 17, 24),         # a digit short
    ("17×20+17×4=408+68=340.", 17, 24),        # the right number, not in the final place
    ("408.", 17, 24),                          # no '=' at all
    ("=408 ", 17, 24),                         # a space is not part of a number
    ("=0408.", 17, 24),                        # a leading zero is not the product's decimal form
    ("=408..", 17, 24),
    ("17×20+17×4=340+68=408...", 17, 24),      # one optional '.', not several
    ("=408.5", 17, 24),
    ("= 408.", 17, 24),
    ("=+408.", 17, 24),
    ("=408+0.", 17, 24),
    ("99×90+99×9=8910+891=9,801.", 99, 99),    # digits grouped by a comma: not the decimal form
    ("17×90+17×7=1530+119=1,649", 17, 97),
    ("17×20+17×4=340+68=408.\n", 17, 24),     # a newline after the end mark
]


@points(2, group="verify: wrong answers")
def test_verify_wrong(compare):
    """near misses: another number, an extra or missing digit, formatting that is not the number

    Last, the right answer they miss."""
    with compare.gather():      # every case compared: each answer is one bit of evidence
        for completion, a, b in WRONG + [RIGHT[0]]:
            compare("verify", completion, a, b, case=f"verify({completion!r}, {a}, {b})")


@points(2, group="verify: right answers")
def test_verify_right(compare):
    """worked answers whose final number is the product (slips in the steps do not matter), then a wrong one"""
    with compare.gather():
        for completion, a, b in RIGHT + [WRONG[0]]:
            compare("verify", completion, a, b, case=f"verify({completion!r}, {a}, {b})")


@points(1, group="verify: wrong answers")
def test_verify_many_products(compare):
    """every product of a seeded sample, right and off by one"""
    rng = random.Random(int(torch.randint(1 << 62, (), generator=gen(5))))
    with compare.gather():
        for _ in range(25):
            a, b = rng.randint(10, 99), rng.randint(10, 99)
            for z in (a * b, a * b + 1, a * b - 1):
                completion = f"{a}×{b - b % 10}+{a}×{b % 10}={a * (b - b % 10)}+{a * (b % 10)}={z}."
                compare("verify", completion, a, b, case=f"verify({completion!r}, {a}, {b})")


JUNK = ["", "=", ".", "==", "=.", "408", "17×24", "×+=.", "=×.", "=-408.", "=408\n", "=" + "9" * 5000 + ".", "=1e3.", "=0x198.", "=408.0", "= ",
        "\x00=408.", "=408\x00"]


@points(2, group="verify: junk", gate="verify")
def test_verify_junk(compare):
    """strings a model (or a test) can produce: never an exception, 0.0 unless exactly right"""
    rng = random.Random(int(torch.randint(1 << 62, (), generator=gen(7))))
    alphabet = "0123456789×+=. -x*\n"
    with compare.gather():
        for completion in JUNK:
            compare("verify", completion, 17, 24, case=f"verify({completion[:40]!r}, 17, 24)")
        for _ in range(60):
            completion = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30)))
            compare("verify", completion, 17, 24, case=f"verify({completion!r}, 17, 24)")


@points(1, group="verify: junk", gate="verify")
def test_verify_not_a_string(compare):
    """anything that is not a string scores 0.0"""
    with compare.gather():
        for value in (None, 408, 408.0, b"=408.", ["=408."]):
            compare("verify", value, 17, 24, case=f"verify({value!r}, 17, 24)")


# -- tis_weights ------------------------------------------------------------------------

def batch(lengths, L, *, seed, scale=0.3, dtype=torch.float64, pad=5.0):
    """Trainer and engine token log-probs that differ a little, padded with junk."""
    g = gen(seed)
    mask = torch.arange(L).expand(len(lengths), L) < torch.tensor(lengths)[:, None]
    rollout = -torch.rand(len(lengths), L, generator=g, dtype=torch.float64) * 2
    trainer = rollout + scale * torch.randn(len(lengths), L, generator=g, dtype=torch.float64)
    junk = torch.full_like(rollout, pad)
    return (torch.where(mask, trainer, junk).to(dtype), torch.where(mask, rollout, -junk).to(dtype),
            mask)


@points(2, group="tis_weights value")
@both_dtypes
def test_tis_random(compare, dtype):
    """responses of different lengths, cap 2"""
    lp_t, lp_r, mask = batch([6, 3, 5, 1, 4, 6, 2, 5], 6, seed=1, dtype=dtype)
    compare("tis_weights", lp_t, lp_r, mask, 2.0, case=f"8 padded responses, cap 2, {dtype}")


@points(1, group="tis_weights value", gate="tis_weights")
def test_tis_identical(compare):
    """engine == trainer: every weight is exactly 1"""
    lp_t, _, mask = batch([4, 2, 3], 4, seed=2)
    compare("tis_weights", lp_t, lp_t.clone(), mask, 2.0, case="identical log-probs")


@points(2, group="tis_weights cap")
def test_tis_cap_binds(compare):
    """large ratios stop at the cap, small ones are kept as they are (no lower bound)"""
    lp_t, lp_r, mask = batch([5, 5, 5, 5, 5, 5], 5, seed=3, scale=1.5)
    compare("tis_weights", lp_t, lp_r, mask, 1.5, case="6 responses with large ratios, cap 1.5")
    compare("tis_weights", lp_t, lp_r, mask, cap=5.0, case="the same, cap=5.0 by keyword")


@points(1, group="tis_weights cap", gate="tis_weights")
@both_dtypes
def test_tis_extreme(compare, dtype):
    """log-ratios of +-200: no inf or NaN, the cap above, (almost or exactly) 0 below"""
    mask = torch.tensor([[True, True], [True, True], [True, False]])
    lp_r = torch.tensor([[-1.0, -1.0], [-1.0, -1.0], [-1.0, -300.0]], dtype=dtype)
    lp_t = torch.tensor([[99.0, 99.0], [-101.0, -101.0], [-1.0, 0.0]], dtype=dtype)
    compare("tis_weights", lp_t, lp_r, mask, 2.0,
            case=f"sequence log-ratios +200, -200, 0, {dtype}")


@points(2, group="tis_weights mask")
def test_tis_padding(compare):
    """padding positions (holding junk) play no part"""
    lp_t, lp_r, mask = batch([1, 7, 3, 2], 7, seed=4, pad=40.0)
    compare("tis_weights", lp_t, lp_r, mask, 3.0, case="4 responses padded with +-40")


@points(1, group="tis_weights mask", gate="tis_weights")
@both_dtypes
def test_tis_inf_padding(compare, dtype):
    """padding that holds -inf (what masked logits give) on both sides: no NaN"""
    lp_t, lp_r, mask = batch([2, 6, 4, 1], 6, seed=5, dtype=dtype, pad=float("inf"))
    lp_t = lp_t.masked_fill(~mask, -float("inf"))
    compare("tis_weights", lp_t, lp_r, mask, 2.0,
            case=f"4 responses, trainer and engine log-probs padded with -inf, {dtype}")
    compare("tis_weights", lp_t, lp_r.masked_fill(~mask, -1.5), mask, 2.0,
            case=f"4 responses, trainer log-probs padded with -inf, {dtype}")


@points(1, group="tis_weights mask", gate="tis_weights")
def test_tis_all_padding_row(compare):
    """a response with no real token (all padding): its log-ratio sums to 0, its weight is 1"""
    lp_t, lp_r, mask = batch([3, 5, 4], 5, seed=9, pad=-float("inf"))
    mask[1] = False
    compare("tis_weights", lp_t, lp_r, mask, 2.0, case="3 responses, the second all padding")


@points(1, group="float64 precision", gate="tis_weights")
def test_tis_float64_precision(compare):
    """tis_weights keeps float64's precision on float64 inputs"""
    lp_t, lp_r, mask = batch([6, 3, 5, 1, 4], 6, seed=10, scale=0.2)
    compare.precision("tis_weights", lp_t, lp_r, mask, 3.0, case="5 padded responses, cap 3, float64")


@points(2, group="tis_weights detached")
def test_tis_detached(compare):
    """the weights are constants: trainer log-probs that require grad give weights that do not"""
    lp_t, lp_r, mask = batch([3, 5, 4], 5, seed=6)
    case = "tis_weights(trainer log-probs with requires_grad=True, ...)"
    out = compare("tis_weights", lp_t.requires_grad_(True), lp_r, mask, 2.0, case=case)
    if out.requires_grad:
        raise Mismatch(case, detail="the weights carry a gradient; they must scale the "
                       "advantages, not be trained",
                       hint="the weights carry a gradient: detach the trainer's log-probs (or use "
                            "torch.no_grad())")


@points(1, group="tis_weights detached", gate="tis_weights")
def test_tis_inputs_unmodified(compare):
    """the log-prob tensors are left as they were"""
    lp_t, lp_r, mask = batch([3, 5, 4], 5, seed=8)
    compare.unmodified("tis_weights", lp_t, lp_r, mask, 2.0, case="tis_weights(lp_t, lp_r, mask)")
