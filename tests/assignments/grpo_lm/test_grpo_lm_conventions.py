"""Verifiers and importance weights written as public reward functions and homework write them
(GSM8K-style extraction, format rewards, numeric comparison, token-level weights), in several
styles each: the pipeline of likely causes names what each computes, through the closest
convention of autograder/hidden/grpo_lm/conventions.py. None of them is a file of the mistake
bank; the correct forms of tests/fair/grpo_lm get no convention (tests/test_closest.py)."""
import math
import re
from itertools import groupby

import pytest
import torch

from autograder.authoring import course
from convention_forms import assert_cause

CAPSTONE = course.get("grpo_lm")


# -- verify -------------------------------------------------------------------------------

def first_number_search(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    m = re.search(r"(\d+)", completion)
    return 1.0 if m is not None and m.group(1) == str(a * b) else 0.0


def first_number_findall(completion, a, b):
    try:
        return float(re.findall(r"\d+", completion)[0] == str(a * b))
    except (IndexError, TypeError):
        return 0.0


#: a number as GSM8K reward functions read one: a sign, digits grouped by commas, decimals
NUMBER = re.compile(r"-?\d[\d,]*\.?\d*")


def gsm8k_last_number(completion, a, b):
    """The last number of the text, commas and a final '.' dropped, compared as a float."""
    found = NUMBER.findall(completion) if isinstance(completion, str) else []
    value = _float(found[-1].replace(",", "").rstrip(".")) if found else None
    return float(value is not None and math.isclose(value, a * b))


def _float(text):
    try:
        return float(text)
    except ValueError:
        return None


def last_integer_loop(completion, a, b):
    """Runs of digits by itertools.groupby; the last run is the answer."""
    if not isinstance(completion, str):
        return 0.0
    runs = ["".join(g) for digit, g in groupby(completion, key=lambda c: c in "0123456789")
            if digit]
    return 1.0 if runs and runs[-1] == str(a * b) else 0.0


def format_reward_tenth(completion, a, b):
    if not isinstance(completion, str) or "=" not in completion:
        return 0.0
    answer = completion.rsplit("=", 1)[1]
    answer = answer[:-1] if answer.endswith(".") else answer
    return 1.0 if answer == str(a * b) else 0.1


def format_reward_added(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    fmt = 0.5 if re.search(r"=\d+\.?$", completion) else 0.0
    m = re.fullmatch(r".*=(\d+)\.?", completion, flags=re.S)
    correct = 1.0 if m and m.group(1) == str(a * b) else 0.0
    return correct + fmt


def commas_removed(completion, a, b):
    if not isinstance(completion, str) or "=" not in completion:
        return 0.0
    answer = completion.split("=")[-1].removesuffix(".").replace(",", "")
    return 1.0 if answer == str(a * b) else 0.0


def commas_float(completion, a, b):
    if not isinstance(completion, str) or "=" not in completion:
        return 0.0
    answer = completion[completion.rfind("=") + 1:]
    if answer.endswith("."):
        answer = answer[:-1]
    try:
        return 1.0 if float(answer.replace(",", "")) == float(a * b) else 0.0
    except ValueError:
        return 0.0


def float_compare(completion, a, b):
    try:
        return 1.0 if float(completion.rsplit("=", 1)[1].removesuffix(".")) == a * b else 0.0
    except (AttributeError, IndexError, ValueError):
        return 0.0


def dollar_newline(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    m = re.search(r"=(\d+)\.?$", completion)
    return 1.0 if m is not None and m.group(1) == str(a * b) else 0.0


def first_number_loop(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    digits = ""
    for ch in completion:
        if ch in "0123456789":
            digits += ch
        elif digits:
            break
    return 1.0 if digits == str(a * b) else 0.0


def first_number_split(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    words = re.split(r"\D+", completion)
    first = next((w for w in words if w), "")
    return float(first == str(a * b))


def last_number_reversed(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    found = re.search(r"(\d+)\D*$", completion)
    return 1.0 if found and found.group(1) == str(a * b) else 0.0


def last_number_tokens(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    numbers = [t for t in re.split(r"[^0-9]", completion) if t]
    return 1.0 if numbers and numbers[-1] == str(a * b) else 0.0


def format_reward_fifth(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    answer = completion.rsplit("=", 1)[-1].removesuffix(".") if "=" in completion else None
    if answer == str(a * b):
        return 1.0
    return 0.2 if "=" in completion else 0.0


def format_reward_regex(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    m = re.search(r"=(\d+)\.?$", completion)
    if m is None:
        return 0.0
    right = completion.rsplit("=", 1)[1].removesuffix(".") == str(a * b)
    return 1.0 if right else 0.1


def format_reward_sum(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    reward = 0.1 if "=" in completion else 0.0
    tail = completion.rsplit("=", 1)[-1]
    if "=" in completion and tail.removesuffix(".") == str(a * b):
        reward += 1.0
    return reward


def commas_regex(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    m = re.fullmatch(r".*=([\d,]*)\.?", completion, flags=re.S)
    return 1.0 if m and m.group(1).replace(",", "") == str(a * b) else 0.0


def commas_int(completion, a, b):
    if not isinstance(completion, str) or "=" not in completion:
        return 0.0
    text = completion.split("=")[-1]
    text = text[:-1] if text.endswith(".") else text
    text = text.replace(",", "")
    return 1.0 if text.isdigit() and text == str(a * b) else 0.0


def dollar_multiline(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    m = re.search(r"=([0-9]+)[.]?$", completion)
    return float(bool(m) and m.group(1) == str(a * b))


FIRST = r"FIRST number"
LAST = r"last number anywhere"
PARTIAL = r"partial credit"
COMMAS = r"drops commas"
VERIFIERS = [
    (first_number_search, FIRST), (first_number_findall, FIRST), (gsm8k_last_number, LAST),
    (last_integer_loop, LAST), (format_reward_tenth, PARTIAL), (format_reward_added, PARTIAL + r"|plus 0.5 on all"),
    (commas_removed, COMMAS), (commas_float, COMMAS), (float_compare, r"parsed as a float"),
    (dollar_newline, r"before a final newline"),
    (first_number_loop, FIRST), (first_number_split, FIRST), (last_number_reversed, LAST),
    (last_number_tokens, LAST), (format_reward_fifth, PARTIAL), (format_reward_regex, PARTIAL),
    (format_reward_sum, PARTIAL + r"|plus 0.1 on all"), (commas_regex, COMMAS),
    (commas_int, COMMAS), (dollar_multiline, r"before a final newline"),
]


# -- tis_weights --------------------------------------------------------------------------

def geometric_mean_all_positions(logp_trainer, logp_rollout, mask, cap=2.0):
    diff = torch.where(mask, logp_trainer.detach() - logp_rollout, 0.0)
    return diff.mean(-1).exp().clamp(max=cap)


def geometric_mean_multiplied(logp_trainer, logp_rollout, mask, cap=2.0):
    m = mask.to(logp_rollout.dtype)
    log_ratio = ((logp_trainer.detach() - logp_rollout) * m).sum(1) / m.sum(1)
    return torch.clamp(torch.exp(log_ratio), max=cap)


def token_cap_loop(logp_trainer, logp_rollout, mask, cap=2.0):
    out = []
    for i in range(mask.shape[0]):
        w = logp_trainer.new_ones(())
        for t in range(mask.shape[1]):
            if mask[i, t]:
                w = w * min(math.exp(float(logp_trainer[i, t] - logp_rollout[i, t])), cap)
        out.append(min(float(w), cap))
    return torch.tensor(out, dtype=logp_rollout.dtype)


def token_cap_geometric(logp_trainer, logp_rollout, mask, cap=2.0):
    log_ratio = (logp_trainer.detach() - logp_rollout).clamp(max=math.log(cap))
    log_ratio = log_ratio.masked_fill(~mask, 0.0)
    return torch.exp(log_ratio.sum(1) / mask.sum(1).clamp(min=1))


def geometric_mean_numpy(logp_trainer, logp_rollout, mask, cap=2.0):
    import numpy as np
    diff = np.where(mask.numpy(), (logp_trainer.detach() - logp_rollout).numpy(), 0.0)
    w = np.minimum(np.exp(diff.sum(1) / np.maximum(mask.numpy().sum(1), 1)), cap)
    return torch.from_numpy(w).to(logp_rollout.dtype)


def geometric_mean_float32(logp_trainer, logp_rollout, mask, cap=2.0):
    diff = (logp_trainer.detach() - logp_rollout).float().masked_fill(~mask, 0.0)
    w = torch.exp(diff.sum(-1) / mask.sum(-1).clamp(min=1)).clamp(max=cap)
    return w.to(logp_rollout.dtype)


def token_cap_vectorised(logp_trainer, logp_rollout, mask, cap=2.0):
    ratios = torch.exp(logp_trainer.detach() - logp_rollout)
    ratios = torch.minimum(ratios, torch.full_like(ratios, cap))
    return ratios.masked_fill(~mask, 1.0).prod(-1)


def token_cap_log_space(logp_trainer, logp_rollout, mask, cap=2.0):
    log_ratio = torch.clamp(logp_trainer.detach() - logp_rollout, max=math.log(cap))
    return torch.where(mask, log_ratio, torch.zeros_like(log_ratio)).sum(1).exp()


WEIGHTS = [
    (geometric_mean_all_positions, r"averaged the token log-ratios"),
    (geometric_mean_multiplied, r"average the token log-ratios.*NaN"),
    (token_cap_loop, r"capped each token's ratio"),
    (token_cap_geometric, r"cap each token's ratio and take their geometric mean"),
    (geometric_mean_numpy, r"averaged the token log-ratios"),
    (geometric_mean_float32, r"averaged the token log-ratios"),
    (token_cap_vectorised, r"capped each token's ratio"),
    (token_cap_log_space, r"capped each token's ratio"),
]


FORMS = [("verify", f, cause) for f, cause in VERIFIERS] + \
    [("tis_weights", f, cause) for f, cause in WEIGHTS]


@pytest.mark.parametrize("graded,function,cause", FORMS, ids=[f.__name__ for _, f, _ in FORMS])
def test_public_forms_of_a_convention_get_its_cause(graded, function, cause):
    assert_cause(CAPSTONE.name, graded, function, cause)
