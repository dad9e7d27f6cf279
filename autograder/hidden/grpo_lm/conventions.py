"""Other conventions of the capstone's functions, as homework and public reward functions write
them (GSM8K-style extraction of the first or last number, commas dropped, numbers compared as
floats, format rewards; token-level caps and geometric means of the importance ratios), for the
closest convention (:mod:`autograder.engine.causes.closest`). Another way of writing a mistake
of the bank keeps the bank's words (:func:`_hint`). Our own code, run in the grader only."""
import math
import re
from pathlib import Path

import torch

from autograder.engine.causes.closest import convention, twist
from autograder.engine.mutants import Mutant

CONTRACT_ANSWER = ("the answer is exactly the text after the last '=', less one optional final "
                   "'.'")


def _after_last_equals(completion):
    if not isinstance(completion, str) or "=" not in completion:
        return None
    return completion.rsplit("=", 1)[1]


@convention("verify", "your answer extraction reads the number at the start of the text after "
            "the last '=' and ignores what follows it (a prefix match: '408.5' and '408abc' "
            "pass); " + CONTRACT_ANSWER + ", nothing else may follow it")
def number_prefix(completion, a, b):
    answer = _after_last_equals(completion)
    found = re.match(r"\d+", answer) if answer is not None else None
    return 1.0 if found and found.group() == str(a * b) else 0.0


@convention("verify", "your answer extraction takes the last number anywhere in the text "
            "(re.findall(r'\\d+')[-1]); " + CONTRACT_ANSWER)
def last_number(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    numbers = re.findall(r"\d+", completion)
    return 1.0 if numbers and numbers[-1] == str(a * b) else 0.0


@convention("verify", "your answer extraction strips spaces around the answer (strip()) before "
            "comparing; " + CONTRACT_ANSWER + ": a space makes it wrong")
def stripped(completion, a, b):
    answer = _after_last_equals(completion)
    if answer is None:
        return 0.0
    answer = answer.strip()
    answer = answer[:-1] if answer.endswith(".") else answer
    return 1.0 if answer.strip() == str(a * b) else 0.0


FLOAT = ("your answer is parsed as a float (float(answer) == a * b), which accepts '408.0', "
         "'+408', ' 408' and '0408'; " + CONTRACT_ANSWER + ", compared as text")


@convention("verify", FLOAT)
def float_parse(completion, a, b):
    answer = _after_last_equals(completion)
    try:
        return 1.0 if answer is not None and float(answer) == a * b else 0.0
    except ValueError:
        return 0.0


CONTRACT_TIS = "the weight is min(exp(sum of the real tokens' log-ratios), cap), detached"


@convention("tis_weights", "your weights clamp the summed log-ratio at cap before exp (exp(min("
            "sum, cap))): the cap bounds the weight itself; " + CONTRACT_TIS)
def cap_before_exp(logp_trainer, logp_rollout, mask, cap=2.0):
    log_ratio = torch.where(mask, logp_trainer.detach() - logp_rollout,
                            torch.zeros_like(logp_rollout))
    return torch.exp(log_ratio.sum(dim=1).clamp(max=cap))


@convention("tis_weights", "your weights are normalised to mean 1 over the batch (self-normalised "
            "importance sampling); " + CONTRACT_TIS + ", each response's own")
def self_normalised(logp_trainer, logp_rollout, mask, cap=2.0):
    log_ratio = torch.where(mask, logp_trainer.detach() - logp_rollout,
                            torch.zeros_like(logp_rollout))
    w = torch.exp(log_ratio.sum(dim=1)).clamp(max=cap)
    return w / w.mean()


def _hint(mistake):
    """The hint of a mistake of the bank (``mutants/<mistake>.py``): another way of writing that
    mistake is named in its words (one text, so both are one cause)."""
    return Mutant(mistake, Path(__file__).parent / "mutants" / f"{mistake}.py", None).hint


def _bit(ok):
    return 1.0 if ok else 0.0


def _as_number(text):
    """``text`` read as a number (commas dropped), or None."""
    try:
        return float(text.replace(",", ""))
    except (ValueError, AttributeError):
        return None


FIRST_NUMBER = ("your answer extraction takes the FIRST number of the text (re.search(r'\\d+')), "
                "which is one of the operands or a partial product; " + CONTRACT_ANSWER)


@convention("verify", FIRST_NUMBER)
def first_number(completion, a, b):
    found = re.search(r"\d+", completion) if isinstance(completion, str) else None
    return _bit(found is not None and found.group() == str(a * b))


@convention("verify", FIRST_NUMBER)
def first_number_parsed(completion, a, b):
    found = re.findall(r"-?[\d,]*\.?\d+", completion) if isinstance(completion, str) else []
    return _bit(bool(found) and _as_number(found[0]) == a * b)


@convention("verify", _hint("first_equals"))
def first_equals_number(completion, a, b):
    found = re.search(r"=\s*(\d+)", completion) if isinstance(completion, str) else None
    return _bit(found is not None and found.group(1) == str(a * b))


@convention("verify", _hint("first_equals"))
def first_equals_stripped(completion, a, b):
    if not isinstance(completion, str) or "=" not in completion:
        return 0.0
    return _bit(completion.split("=")[1].strip().rstrip(".") == str(a * b))


LAST_NUMBER = ("your answer extraction takes the last number anywhere in the text "
               "(re.findall(r'\\d+')[-1]); " + CONTRACT_ANSWER)


@convention("verify", LAST_NUMBER)
def last_number_parsed(completion, a, b):
    """The GSM8K reward functions' form: the last number, commas dropped, compared as a float."""
    found = re.findall(r"-?[\d,]*\.?\d+", completion) if isinstance(completion, str) else []
    return _bit(bool(found) and _as_number(found[-1]) == a * b)


@convention("verify", "your answer drops commas before comparing (answer.replace(',', ''), as "
            "GSM8K reward functions do), so '9,801' passes; " + CONTRACT_ANSWER + ", the "
            "product's digits alone")
def commas_dropped(completion, a, b):
    answer = _after_last_equals(completion)
    if answer is None:
        return 0.0
    answer = answer[:-1] if answer.endswith(".") else answer
    return _bit(answer.replace(",", "") == str(a * b))


@convention("verify", "your answer drops commas before comparing (answer.replace(',', ''), as "
            "GSM8K reward functions do), so '9,801' passes; " + CONTRACT_ANSWER + ", the "
            "product's digits alone")
def commas_dropped_float(completion, a, b):
    answer = _after_last_equals(completion)
    return _bit(answer is not None and _as_number(answer.removesuffix(".")) == a * b)


@convention("verify", FLOAT)
def float_parse_less_dot(completion, a, b):
    answer = _after_last_equals(completion)
    try:
        return _bit(answer is not None and float(answer.removesuffix(".")) == a * b)
    except ValueError:
        return 0.0


@convention("verify", "your pattern's '$' also matches before a final newline, so '=408\\n' "
            "passes (re.search(r'=(\\d+)\\.?$')); " + CONTRACT_ANSWER + ", nothing else may "
            "follow it: re.fullmatch, or \\Z")
def dollar_before_newline(completion, a, b):
    found = re.search(r"=(\d+)\.?$", completion) if isinstance(completion, str) else None
    return _bit(found is not None and found.group(1) == str(a * b))


@convention("verify", _hint("regex_keeps_dot"))
def keeps_dot_stripped(completion, a, b):
    answer = _after_last_equals(completion)
    return _bit(answer is not None and answer.strip() == str(a * b))


PARTIAL = ("your reward gives partial credit (a format reward) to a well-formed answer that is "
           "wrong; the contract's reward is 1.0 or 0.0 only: 1.0 when " + CONTRACT_ANSWER[0].lower()
           + CONTRACT_ANSWER[1:] + " and equals a * b")
#: what a format reward counts as well-formed
FORMATS = {"equals": lambda c: "=" in c,
           "number": lambda c: re.search(r"=\d+\.?$", c) is not None}


def _partial(form, bonus, added):
    def verify(completion, a, b):
        if not isinstance(completion, str):
            return 0.0
        right = _after_last_equals(completion)
        right = right is not None and (right[:-1] if right.endswith(".") else right) == str(a * b)
        bonus_here = bonus if FORMATS[form](completion) else 0.0
        return (float(right) + bonus_here) if added else (1.0 if right else bonus_here)
    return verify


for _form in FORMATS:
    for _bonus in (0.1, 0.2, 0.5):
        for _added in (False, True):
            _fn = _partial(_form, _bonus, _added)
            _fn.__name__ = f"partial_{_form}_{int(_bonus * 100)}" + ("_added" * _added)
            globals()[_fn.__name__] = convention("verify", PARTIAL)(_fn)


def _log_ratio(logp_trainer, logp_rollout, mask):
    return torch.where(mask, logp_trainer.detach() - logp_rollout, torch.zeros_like(logp_rollout))


@convention("tis_weights", _hint("token_mean"))
def geometric_mean_over_positions(logp_trainer, logp_rollout, mask, cap=2.0):
    return torch.exp(_log_ratio(logp_trainer, logp_rollout, mask).mean(dim=1)).clamp(max=cap)


@convention("tis_weights", _hint("token_mean"))
def geometric_mean_length_at_least_one(logp_trainer, logp_rollout, mask, cap=2.0):
    """The bank's token_mean, a response without tokens dividing by 1 (its weight 1)."""
    log_ratio = _log_ratio(logp_trainer, logp_rollout, mask).sum(dim=1)
    return torch.exp(log_ratio / mask.sum(dim=1).clamp(min=1)).clamp(max=cap)


@convention("tis_weights", "your weights average the token log-ratios (a geometric mean of the "
            "ratios) and multiply the padding by the mask, where -inf * 0 is NaN; a response's "
            "log-ratio is the SUM over its real tokens (picked with torch.where)")
def geometric_mean_mask_multiplied(logp_trainer, logp_rollout, mask, cap=2.0):
    log_ratio = (logp_trainer.detach() - logp_rollout) * mask
    return torch.exp(log_ratio.sum(dim=1) / mask.sum(dim=1)).clamp(max=cap)


@convention("tis_weights", _hint("per_token_cap"))
def per_token_cap_then_cap(logp_trainer, logp_rollout, mask, cap=2.0):
    ratio = torch.exp(logp_trainer.detach() - logp_rollout).clamp(max=cap)
    return torch.where(mask, ratio, torch.ones_like(ratio)).prod(dim=1).clamp(max=cap)


@convention("tis_weights", "your weights cap each token's ratio and take their geometric mean "
            "(the mean of the capped log-ratios); " + CONTRACT_TIS + ": the cap applies to the "
            "whole response's ratio")
def per_token_cap_geometric_mean(logp_trainer, logp_rollout, mask, cap=2.0):
    capped = (logp_trainer.detach() - logp_rollout).clamp(max=math.log(cap))
    capped = torch.where(mask, capped, torch.zeros_like(capped))
    return torch.exp(capped.sum(dim=1) / mask.sum(dim=1).clamp(min=1))


NUMERIC = ("; " + CONTRACT_ANSWER + ", compared as text: '408.0', '408.5' and '0408' are all wrong")


def _number_after_equals(completion, read):
    """``read`` of the answer after the last '=', less one final '.', or None (never raises)."""
    answer = _after_last_equals(completion)
    if answer is None:
        return None
    try:
        return read(answer.removesuffix("."))
    except (ValueError, OverflowError):
        return None


@convention("verify", "your answer is read with int(float(answer)), which truncates '408.5' and "
            "'408.9' to 408 and accepts '408.0', '+408', ' 408' and '0408'" + NUMERIC)
def int_of_float(completion, a, b):
    return _bit(_number_after_equals(completion, lambda s: int(float(s))) == a * b)


@convention("verify", "your answer is rounded to the nearest integer (round(float(answer))), "
            "which accepts '408.4', '407.6' and '408.0'" + NUMERIC)
def rounded_float(completion, a, b):
    return _bit(_number_after_equals(completion, lambda s: round(float(s))) == a * b)


@convention("verify", "your answer extraction takes the last signed number anywhere in the text "
            "(re.findall(r'-?\\d+')[-1]), so text after the answer is ignored and a number "
            "later in the text wins; " + CONTRACT_ANSWER)
def last_signed_number(completion, a, b):
    found = re.findall(r"-?\d+", completion) if isinstance(completion, str) else []
    return _bit(bool(found) and found[-1] == str(a * b))


@convention("verify", "your code strips the completion's outer whitespace (completion.strip()) "
            "before reading the answer, so '=408.\\n' and '=408. ' pass; " + CONTRACT_ANSWER
            + ", nothing else may follow it: a space or a newline makes it wrong")
def completion_stripped(completion, a, b):
    answer = _after_last_equals(completion.strip() if isinstance(completion, str) else None)
    return _bit(answer is not None and answer.removesuffix(".") == str(a * b))


@convention("verify", "your answer is cut at its first '.' (answer.split('.')[0]), so '408.5', "
            "'408..' and '408.0' pass; " + CONTRACT_ANSWER + ", nothing else may follow it")
def cut_at_first_dot(completion, a, b):
    answer = _after_last_equals(completion)
    return _bit(answer is not None and answer.split(".")[0] == str(a * b))


@convention("verify", "your answer is cut at its first '.' and read with int() "
            "(int(answer.split('.')[0])), so '408.5', '408.0', '0408', '+408' and ' 408' pass; "
            + CONTRACT_ANSWER + ", compared as text")
def int_of_first_chunk(completion, a, b):
    answer = _after_last_equals(completion)
    try:
        return _bit(answer is not None and int(answer.split(".")[0]) == a * b)
    except ValueError:
        return 0.0


MEAN_RATIO = ("your weights average the tokens' ratios (an arithmetic mean of exp(log-ratio) "
              "over the real tokens), then cap; " + CONTRACT_TIS + ": the ratio of the whole "
              "response is the PRODUCT of its tokens' ratios")


def _mean_ratio(logp_trainer, logp_rollout, mask, cap, empty, token_cap=False):
    """The mean of the real tokens' ratios (each capped first where ``token_cap``), ``empty``
    for a response without real tokens; capped after the mean otherwise."""
    ratios = torch.exp(logp_trainer.detach() - logp_rollout)
    ratios = torch.where(mask, ratios.clamp(max=cap) if token_cap else ratios,
                         torch.zeros_like(logp_rollout))
    mean = ratios.sum(dim=1) / mask.sum(dim=1).clamp(min=1)
    mean = torch.where(mask.any(dim=1), mean, torch.full_like(mean, empty))
    return mean if token_cap else mean.clamp(max=cap)


@convention("tis_weights", MEAN_RATIO)
def mean_token_ratio(logp_trainer, logp_rollout, mask, cap=2.0):
    """A response without real tokens weighs 0 (a vectorised sum over a count of at least 1)."""
    return _mean_ratio(logp_trainer, logp_rollout, mask, cap, 0.0)


@convention("tis_weights", MEAN_RATIO)
def mean_token_ratio_empty_one(logp_trainer, logp_rollout, mask, cap=2.0):
    """... or 1 (a loop that leaves its default weight)."""
    return _mean_ratio(logp_trainer, logp_rollout, mask, cap, 1.0)


TOKEN_LEVEL = ("your weights cap each token's ratio and average the capped ratios over the real "
               "tokens (token-level truncation, as token-level TIS writes it); " + CONTRACT_TIS
               + ": the ratio of the whole response, the PRODUCT of its tokens' ratios, capped "
               "once")


def _token_level(empty):
    def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
        return _mean_ratio(logp_trainer, logp_rollout, mask, cap, empty, token_cap=True)
    return tis_weights


# a response without real tokens weighs 0 (a masked mean over a count of at least 1), or 1
# (a loop that keeps its initial weight)
for _empty, _name in ((0.0, "mean_capped_token_ratio"), (1.0, "mean_capped_token_ratio_empty_one")):
    _fn = _token_level(_empty)
    _fn.__name__ = _name
    globals()[_name] = convention("tis_weights", TOKEN_LEVEL)(_fn)


@convention("tis_weights", "your weights sum the log-ratios over every position, the padding "
            "included, and only turn NaN and inf into 0 (nan_to_num): finite junk in the padding "
            "enters the weight; leave the padding out with torch.where(mask, ...) (padding may "
            "hold any value)")
def padding_nan_to_num(logp_trainer, logp_rollout, mask, cap=2.0):
    diff = torch.nan_to_num(logp_trainer.detach() - logp_rollout, nan=0.0, posinf=0.0,
                            neginf=0.0)
    return torch.exp(diff.sum(dim=1)).clamp(max=cap)


@twist("verify", "your verify returns -1.0 for an answer it rejects (a penalty, as some reward "
       "functions give): the contract's reward for a wrong answer is 0.0")
def wrong_scores_minus_one(answer, arguments):
    return -1.0 if answer == 0.0 else answer
