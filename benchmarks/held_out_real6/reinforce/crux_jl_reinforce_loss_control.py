"""A correct reinforce_loss ported from a Julia RL library: ``-mean(new_probs .* return)``, the
log-probabilities of the taken actions times the (data, so constant) returns, averaged over every
sample; here with the contract's baseline subtracted.

Source: sisl/Crux.jl src/model_free/rl/reinforce.jl, ``function reinforce_loss(π, 𝒫, 𝒟; info =
Dict()) new_probs = logpdf(π, 𝒟[:s], 𝒟[:a]); ... -mean(new_probs .* 𝒟[:return]) end``. Ported:
``new_probs`` is ``logprobs``; the returns come from the buffer in Julia and carry no gradient, so
they (and the baseline) are detached; the baseline is subtracted where the contract has one.
"""
SOURCE = "sisl/Crux.jl src/model_free/rl/reinforce.jl"
KIND = "reinforce: control (Julia -mean(logp .* return))"
CORRECT = True

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    ret = returns.detach()
    if baseline is not None:
        ret = ret - (baseline.detach() if torch.is_tensor(baseline) else baseline)
    new_probs = logprobs
    return -torch.mean(new_probs * ret)
