"""group_advantages as a copy of verl's ``compute_grpo_outcome_advantage`` computes them: scores
grouped by prompt index, each group's mean and ``torch.std`` (the SAMPLE standard deviation,
dividing by G - 1) taken over a ``torch.tensor`` of the group's scores, and ``(score - mean) / (std
+ epsilon)``; a group of one gets mean 0 and std 1.

Source: wangcy7889/Test-fixture-Generation
Dataset/github/fixture-independent/function_verl_verl_core_algos2.py, ``def
compute_grpo_outcome_advantage(token_level_rewards, response_mask, index, epsilon=1e-06,
norm_adv_by_std_in_grpo=True): scores = token_level_rewards.sum(dim=-1); ...; id2mean[idx] =
torch.mean(torch.tensor(id2score[idx])); id2std[idx] = torch.std(torch.tensor([id2score[idx]]));
...; scores[i] = (scores[i] - id2mean[index[i]]) / (id2std[index[i]] + epsilon)``. Ported: one
score per response (the rewards), the index is the row, ``norm_adv_by_std_in_grpo`` is
``normalize_std`` and ``epsilon`` is ``eps``; the response mask is dropped.
"""
SOURCE = "wangcy7889/Test-fixture-Generation Dataset/github/fixture-independent/function_verl_verl_core_algos2.py"
KIND = "grpo: sample std"
CAUSE = r"sample|bessel|unbiased|G ?- ?1|n ?- ?1|population"

from collections import defaultdict

import numpy as np
import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    P, G = rewards.shape
    index = np.repeat(np.arange(P), G)
    scores = rewards.reshape(-1).clone()
    epsilon, norm_adv_by_std_in_grpo = eps, normalize_std
    id2score = defaultdict(list)
    id2mean = {}
    id2std = {}
    with torch.no_grad():
        bsz = scores.shape[0]
        for i in range(bsz):
            id2score[index[i]].append(scores[i])
        for idx in id2score:
            if len(id2score[idx]) == 1:
                id2mean[idx] = torch.tensor(0.0)
                id2std[idx] = torch.tensor(1.0)
            elif len(id2score[idx]) > 1:
                id2mean[idx] = torch.mean(torch.tensor(id2score[idx]))
                id2std[idx] = torch.std(torch.tensor([id2score[idx]]))
            else:
                raise ValueError(f'no score in prompt index: {idx}')
        for i in range(bsz):
            if norm_adv_by_std_in_grpo:
                scores[i] = (scores[i] - id2mean[index[i]]) / (id2std[index[i]] + epsilon)
            else:
                scores[i] = scores[i] - id2mean[index[i]]
    return scores.reshape(P, G)
