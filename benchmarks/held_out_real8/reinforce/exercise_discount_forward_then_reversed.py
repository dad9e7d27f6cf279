"""discounted_returns from a course's solution to an intro deep-RL exercise: the running sum is
accumulated FORWARD over the rewards (``new_val = val + prior * gamma`` from the first step on),
and the list is then reversed; for rewards that are all equal this matches the docstring's example,
but in general each step gets the discounted sum of the rewards BEFORE it, in reversed order.

Source: wikistat/AI-Frameworks IntroductionDeepReinforcementLearning/solutions/exercise_1_4.py,
``def discount_rewards(r, gamma=0.99): prior = 0; out = []; for val in r: new_val = val + prior *
gamma; out.append(new_val); prior = new_val; discounted_rewards = np.array(out[::-1])``.
Ported: the numpy array becomes a stacked tensor of the same dtype.
"""
SOURCE = "wikistat/AI-Frameworks IntroductionDeepReinforcementLearning/solutions/exercise_1_4.py"
KIND = "reinforce: returns accumulated forward, then reversed"
CAUSE = r"forward|first step|beginning|start|revers|order|wrong end|direction|before|past|earlier|preceding"

import torch


def discounted_returns(rewards, gamma):
    prior = 0
    out = []
    for val in rewards:
        new_val = val + prior * gamma
        out.append(new_val)
        prior = new_val
    discounted_rewards = torch.stack(out[::-1])
    return discounted_rewards
