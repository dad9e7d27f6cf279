# Provided with this assignment: the reference solution of "grpo".
# Generated from solutions/grpo/grpo.py by `autograde release`.
"""GRPO: the group's mean reward as the baseline, and the loss in a few lines.

A language model answers each prompt G times; a verifier scores every answer.
Instead of learning a value function, GRPO compares each answer with its
siblings: the advantage is the reward minus the group's mean reward
(optionally divided by the group's standard deviation). Every token of an
answer then shares that one advantage in a REINFORCE-style loss.

Shapes: P prompts, G responses per prompt, N = P * G responses in a batch, L
tokens per (padded) response.
"""
import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    """Each reward minus its own group's mean (optionally over the group's std + eps).

    ==================  ===========  =======================================
    argument            shape/dtype  meaning
    ==================  ===========  =======================================
    ``rewards``         ``(P, G)``   reward of response g to prompt p
    ``normalize_std``   bool         also divide by (population std + eps)
    ``eps``             float        keeps the division finite when a
                                     group's std is 0 or tiny
    returns             ``(P, G)``   advantages; each row sums to 0
    ==================  ===========  =======================================

    A group whose rewards are all equal gets exactly 0, normalised or not.
    Make sure of it: in float32 the mean of three rewards of 0.9 is not
    exactly 0.9, and dividing that rounding error by a std just as tiny
    (plus eps) gives about 0.06, not 0:

    >>> group_advantages(torch.tensor([[0.9, 0.9, 0.9]]), normalize_std=True)
    tensor([[0., 0., 0.]])

    The table exercise: rollouts A-D earn 0, 1, 1, 0. A group where every
    answer is right (or wrong) teaches nothing; with three right, the lone
    error is pushed down three times harder than each success is pushed up:

    >>> group_advantages(torch.tensor([[0., 1., 1., 0.], [1., 1., 1., 1.], [1., 1., 1., 0.]]))
    tensor([[-0.5000,  0.5000,  0.5000, -0.5000],
            [ 0.0000,  0.0000,  0.0000,  0.0000],
            [ 0.2500,  0.2500,  0.2500, -0.7500]])
    >>> group_advantages(torch.tensor([[1., 0., 0., 0.], [0.9, 0.9, 0.9, 0.9]]), normalize_std=True)
    tensor([[ 1.7320, -0.5773, -0.5773, -0.5773],
            [ 0.0000,  0.0000,  0.0000,  0.0000]])
    """
    centred = rewards - rewards.mean(dim=1, keepdim=True)
    if normalize_std:
        std = rewards.std(dim=1, unbiased=False, keepdim=True)
        centred = centred / (std + eps)
    all_equal = rewards.amax(dim=1, keepdim=True) == rewards.amin(dim=1, keepdim=True)
    return torch.where(all_equal, torch.zeros_like(centred), centred)


def sequence_logprob(token_logprobs, mask):
    """Log-probability of each whole response: the sum over its real tokens.

    ==================  ===============  ===================================
    argument            shape/dtype      meaning
    ==================  ===============  ===================================
    ``token_logprobs``  ``(N, L)``       log-prob of each generated token
    ``mask``            bool ``(N, L)``  True for real tokens, False for
                                         padding
    returns             ``(N,)``         ``log`` of the path probability
    ==================  ===============  ===================================

    Padding may hold any value, ``-inf`` included (what masked logits give):
    leave it out of the sum rather than multiplying it by the mask, since
    ``-inf * 0`` is NaN.

    A path is a product of per-token probabilities; its log is a sum. Three
    tokens of probability 0.6, 0.9 and 0.7 make a path of probability 0.378:

    >>> lp = torch.log(torch.tensor([[0.6, 0.9, 0.7, 0.5]]))
    >>> torch.exp(sequence_logprob(lp, torch.tensor([[True, True, True, False]])))
    tensor([0.3780])
    """
    return torch.where(mask, token_logprobs, torch.zeros_like(token_logprobs)).sum(dim=1)


def grpo_loss(token_logprobs, mask, advantages):
    """Scalar loss to MINIMISE: ``-mean_i(advantages_i * sequence_logprob_i)``.

    The advantages are constants: no gradient flows into them.

    ==================  ===============  ===================================
    argument            shape/dtype      meaning
    ==================  ===============  ===================================
    ``token_logprobs``  ``(N, L)``       differentiable token log-probs
    ``mask``            bool ``(N, L)``  real tokens (padding may hold any
                                         value, ``-inf`` included)
    ``advantages``      ``(N,)``         one advantage per response
    returns             ``()``           the loss
    ==================  ===============  ===================================

    A right answer of path probability 0.25 and a wrong one of 0.5:

    >>> lp = torch.log(torch.tensor([[0.5, 0.5], [0.5, 0.9]]))
    >>> grpo_loss(lp, torch.tensor([[True, True], [True, False]]), torch.tensor([1.0, -1.0]))
    tensor(0.3466)
    """
    return -(advantages.detach() * sequence_logprob(token_logprobs, mask)).mean()
