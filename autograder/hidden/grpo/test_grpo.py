"""Hidden suite for `grpo`: the reference on seeded random batches and the edge cases.

Ideas graded (test groups; partial credit and gradebook columns follow them): group mean,
std normalisation, degenerate groups, inputs unmodified, sequence_logprob, grpo_loss value,
grpo_loss gradient, float64 precision.

Value tests judge the algorithm at float32 precision; each function has one float64 precision
test (docs/contract.md, "Precision"). ``PROMISES`` maps every promise of a graded function's
docstring to the tests that exercise it (tests/test_promises.py checks the map).

Edge cases (all-equal groups, G = 1, padding of -inf) and the inputs-unmodified test are
gated (``gate=``): their points count once the main tests of their function pass, so code
that returns zeros, or returns nothing useful, earns nothing for them.
"""
import pytest
import torch

from autograder.engine.assertions import both_dtypes
from autograder.engine.draws import gen      # this grade's inputs (per submission)

points = pytest.mark.points

PROMISES = {
    "group_advantages": {
        "``(P, G)``": ["test_group_mean_random", "test_group_mean_square", "test_one_prompt"],
        "also divide by (population std + eps)": ["test_std_random", "test_std_tiny_spread"],
        "``eps``": ["test_std_other_eps"],
        "each row sums to 0": ["test_group_mean_text_table"],
        "A group whose rewards are all equal gets exactly 0, normalised or not":
            ["test_all_equal_groups", "test_single_response_groups"],
        "in float32 the mean of three rewards of 0.9 is not": ["test_all_equal_groups"],
    },
    "sequence_logprob": {
        "``(N, L)``": ["test_sequence_logprob_padding", "test_sequence_logprob_square",
                       "test_one_token"],
        "Padding may hold any value, ``-inf`` included": ["test_sequence_logprob_inf_padding"],
        "``(N,)``": ["test_sequence_logprob_padding", "test_one_token"],
    },
    "grpo_loss": {
        "``-mean_i(advantages_i * sequence_logprob_i)``": ["test_grpo_loss_value"],
        "no gradient flows into them": ["test_grpo_loss_gradient"],
        "hold any value, ``-inf`` included": ["test_grpo_loss_inf_padding"],
        "``()``": ["test_grpo_loss_value", "test_one_token"],
    },
}


def spread_groups(P, G, *, seed, dtype):
    """P groups of G non-binary rewards, each with its own mean and spread."""
    g = gen(seed)
    means = torch.randn(P, 1, generator=g, dtype=torch.float64) * 3
    spreads = torch.rand(P, 1, generator=g, dtype=torch.float64) * 2 + 0.1
    return (means + spreads * torch.randn(P, G, generator=g, dtype=torch.float64)).to(dtype)


def padded_batch(lengths, L, *, seed, dtype=torch.float64, pad=7.0):
    """Token log-probs (N, L), real tokens first, padding holding a junk value (finite, or
    -inf as masked logits give)."""
    g = gen(seed)
    mask = torch.arange(L).expand(len(lengths), L) < torch.tensor(lengths)[:, None]
    lp = -torch.rand(len(lengths), L, generator=g, dtype=torch.float64) * 3
    return torch.where(mask, lp, torch.full_like(lp, pad)).to(dtype), mask


# -- group_advantages ---------------------------------------------------------------

@points(2, group="group mean")
@both_dtypes
def test_group_mean_random(compare, dtype):
    """several groups with different means and spreads"""
    rewards = spread_groups(5, 7, seed=1, dtype=dtype)
    compare("group_advantages", rewards, case=f"5 groups of 7 random rewards, {dtype}")


@points(1, group="group mean")
def test_group_mean_square(compare):
    """a square batch (P == G): rows are groups"""
    compare("group_advantages", spread_groups(4, 4, seed=2, dtype=torch.float64),
            case="4 groups of 4 responses")


@points(1, group="group mean")
def test_group_mean_text_table(compare):
    """the texts' four rollouts and two more groups in one batch"""
    rewards = torch.tensor([[0.0, 1, 1, 0], [1.0, 1, 1, 0], [0.0, 0, 0, 1], [0.2, 0.9, 0.4, 0.5]])
    compare("group_advantages", rewards, case="groups (0,1,1,0), (1,1,1,0), (0,0,0,1), "
                                              "(0.2,0.9,0.4,0.5)")


@points(2, group="std normalisation")
@both_dtypes
def test_std_random(compare, dtype):
    """normalised by each group's population std"""
    rewards = spread_groups(6, 5, seed=3, dtype=dtype)
    compare("group_advantages", rewards, normalize_std=True,
            case=f"6 groups of 5 random rewards, normalize_std=True, {dtype}")


@points(1, group="std normalisation")
def test_std_tiny_spread(compare):
    """tiny spreads: std + eps, not sqrt(var + eps)"""
    rewards = torch.tensor([[1.0, 1.0 + 2e-6, 1.0, 1.0 - 1e-6], [0.0, 1e-5, 0.0, 0.0]],
                           dtype=torch.float64)
    compare("group_advantages", rewards, normalize_std=True,
            case="spreads of about 1e-6, normalize_std=True")


@points(1, group="std normalisation")
def test_std_other_eps(compare):
    """an eps other than the default"""
    rewards = torch.tensor([[1.0, 0.0, 0.0, 0.0], [0.0, 0.5, 0.5, 1.0]], dtype=torch.float64)
    compare("group_advantages", rewards, normalize_std=True, eps=0.5,
            case="normalize_std=True, eps 0.5")


#: all-equal groups (one ordinary group among them) whose float32 mean misses the rewards by
#: a rounding error: over a tiny std + eps it would give about 0.06, 0.1 or even 1, not 0
ALL_EQUAL = {3: [[1.0, 1.0, 1.0], [0.0, 0.0, 0.0], [0.3, 0.3, 0.3], [0.9, 0.9, 0.9],
                 [-1.7, -1.7, -1.7], [1000.1, 1000.1, 1000.1], [0.2, 0.9, 0.4]],
             8: [[0.7] * 8, [0.1] * 8, [0.45] * 8, [0.0, 1, 1, 0, 1, 0, 0, 0]]}


@points(1, group="degenerate groups", gate="group_advantages")
@both_dtypes
def test_all_equal_groups(compare, dtype):
    """all-equal groups give exactly 0, normalised or not (float32 rounding included), no NaN"""
    for G, rows in ALL_EQUAL.items():
        rewards = torch.tensor(rows, dtype=dtype)
        equal = ", ".join(f"{row[0]:g}" for row in rows if len(set(row)) == 1)
        case = f"groups of {G} all equal to {equal}, and one ordinary group, {dtype}"
        compare("group_advantages", rewards, case=case)
        compare("group_advantages", rewards, normalize_std=True,
                case=case.replace(f", {dtype}", f", normalize_std=True, {dtype}"))


@points(1, group="degenerate groups", gate="group_advantages")
def test_single_response_groups(compare):
    """G = 1: advantage 0, no NaN"""
    rewards = torch.tensor([[1.0], [0.0], [2.5]])
    compare("group_advantages", rewards, case="groups of one response")
    compare("group_advantages", rewards, normalize_std=True,
            case="groups of one response, normalize_std=True")


@points(1, group="degenerate groups", gate="group_advantages")
def test_one_prompt(compare):
    """one prompt (P = 1), normalised or not"""
    rewards = spread_groups(1, 6, seed=15, dtype=torch.float64)
    compare("group_advantages", rewards, case="one group of 6 random rewards")
    compare("group_advantages", rewards, normalize_std=True,
            case="one group of 6 random rewards, normalize_std=True")


@points(1, group="inputs unmodified", gate=["group_advantages", "sequence_logprob", "grpo_loss"])
def test_inputs_unmodified(compare):
    """the rewards, log-prob, mask and advantage tensors are left as they were"""
    rewards = spread_groups(3, 4, seed=4, dtype=torch.float32)
    compare.unmodified("group_advantages", rewards, normalize_std=True,
                       case="group_advantages(rewards, normalize_std=True)")
    lp, mask = padded_batch([3, 1, 2], 3, seed=5)
    compare.unmodified("sequence_logprob", lp, mask, case="sequence_logprob(lp, mask)")
    compare.unmodified("grpo_loss", lp, mask, torch.tensor([0.5, -1.0, 0.25], dtype=torch.float64),
                       case="grpo_loss(lp, mask, advantages)")


# -- sequence_logprob ---------------------------------------------------------------

@points(2, group="sequence_logprob")
@both_dtypes
def test_sequence_logprob_padding(compare, dtype):
    """unequal lengths, non-zero finite padding values"""
    lp, mask = padded_batch([6, 2, 1, 5, 3], 6, seed=6, dtype=dtype)
    compare("sequence_logprob", lp, mask,
            case=f"5 responses of lengths 6, 2, 1, 5, 3 padded with 7.0, {dtype}")


@points(1, group="sequence_logprob")
def test_sequence_logprob_square(compare):
    """a square batch (N == L)"""
    lp, mask = padded_batch([4, 2, 1, 3], 4, seed=7, pad=-2.5)
    compare("sequence_logprob", lp, mask, case="4 responses of at most 4 tokens, padding -2.5")


@points(1, group="sequence_logprob")
def test_sequence_logprob_path(compare):
    """the texts' path of probabilities 0.6, 0.9, 0.7 next to a shorter one"""
    lp = torch.log(torch.tensor([[0.6, 0.9, 0.7], [0.5, 0.8, 0.1]], dtype=torch.float64))
    mask = torch.tensor([[True, True, True], [True, True, False]])
    compare("sequence_logprob", lp, mask, case="paths (0.6, 0.9, 0.7) and (0.5, 0.8)")


@points(1, group="sequence_logprob", gate="sequence_logprob")
@both_dtypes
def test_sequence_logprob_inf_padding(compare, dtype):
    """padding that holds -inf (what masked logits give): no NaN"""
    lp, mask = padded_batch([4, 1, 3, 2], 4, seed=12, dtype=dtype, pad=-float("inf"))
    compare("sequence_logprob", lp, mask,
            case=f"4 responses of lengths 4, 1, 3, 2 padded with -inf, {dtype}")


# -- grpo_loss ----------------------------------------------------------------------

@points(2, group="grpo_loss value")
@both_dtypes
def test_grpo_loss_value(compare, dtype):
    """the scalar loss on a padded batch"""
    lp, mask = padded_batch([5, 3, 4, 1, 2, 5], 5, seed=8, dtype=dtype)
    adv = torch.randn(6, generator=gen(9), dtype=torch.float64).to(dtype)
    compare("grpo_loss", lp, mask, adv, case=f"6 padded responses, {dtype}")


@points(3, group="grpo_loss gradient")
def test_grpo_loss_gradient(compare):
    """gradient -A_i * m_it / N into the token log-probs, none into the advantages"""
    lp, mask = padded_batch([5, 4, 3, 5, 1, 2], 5, seed=10)
    adv = torch.randn(6, generator=gen(11), dtype=torch.float64)
    compare.grad("grpo_loss", lp.requires_grad_(True), mask, adv.requires_grad_(True),
                 wrt=[0, 2], names=["token log-probs (should be -A_i * mask / N)",
                                    "the advantages"],
                 case="6 padded responses")


@points(1, group="grpo_loss gradient", gate="grpo_loss")
def test_grpo_loss_inf_padding(compare):
    """padding that holds -inf: a finite loss, and no gradient into the padding"""
    lp, mask = padded_batch([3, 5, 1, 4], 5, seed=13, pad=-float("inf"))
    adv = torch.randn(4, generator=gen(14), dtype=torch.float64)
    with compare.gather():      # both cases compared: a lone NaN is one bit of evidence
        compare("grpo_loss", lp.float(), mask, adv.float(),
                case="4 responses padded with -inf, float32")
        compare.grad("grpo_loss", lp.requires_grad_(True), mask, adv, wrt=[0],
                     names=["token log-probs (should be -A_i * mask / N, 0 in the padding)"],
                     case="4 responses padded with -inf")


@points(1, group="sequence_logprob", gate=["sequence_logprob", "grpo_loss"])
def test_one_token(compare):
    """responses of one token (L = 1), and a batch of one response (N = 1)"""
    lp, mask = padded_batch([1, 1, 1], 1, seed=16)
    compare("sequence_logprob", lp, mask, case="3 responses of one token (L = 1)")
    lp, mask = padded_batch([3], 4, seed=17)
    compare("sequence_logprob", lp, mask, case="one response of 3 tokens and a pad (N = 1)")
    compare("grpo_loss", lp, mask, torch.tensor([0.7], dtype=torch.float64),
            case="one response of 3 tokens and a pad (N = 1), A = 0.7")


# -- float64 precision: once per function (docs/contract.md, "Precision") --------------------

@points(1, group="float64 precision", gate="group_advantages")
def test_group_advantages_float64_precision(compare):
    """group_advantages keeps float64's precision on float64 inputs, normalised"""
    rewards = spread_groups(4, 6, seed=18, dtype=torch.float64)
    compare.precision("group_advantages", rewards, normalize_std=True,
                      case="4 groups of 6 random rewards, normalize_std=True, float64")


@points(1, group="float64 precision", gate="sequence_logprob")
def test_sequence_logprob_float64_precision(compare):
    """sequence_logprob keeps float64's precision on float64 inputs"""
    lp, mask = padded_batch([6, 2, 5, 4], 6, seed=19)
    compare.precision("sequence_logprob", lp, mask, case="4 padded responses, float64")


@points(1, group="float64 precision", gate="grpo_loss")
def test_grpo_loss_float64_precision(compare):
    """grpo_loss keeps float64's precision on float64 inputs"""
    lp, mask = padded_batch([6, 2, 5, 4], 6, seed=20)
    adv = torch.randn(4, generator=gen(21), dtype=torch.float64)
    compare.precision("grpo_loss", lp, mask, adv, case="4 padded responses, float64")
