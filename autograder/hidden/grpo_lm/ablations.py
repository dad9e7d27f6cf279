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
