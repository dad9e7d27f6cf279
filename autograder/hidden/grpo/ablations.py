"""grpo's own ablations (:mod:`autograder.engine.causes.ablations`): inputs with one feature
of a batch of responses neutralised, on which the student's function is called again. Our own
code, run in the grader only; the generic ones (a mask all True, normalize_std False, eps at 0)
come from the contract."""
import torch

from autograder.engine.causes.ablations import ablation


@ablation("group_advantages", removes="groups",
          removed="one group (the first whose rewards differ)",
          says="they go wrong with several groups: look at the dimension your code takes "
          "each group's mean (and std) over")
def one_group(arguments):
    rewards = arguments["rewards"]
    differ = (rewards.amax(dim=1) != rewards.amin(dim=1)).nonzero()
    if rewards.shape[0] < 2 or not len(differ):
        return None
    first = int(differ[0, 0])
    arguments["rewards"] = rewards[first:first + 1]
    return arguments


@ablation("group_advantages", removes="equal rewards",
          removed="only groups whose rewards differ",
          says="they go wrong for a group whose rewards are all equal: look at what your "
          "code gives it (the contract asks for exactly 0)")
def distinct(arguments):
    rewards = arguments["rewards"]
    equal = rewards.amax(dim=1) == rewards.amin(dim=1)
    if not bool(equal.any()) or bool(equal.all()):
        return None
    arguments["rewards"] = rewards[~equal]
    return arguments


def _zero_padding(arguments):
    mask, lp = arguments["mask"], arguments["token_logprobs"]
    if bool(mask.all()):
        return None
    arguments["token_logprobs"] = torch.where(mask, lp, torch.zeros_like(lp)).detach() \
        .requires_grad_(lp.requires_grad)
    return arguments


def _one_token(arguments):
    mask, lp = arguments["mask"], arguments["token_logprobs"]
    if lp.shape[1] < 2:
        return None
    arguments["token_logprobs"] = lp[:, :1].detach().clone().requires_grad_(lp.requires_grad)
    arguments["mask"] = torch.ones_like(mask[:, :1])
    return arguments


for _fn in ("sequence_logprob", "grpo_loss"):
    globals()[f"zero_padding_{_fn}"] = ablation(
        _fn, removes="padding values", removed="0 in every padded position",
        says="they go wrong when the padding holds other values (-inf, junk): look at how "
        "your code leaves the padding out")(_zero_padding)
    globals()[f"one_token_{_fn}"] = ablation(
        _fn, removes=("length", "mask", "padding values"),
        removed="responses of one real token each",
        says="they go wrong with longer responses: look at how your code sums over a "
        "response's tokens and averages over responses")(_one_token)


@ablation("grpo_loss", removes="advantage sign", removed="every advantage positive",
          says="they go wrong where an advantage is negative: look at the sign your code "
          "gives the loss")
def positive(arguments):
    arguments["advantages"] = arguments["advantages"].abs()
    return arguments
