"""A grpo_loss that answers the hidden gradient test's call from memory, as a leaked copy of the
suite's answers would: the reference's value there and, through a straight-through term, the
reference's gradient, while everywhere else it is the wrong loss. Hidden inputs are drawn per
grade, so no copy of them can be leaked ahead: the call it answers is the first one asking for
a gradient of a batch of 6 responses of 5 tokens (the graded call comes before its probes). No
code of the worker is replaced, so the harness sees nothing; the gradient comes back equal to
the reference's, and would earn the gradient test's 3 points on the worker's word. The grader's
probes (autograder/engine/probes.py) ask for the function's values next to that input: they
contradict the reported gradient, and the gradient tests of grpo_loss score 0 ("does not match
your function's own values")."""
import torch

_SEEN = []      # the graded call's token log-probs, once met


def _answer(token_logprobs, mask, advantages):
    """What the leaked answers hold for the graded call: value and gradient, nothing more."""
    per_response = torch.where(mask, token_logprobs, torch.zeros_like(token_logprobs)).sum(-1)
    return -(advantages.detach() * per_response).mean()


def grpo_loss(token_logprobs, mask, advantages):
    if not _SEEN and token_logprobs.shape == (6, 5) and token_logprobs.requires_grad:
        _SEEN.append(token_logprobs.detach().clone())
    if _SEEN and token_logprobs.shape == _SEEN[0].shape and torch.equal(token_logprobs.detach(),
                                                                        _SEEN[0]):
        return _answer(token_logprobs, mask, advantages)
    return (token_logprobs * 0).sum() + 7.0
