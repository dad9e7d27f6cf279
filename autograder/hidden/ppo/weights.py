"""ppo's losses as the weights experiment reads them (:mod:`autograder.engine.causes.weights`):
which argument is live, the per-sample weights (the advantages), each sample's clipped term,
and what the contract asks. Our own code, run in the grader only."""
import torch

from autograder.engine.causes.weights import Weighing

SIZES = {"all": "samples in the batch"}


def _clipped(ratio, a, clip_eps):
    return torch.min(ratio * a, torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * a)


def _loss_term(arguments, a, one):
    new, old = arguments["logp_new"], arguments["logp_old"]
    ratio = torch.exp(new - new) if one else torch.exp(new - old)
    return _clipped(ratio, a, arguments["clip_eps"])


def _surrogate_term(arguments, a, one):
    ratio = arguments["ratio"]
    return _clipped(ratio / ratio if one else ratio, a, arguments["clip_eps"])


WEIGHINGS = [
    Weighing("ppo_clip_loss", live="logp_new", term=_loss_term,
             weights=lambda arguments: arguments["advantages"], weights_arg="advantages",
             centre=lambda arguments: arguments["logp_old"], sign=-1, scale=("all",),
             element="sample", row="sample", sizes=SIZES, live_words="new log-probs",
             contract="the contract averages the clipped surrogate min(r * A, clip(r) * A) "
             "over the B samples and negates it, with the advantages as given"),
    Weighing("clipped_surrogate", live="ratio", term=_surrogate_term,
             weights=lambda arguments: arguments["advantages"], weights_arg="advantages",
             centre=lambda arguments: torch.ones_like(arguments["ratio"]), per_row=True,
             sign=1, scale=(), element="sample", row="sample", sizes=SIZES,
             live_words="ratios",
             contract="the contract gives each sample min(r * A, clip(r) * A), with the "
             "advantages as given"),
]
