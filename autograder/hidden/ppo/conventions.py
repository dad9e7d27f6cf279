"""Other conventions of the PPO functions, as public implementations and homework write them
(CleanRL, Stable-Baselines3, Spinning Up), for the closest convention
(:mod:`autograder.engine.causes.closest`). Our own code, run in the grader only."""
import torch

from autograder.engine.causes.closest import convention


def _surrogate(ratio, advantages, clip_eps):
    clipped = torch.clamp(ratio, 1.0 - clip_eps, 1.0 + clip_eps)
    return torch.min(ratio * advantages, clipped * advantages)


@convention("ppo_clip_loss", "your loss standardises the advantages itself with the population "
            "std (mean 0, std 1 over the batch, as a training loop may do before the update): "
            "ppo_clip_loss uses the advantages as they come in")
def normalised_population(logp_new, logp_old, advantages, clip_eps=0.2):
    a = advantages.detach()
    a = (a - a.mean()) / (a.std(unbiased=False) + 1e-8)
    return -_surrogate(torch.exp(logp_new - logp_old.detach()), a, clip_eps).mean()


@convention("ppo_clip_loss", "your ratio is exp(logp_new - logp_new.detach()), always 1: the loss "
            "value is -mean(A) and logp_old never enters it; the ratio is "
            "exp(logp_new - logp_old)")
def ratio_one(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_new.detach())
    return -_surrogate(ratio, advantages.detach(), clip_eps).mean()


@convention("approx_kl", "your estimate weights each log-ratio by the new/old probability ratio "
            "(mean(ratio * log ratio), an estimate of KL(new || old)); the contract's k1 estimate "
            "of KL(old || new) is the plain mean(logp_old - logp_new): the actions were drawn "
            "by the old policy")
def ratio_weighted(logp_old, logp_new):
    log_ratio = logp_new - logp_old
    return (torch.exp(log_ratio) * log_ratio).mean()


@convention("approx_kl", "your estimate weights each log-ratio by the sample's old probability "
            "(the sum-over-actions formula of KL applied to samples); the actions were drawn by "
            "the old policy, so the estimate is the plain mean(logp_old - logp_new)")
def probability_weighted(logp_old, logp_new):
    return (torch.exp(logp_old) * (logp_old - logp_new)).mean()
