"""grpo_lm's own ablations (:mod:`autograder.engine.causes.ablations`): inputs with one feature
neutralised, on which the student's function is called again. Our own code, run in the grader
only; the generic ones (a mask all True, cap at 1 or 0) come from the contract."""
import importlib.util
import re
import sys
from pathlib import Path

import torch

from autograder.engine.causes.ablations import ablation, experiment

_spec = importlib.util.spec_from_file_location("_autograde_grpo_lm_probes",
                                               Path(__file__).with_name("probes.py"))
probes = sys.modules[_spec.name] = importlib.util.module_from_spec(_spec)   # its dataclasses
_spec.loader.exec_module(probes)

_FINAL = re.compile(r"(.*=[0-9]*\.?)", re.S)
#: a cap no weight of the inputs reaches
HIGH = 1e30


@ablation("verify", removes="trailing text",
          removed="every completion cut right after its final answer",
          says="they go wrong when something follows the final answer: look at how your code "
          "reads the end of the completion (nothing may follow the number but one '.')")
def cut_after_answer(arguments):
    text = arguments["completion"]
    if not isinstance(text, str) or "=" not in text:
        return None
    found = _FINAL.match(text)
    if found is None or found.group(1) == text:
        return None
    arguments["completion"] = found.group(1)
    return arguments


@experiment("verify")
def verify_probes(failed, passed, reference_fn, ask, agree):
    """verify answers a bit: its mistake is found by probes, one textual feature each
    (probes.py), before the ablations below."""
    return probes.explain(failed, passed, reference_fn, ask, agree)


@ablation("tis_weights", removes="cap", removed="a cap that no weight reaches",
          says="they go wrong where a weight is capped: look at how your code caps the "
          "response's weight (from above only, after the sum of log-ratios)")
def nothing_capped(arguments):
    arguments["cap"] = HIGH
    return arguments


@ablation("tis_weights", removes="padding values", removed="0 in every padded position",
          says="they go wrong when the padding holds other values (-inf, junk): look at how "
          "your code leaves the padding out")
def zero_padding(arguments):
    mask = arguments["mask"]
    if bool(mask.all()):
        return None
    for k in ("logp_trainer", "logp_rollout"):
        lp = arguments[k]
        arguments[k] = torch.where(mask, lp, torch.zeros_like(lp)).detach() \
            .requires_grad_(lp.requires_grad)
    return arguments


#: the generic mask all True would make the padding's junk (-inf included) real tokens;
#: :func:`all_real` makes the padding real tokens whose log-ratio is 0 instead
LEFT_OUT = ("tis_weights:mask=True",)


@ablation("tis_weights", removes=("padding values", "padding"),
          removed="every padded position made a real token of log-ratio 0 (`mask` all True, "
          "0 in both log-probs there)",
          says="they go wrong where `mask` is False: look at how your code leaves the padding "
          "out")
def all_real(arguments):
    mask = arguments["mask"]
    if bool(mask.all()):
        return None
    arguments = zero_padding(arguments)
    arguments["mask"] = torch.ones_like(mask)
    return arguments


# one token per response removes how the tokens' ratios are combined, and so where the cap
# applies (to each token or to the response): it contains ``cap``, and :func:`nothing_capped`
# is named where both make the code right
@ablation("tis_weights", removes=("several tokens", "cap"),
          removed="one real token per response (the others made padding)",
          says="they go wrong when a response has several tokens: look at how your code "
          "combines the tokens' ratios (the response's ratio is the PRODUCT of its tokens' "
          "ratios: the exp of the SUM of their log-ratios, capped once)")
def one_token(arguments):
    mask = arguments["mask"]
    first = mask & (mask.cumsum(dim=1) == 1)
    if bool((mask.sum(dim=1) <= 1).all()):
        return None
    arguments["mask"] = first
    return arguments


@ablation("tis_weights", removes="small weights",
          removed="every real token's log-ratio made non-negative (no weight below 1)",
          says="they go wrong where a weight is below 1: look at what your code does to small "
          "weights (the contract keeps them as they are: the cap bounds a weight from above "
          "only)")
def no_small_weight(arguments):
    lt, lr, mask = arguments["logp_trainer"], arguments["logp_rollout"], arguments["mask"]
    if not bool((torch.where(mask, lt.detach() - lr, torch.zeros_like(lr)) < 0).any()):
        return None
    raised = torch.where(mask, lr + (lt.detach() - lr).abs(), lt.detach())
    arguments["logp_trainer"] = raised.detach().requires_grad_(lt.requires_grad)
    return arguments
