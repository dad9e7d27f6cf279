"""Other conventions of the GRPO functions, as public implementations and homework write them
(TRL's GRPO and RLOO trainers, NeMo-RL's leave-one-out baseline, DAPO's and Dr. GRPO's
token-level losses), for the closest convention (:mod:`autograder.engine.causes.closest`). Our
own code, run in the grader only.

Most are two grids: the loss as a reduction, a way of masking, a ratio and advantages as given
or standardised; the advantages as a baseline, a scale, eps's place, when the std divides and
how an all-equal group is set to 0. Each combination public code writes is one convention,
named in words built from its parts; one the bank of mistakes names already keeps the bank's
words, so that another way of writing it is the same cause."""
import warnings
from pathlib import Path

import torch

from autograder.engine.causes.closest import convention
from autograder.engine.mutants import Mutant

CONTRACT_LOSS = ("the contract's loss is -mean_i(A_i * sequence_logprob_i): each response counted "
                 "once, with the SUM of its real tokens' log-probs")


CONTRACT_ADVANTAGES = ("the contract subtracts each group's own mean and, when normalize_std is "
                       "True, divides by that group's population std + eps")
LEAVE_ONE_OUT = ("leaves each response out of its own group's mean (RLOO: the mean of the G - 1 "
                 "others), which scales every centred reward by G / (G - 1)")


def _masked(token_logprobs, mask):
    return torch.where(mask, token_logprobs, torch.zeros_like(token_logprobs))


def _ratio_one_terms(token_logprobs, mask, advantages):
    """-ratio * A per real token (0 in the padding), the ratio exp(logp - logp.detach())."""
    real = _masked(token_logprobs, mask)
    return -_masked(torch.exp(real - real.detach()) * advantages.detach()[:, None], mask)


@convention("grpo_loss", "your loss value is -mean(A) (TRL's GRPO loss with a ratio "
            "exp(logp - logp.detach()), which is always 1, averaged over each response's "
            "tokens): the log-probs never enter the value; " + CONTRACT_LOSS)
def ratio_one_response_mean(token_logprobs, mask, advantages):
    terms = _ratio_one_terms(token_logprobs, mask, advantages)
    return (terms.sum(dim=1) / mask.sum(dim=1).clamp(min=1)).mean()


@convention("grpo_loss", "your loss averages -ratio * A over the batch's real tokens with a ratio "
            "exp(logp - logp.detach()) that is always 1 (DAPO's token-level loss): each response "
            "is weighted by its length and the log-probs never enter the value; " + CONTRACT_LOSS)
def ratio_one_token_mean(token_logprobs, mask, advantages):
    return _ratio_one_terms(token_logprobs, mask, advantages).sum() / mask.sum()


@convention("grpo_loss", "your loss divides the sum of -ratio * A over real tokens by N * L "
            "(Dr. GRPO) with a ratio exp(logp - logp.detach()) that is always 1: the log-probs "
            "never enter the value; " + CONTRACT_LOSS)
def ratio_one_constant_length(token_logprobs, mask, advantages):
    return _ratio_one_terms(token_logprobs, mask, advantages).sum() / mask.numel()


@convention("grpo_loss", "your loss is TRL's GRPO loss as it stands: a ratio exp(logp - "
            "logp.detach()), always 1, so the value is a length-weighted mean of -A, and the "
            "padding multiplied by the mask, where -inf * 0 is NaN; " + CONTRACT_LOSS
            + ", the real tokens picked with torch.where")
def ratio_one_mask_multiplied(token_logprobs, mask, advantages):
    ratio = torch.exp(token_logprobs - token_logprobs.detach())
    per_token = -(ratio * advantages.detach()[:, None]) * mask
    return (per_token.sum(dim=1) / mask.sum(dim=1)).mean()


def _standardised(advantages, unbiased):
    a = advantages.detach()
    return (a - a.mean()) / (a.std(unbiased=unbiased) + 1e-8)


@convention("grpo_loss", "your loss standardises the advantages itself (mean 0, sample std 1 "
            "over the batch) before using them: the advantages come in ready; " + CONTRACT_LOSS)
def normalised_sample(token_logprobs, mask, advantages):
    return -(_standardised(advantages, True) * _masked(token_logprobs, mask).sum(dim=1)).mean()


@convention("grpo_loss", "your loss standardises the advantages itself (mean 0, population std "
            "1 over the batch) before using them: the advantages come in ready; " + CONTRACT_LOSS)
def normalised_population(token_logprobs, mask, advantages):
    return -(_standardised(advantages, False) * _masked(token_logprobs, mask).sum(dim=1)).mean()


@convention("grpo_loss", "your loss averages each response's token log-probs over ALL L "
            "positions, padding included (a mean over dim 1), then over responses; "
            + CONTRACT_LOSS)
def padded_length_mean(token_logprobs, mask, advantages):
    return -(advantages.detach() * _masked(token_logprobs, mask).mean(dim=1)).mean()


# -- the grid of loss conventions: a reduction, a way of masking, a ratio, advantages as given or
# standardised. Each combination is one convention; those the bank of mistakes already names
# (its own hint) and the reference are left out. Many ways of writing one combination share
# its text, so a student's is named whichever of them it is.

def _sum_then_mean(terms, mask):
    return terms.sum(dim=1).mean()


def _sum_all(terms, mask):
    return terms.sum()


def _length_mean(terms, mask):
    return (terms.sum(dim=1) / mask.sum(dim=1).clamp(min=1)).mean()


def _length_mean_bare(terms, mask):
    """The same, an all-padding response's 0 / 0 left NaN (TRL before it clamped)."""
    return (terms.sum(dim=1) / mask.sum(dim=1)).mean()


def _token_mean_real(terms, mask):
    return terms.sum() / mask.sum().clamp(min=1)


def _token_mean_all(terms, mask):
    return terms.sum() / terms.numel()


#: reduction -> (its ways of writing, what the student's loss does)
REDUCTIONS = {
    "sum": ((_sum_then_mean,), ""),
    "total": ((_sum_all,), "sums over the responses where the contract takes the mean over "
                        "them (N times too large)"),
    "length": ((_length_mean, _length_mean_bare), "divides each response's sum by its own length (a per-response "
                             "token mean, as the original GRPO and TRL write it)"),
    "tokens": ((_token_mean_real,), "averages over the batch's real tokens (a token-level loss, "
                                 "as DAPO writes it): each response is weighted by its length"),
    "positions": ((_token_mean_all,), "divides by N * L, every position counted (Dr. GRPO's "
                                   "constant length, or a mean over all positions)"),
}
#: masking -> what the student's loss does
MASKINGS = {
    "where": "",
    "multiplied": "multiplies the padding by the mask, where -inf * 0 is NaN (pick the real "
                  "tokens with torch.where)",
    "unmasked": "counts the padding's log-probs too (the mask is never applied)",
}
RATIO_ONE = ("uses a ratio exp(logp - logp.detach()), always 1, so the log-probs never enter "
             "the value")
NORMALISED = "standardises the advantages itself (over the batch) before using them"
#: (reduction, masking, ratio one, normalised) -> the bank's mistake (or convention above)
#: that computes it already, under its own words
NAMED = {("sum", "where", False, False): "the reference",
         ("total", "where", False, False): "loss_sums",
         ("length", "where", False, False): "loss_length_normalised",
         ("tokens", "where", False, False): "token_mean_real",
         ("positions", "where", False, False): "token_mean",
         ("sum", "multiplied", False, False): "loss_mask_multiplied",
         ("length", "where", True, False): "ratio_one_response_mean",
         ("tokens", "where", True, False): "ratio_one_token_mean",
         ("positions", "where", True, False): "ratio_one_constant_length",
         ("length", "multiplied", True, False): "ratio_one_mask_multiplied",
         ("sum", "where", False, True): "normalised_sample"}


def _loss(reduce, masking, ratio_one, normalised, unbiased=True):

    def grpo_loss(token_logprobs, mask, advantages):
        a = _standardised(advantages, unbiased) if normalised else advantages.detach()
        lp = _masked(token_logprobs, mask) if masking == "where" else token_logprobs
        per_token = torch.exp(lp - lp.detach()) if ratio_one else lp
        terms = -per_token * a[:, None]
        if masking == "multiplied":
            terms = terms * mask
        elif masking == "where":
            terms = _masked(terms, mask)
        return reduce(terms, mask)
    return grpo_loss


def _loss_text(reduction, masking, ratio_one, normalised):
    parts = [REDUCTIONS[reduction][1], MASKINGS[masking], RATIO_ONE if ratio_one else "",
             NORMALISED if normalised else ""]
    return "your loss " + "; it ".join(p for p in parts if p) + "; " + CONTRACT_LOSS


def _named_text(name):
    """The words of a combination named already: a convention of this module's, or a
    mistake's hint (``mutants/<name>.py``), so another way of writing it is the same cause."""
    if name in globals():
        return globals()[name].convention.text
    return Mutant(name, Path(__file__).parent / "mutants" / f"{name}.py", None).hint


def _register_losses():
    for reduction in REDUCTIONS:
        for masking in MASKINGS:
            for ratio_one in (False, True):
                for normalised in (False, True):
                    key = (reduction, masking, ratio_one, normalised)
                    if NAMED.get(key) == "the reference" or \
                            (normalised and (ratio_one or masking != "where")) or \
                            (ratio_one and masking == "unmasked"):
                        continue
                    text = _named_text(NAMED[key]) if key in NAMED else _loss_text(*key)
                    for unbiased in (True, False) if normalised else (True,):
                        for way, reduce in enumerate(REDUCTIONS[reduction][0]):
                            if key in NAMED and way == 0:   # the named one itself
                                continue
                            name = "loss_" + "_".join(
                                [reduction, masking] + ["ratio_one"] * ratio_one
                                + [("sample" if unbiased else "population")] * normalised
                                + ["bare"] * way)
                            fn = _loss(reduce, masking, ratio_one, normalised, unbiased)
                            fn.__name__ = name
                            globals()[name] = convention("grpo_loss", text)(fn)


_register_losses()


# -- the grid of advantage conventions: a baseline, a scale, where eps goes, whether the
# all-equal groups are set to 0, when the std is divided by. The guard is not named in the
# words (with or without it, one text): the texts name what the tests tell apart.

def _centre(rewards, how):
    if how == "batch":
        return rewards - rewards.mean()
    G = rewards.shape[1]
    if how == "loo":
        return rewards - (rewards.sum(dim=1, keepdim=True) - rewards) / max(G - 1, 1)
    if how == "loo_mean":       # NeMo-RL's form: float32 rounds it another way
        return rewards - (rewards.mean(dim=1, keepdim=True) * G - rewards) / max(G - 1, 1)
    return rewards - rewards.mean(dim=1, keepdim=True)


def _spread(rewards, how, eps, place):
    batch, unbiased = how.startswith("batch"), how.endswith("sample")
    var = rewards.var(unbiased=unbiased) if batch else \
        rewards.var(dim=1, unbiased=unbiased, keepdim=True)
    if place == "inside":
        return (var + eps).sqrt()
    if place == "clamp":
        return var.sqrt().clamp(min=eps)
    return var.sqrt() + eps if place == "outside" else var.sqrt()


CENTRES = {"group": "", "batch": "subtracts the mean of the whole batch, not each group's",
           "loo": LEAVE_ONE_OUT, "loo_mean": LEAVE_ONE_OUT}
SCALES = {"group": "", "group_sample": "divides by the sample std (G - 1, torch.std's default), "
                                       "not the population std (G)",
          "batch": "divides by the std of the whole batch, not each group's",
          "batch_sample": "divides by the sample std (N - 1) of the whole batch, not each "
                          "group's population std"}
EPS = {"outside": "", "inside": "adds eps under the square root (sqrt(var + eps)), not to the "
                                "std", "clamp": "bounds the std from below by eps "
                                                "(max(std, eps)), not std + eps",
       "none": "divides by the bare std, without eps"}
WHEN = {"asked": "", "never": "never divides by the std (normalize_std=True is ignored)",
        "always": "divides by the std even when normalize_std is False"}
#: (centre, scale, eps, when, guard) -> the bank's mistake that computes it, under its own words
ADVANTAGES_NAMED = {
    ("group", "group", "outside", "asked", True): "the reference",
    ("group", "group", "outside", "asked", False): "all_equal_rounding",
    ("group", "group", "outside", "always", False): "always_normalises",
    ("batch", "group", "outside", "asked", False): "batch_mean",
    ("group", "batch", "outside", "asked", False): "batch_std",
    ("group", "group", "inside", "asked", False): "eps_inside_sqrt",
    ("group", None, None, "never", False): "never_normalises",
    ("group", "group_sample", "outside", "asked", False): "unbiased_std",
    ("group", "group_sample", "outside", "asked", True): "unbiased_std_guarded",
    ("group", "group", "none", "asked", False): "no_eps"}


def _advantages(centre, scale, place, when, guard):
    def group_advantages(rewards, normalize_std=False, eps=1e-6):
        out = _centre(rewards, centre)
        if when == "always" or (when == "asked" and normalize_std):
            out = out / _spread(rewards, scale, eps, place)
        if guard is not None:
            with warnings.catch_warnings():     # the sample std of a group of one
                warnings.simplefilter("ignore")
                out = torch.where(guard(rewards), torch.zeros_like(out), out)
        return out
    return group_advantages


def _keys():
    """(centre, scale, eps, when) of the combinations public code writes: eps's place alone
    moves most answers by less than a float32 rounding (the bank names eps_inside_sqrt and
    no_eps alone), so it varies only beside a difference seen on every case (a leave-one-out
    baseline, a sample std)."""
    yield from ((centre, None, None, "never") for centre in ("group", "batch", "loo"))
    yield from (("group", scale, "outside", "always") for scale in ("group", "group_sample"))
    yield from (("group", scale, "outside", "asked") for scale in SCALES if scale != "group")
    yield from (("group", "group_sample", place, "asked") for place in ("inside", "none"))
    yield from (("batch", scale, "outside", "asked") for scale in SCALES if scale != "group_sample")
    yield from ((centre, scale, place, "asked") for centre in ("loo", "loo_mean")
                for scale in ("group", "group_sample") for place in ("outside", "inside"))


#: how a group whose rewards are all equal is set to 0: not at all, where max == min, or (NeMo-RL's
#: leave-one-out form) where torch's sample std is 0 (not a group of one, whose std is NaN)
GUARDS = {"none": None,
          "equal": lambda r: r.amax(dim=1, keepdim=True) == r.amin(dim=1, keepdim=True),
          "std": lambda r: r.std(dim=1, keepdim=True) == 0}


def _register_advantages():
    for centre, scale, place, when in _keys():
        parts = [CENTRES[centre], WHEN[when], SCALES.get(scale, ""), EPS.get(place, "")]
        text = "your code " + "; it ".join(p for p in parts if p) + "; " + CONTRACT_ADVANTAGES
        for guard in GUARDS:
            named = (centre, scale, place, when, guard != "none") in ADVANTAGES_NAMED
            if named or (guard == "std") != (centre == "loo_mean") and guard != "none":
                continue
            name = "_".join(["advantages", centre, when] + [k for k in (scale, place) if k]
                            + [guard])
            fn = _advantages(centre, scale, place, when, GUARDS[guard])
            fn.__name__ = name
            globals()[name] = convention("group_advantages", text)(fn)


_register_advantages()


# -- sequence_logprob: the mask and the log-probs out of step by one position (the shift of a
# causal LM's logits, applied to log-probs that are already aligned with their tokens)

CONTRACT_SEQUENCE = ("the contract's log-probs and mask are already aligned: the sum of "
                     "token_logprobs where mask is True, position by position")


def _where_sum(token_logprobs, mask):
    return torch.where(mask, token_logprobs, torch.zeros_like(token_logprobs)).sum(dim=1)


@convention("sequence_logprob", "your sum pairs each log-prob with the NEXT position's mask "
            "(token_logprobs[:, :-1] with mask[:, 1:], a causal LM's shift applied once too "
            "often): each response loses its last real token; " + CONTRACT_SEQUENCE)
def next_position_mask(token_logprobs, mask):
    return _where_sum(token_logprobs[:, :-1], mask[:, 1:])


@convention("sequence_logprob", "your sum leaves out the first position (token_logprobs[:, 1:] "
            "with mask[:, 1:], a causal LM's shift applied to log-probs already shifted): each "
            "response loses its first token; " + CONTRACT_SEQUENCE)
def first_position_dropped(token_logprobs, mask):
    return _where_sum(token_logprobs[:, 1:], mask[:, 1:])



LOG_SOFTMAX = ("your code applies log_softmax over the L positions to log-probs that are "
               "already normalised (as if they were logits), which subtracts a logsumexp from "
               "every token; " + CONTRACT_SEQUENCE + ", used as they come")


@convention("sequence_logprob", LOG_SOFTMAX)
def log_softmax_over_positions(token_logprobs, mask):
    return _where_sum(torch.log_softmax(token_logprobs, dim=1), mask)


@convention("sequence_logprob", LOG_SOFTMAX)
def log_softmax_over_real_positions(token_logprobs, mask):
    """The same, the padding set to -inf first (so that it takes no share)."""
    real = token_logprobs.masked_fill(~mask, float("-inf"))
    return _where_sum(torch.log_softmax(real, dim=1), mask)
