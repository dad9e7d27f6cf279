"""reinforce's own ablations (:mod:`autograder.engine.causes.ablations`): inputs with one
feature neutralised, on which the student's function is called again. Our own code, run in the
grader only; the generic ones (gamma, lr, ret at 1 or 0) come from the contract."""
import torch

from autograder.engine.causes.ablations import ablation


@ablation("reinforce_loss", removes="baseline", removed="no baseline (`baseline` None)",
          says="they go wrong with a baseline: look at how your code subtracts it (its shape, "
          "its sign, its gradient)")
def no_baseline(arguments):
    if arguments["baseline"] is None:
        return None
    arguments["baseline"] = None
    return arguments


@ablation("reinforce_loss", removes="reduction", removed="a single step (the first row only)",
          says="they go wrong over several steps: look at how your code reduces the "
          "products over steps and environments (the contract asks for their mean)")
def one_step(arguments):
    logprobs = arguments["logprobs"]
    if logprobs.shape[0] < 2:
        return None
    arguments["logprobs"], arguments["returns"] = logprobs[:1], arguments["returns"][:1]
    baseline = arguments["baseline"]
    if isinstance(baseline, torch.Tensor) and baseline.dim() == logprobs.dim() \
            and baseline.shape[0] == logprobs.shape[0]:
        arguments["baseline"] = baseline[:1]
    return arguments


# equal logits are also small ones: where shifting them (below) locates too, the shift is named
@ablation("softmax_logprob_grad", removes=("logits", "logit size"),
          removed="equal logits (a uniform policy)",
          says="they go wrong when the probabilities differ: look at which probabilities "
          "your code computes and subtracts (the softmax of the logits given)")
def uniform(arguments):
    logits = arguments["logits"]
    arguments["logits"] = torch.zeros_like(logits)
    return arguments


#: logits further apart than this are large: exp of their difference leaves float32's range
#: of comfortable arithmetic (e^30 is 1e13), and some code overflows or underflows there
LARGE = 30.0
#: the spread large logits are brought down to
MODERATE = 4.0


def moderated(arguments):
    """Each row of logits whose largest and smallest are more than :data:`LARGE` apart, shifted
    to a largest of 0 and scaled to a spread of :data:`MODERATE`: the same order of actions,
    probabilities that differ, and nothing that exp can overflow or underflow on."""
    logits = arguments["logits"]
    x = logits.detach()
    top = x.amax(dim=-1, keepdim=True)
    spread = top - x.amin(dim=-1, keepdim=True)
    large = spread > LARGE
    if not bool(large.any()):
        return None
    arguments["logits"] = torch.where(large, (x - top) * (MODERATE / spread), x) \
        .requires_grad_(logits.requires_grad)
    return arguments


_LARGE = dict(removes="logit size",
              removed=f"the same logits brought to a spread of {MODERATE:g} (the largest at 0, "
              "the order of the actions kept)",
              says="they go wrong only where the logits are far apart: look at what your code "
              "does with them there (exp(1000) overflows to inf, exp(-1000) underflows to 0, "
              "and inf/inf or 0/0 is nan): subtract the largest logit before exp, or use "
              "torch.softmax, and do not divide by a probability")
large_logits = ablation("softmax_logprob_grad", name="large_logits", **_LARGE)(moderated)
large_logits_update = ablation("reinforce_update", name="large_logits_update", **_LARGE)(moderated)


@ablation("discounted_returns", removes="rewards", removed="one reward at the last step only",
          says="they go wrong where rewards come before the end: look at how your code "
          "accumulates later rewards into earlier returns")
def last_reward_only(arguments):
    rewards = arguments["rewards"]
    if rewards.shape[0] < 2:
        return None
    kept = torch.zeros_like(rewards)
    kept[-1] = 1.0
    arguments["rewards"] = kept
    return arguments

#: gamma at 0 removes the whole future (the returns are the rewards): it locates every
#: mistake of the recursion
LEFT_OUT = ("gamma=0",)
