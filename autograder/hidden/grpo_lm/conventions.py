"""Other conventions of the capstone's functions, as homework and public reward functions write
them, for the closest convention (:mod:`autograder.engine.causes.closest`). Our own code, run in
the grader only."""
import re

import torch

from autograder.engine.causes.closest import convention

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


@convention("verify", "your answer is parsed as a float (float(answer) == a * b), which accepts "
            "'408.0', '+408', ' 408' and '0408'; " + CONTRACT_ANSWER + ", compared as text")
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
