"""discounted_returns fills a float32 numpy buffer: right recursion, float32 arithmetic.

Source: public code in the code-search corpus (file id 28426460446, a course REINFORCE
notebook port; the index does not name its repository): ``G_t = np.zeros((T,),
dtype=np.float32); G_t[-1] = rewards[-1]; G_t[i] = gamma * G_t[i+1] + rewards[i]``.
Ported: the float32 buffer is kept (a torch float32 tensor), returned as such.
"""
SOURCE = "code-search file 28426460446 (get_returns_from_rewards)"
KIND = "precision: float32 intermediate"
CAUSE = r"float32"

import torch


def discounted_returns(rewards, gamma):
    T = len(rewards)
    G_t = torch.zeros((T,), dtype=torch.float32)
    G_t[-1] = rewards[-1]
    for i in range(T - 2, -1, -1):
        G_t[i] = gamma * G_t[i + 1] + rewards[i]
    return G_t
