"""discounted_returns from a model-based REINFORCE script for a soft-finger environment: the
"FUTURE reward" of step i is ``sum([r * (GAMMA ** r) for t, r in enumerate(rewards[i:])])``: the
discount's exponent is the REWARD ITSELF, not the number of steps ahead ``t`` (which is enumerated
and unused).

Source: code-search file 27280571410, ``for i in range(len(grads)): # update towards the log policy
gradient times **FUTURE** reward; w += LEARNING_RATE * grads[i] * sum([r * (GAMMA ** r) for t, r
in enumerate(rewards[i:])])``. Ported: the weight of step i's gradient is returned for each step,
built with ``torch.stack``.
"""
SOURCE = "code-search file 27280571410"
KIND = "reinforce: discount exponent is the reward"
CAUSE = r"exponent|power|raised|\*\*|\^|reward.s (own )?value|by the reward|steps? ahead|distance|how far"

import torch


def discounted_returns(rewards, gamma):
    out = []
    for i in range(len(rewards)):
        out.append(sum([r * (gamma ** r) for t, r in enumerate(rewards[i:])]))
    return torch.stack(out)
