"""A correct clipped_surrogate from a LibTorch PPO for Atari: the ratio's clamp to ``[1 - clip, 1 +
clip]``, both products with the advantages, and their elementwise minimum (the source also returns
the ratios, which the port drops).

Source: cemlyn007/ale-libtorch-ppo src/ai/ppo/losses.cc, ``ClippedSurrogateObjectivesResult
clipped_surrogate_objectives(log_probabilities, old_log_probabilities, advantages, clip_param) {
auto ratios = torch::exp(log_probabilities - old_log_probabilities); auto clipped_ratios =
torch::clamp(ratios, 1.0 - clip_param, 1.0 + clip_param); auto unclipped = ratios * advantages;
auto clipped = clipped_ratios * advantages; return {torch::min(unclipped, clipped), ratios}; }``.
Ported to Python; the contract passes the ratio itself, so ``ratios`` is the ``ratio`` argument.
"""
SOURCE = "cemlyn007/ale-libtorch-ppo src/ai/ppo/losses.cc"
KIND = "ppo: control (LibTorch clipped surrogate)"
CORRECT = True

import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    ratios = ratio
    clipped_ratios = torch.clamp(ratios, 1.0 - clip_eps, 1.0 + clip_eps)
    unclipped = ratios * advantages
    clipped = clipped_ratios * advantages
    return torch.min(unclipped, clipped)
