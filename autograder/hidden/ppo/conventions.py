"""Other conventions of the PPO functions, as public implementations and homework write them
(CleanRL, Stable-Baselines3, Spinning Up), for the closest convention
(:mod:`autograder.engine.causes.closest`). Our own code, run in the grader only."""
import torch

from autograder.engine.causes.closest import convention


def _surrogate(ratio, advantages, clip_eps):
    clipped = torch.clamp(ratio, 1.0 - clip_eps, 1.0 + clip_eps)
    return torch.min(ratio * advantages, clipped * advantages)


def _loss(logp_new, logp_old, advantages, clip_eps):
    """The contract's loss (the reference's arithmetic)."""
    return -_surrogate(torch.exp(logp_new - logp_old.detach()), advantages.detach(),
                       clip_eps).mean()


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


# -- the clip: one side only, or the band taken in log space ------------------------------

@convention("clipped_surrogate", "your clip has an upper bound only (clamp(r, max=1 + eps)), or "
            "a lower bound below 1 - eps: a ratio below 1 - eps is not clipped up to it; the "
            "contract clips r to [1 - eps, 1 + eps]")
def clips_above_only(ratio, advantages, clip_eps=0.2):
    clipped = torch.clamp(ratio, max=1.0 + clip_eps)
    return torch.min(ratio * advantages, clipped * advantages)


@convention("clipped_surrogate", "your clip has a lower bound only (clamp(r, min=1 - eps)), or "
            "an upper bound above 1 + eps: a ratio above 1 + eps is not clipped down to it; the "
            "contract clips r to [1 - eps, 1 + eps]")
def clips_below_only(ratio, advantages, clip_eps=0.2):
    clipped = torch.clamp(ratio, min=1.0 - clip_eps)
    return torch.min(ratio * advantages, clipped * advantages)


@convention("clipped_surrogate", "your band is taken in log space, [exp(-eps), exp(eps)] (the log "
            "ratio clamped to [-eps, eps]); the contract clips r itself to [1 - eps, 1 + eps]")
def clips_log_ratio(ratio, advantages, clip_eps=0.2):
    clipped = torch.exp(torch.clamp(torch.log(ratio), -clip_eps, clip_eps))
    return torch.min(ratio * advantages, clipped * advantages)


# -- the loss: its clip width, its reductions, extra terms --------------------------------

@convention("ppo_clip_loss", "your loss clips with the default eps 0.2 whatever clip_eps it is "
            "given (clip_eps is not passed on to the clip); the band is [1 - clip_eps, "
            "1 + clip_eps]")
def loss_drops_eps(logp_new, logp_old, advantages, clip_eps=0.2):
    return _loss(logp_new, logp_old, advantages, 0.2)


@convention("ppo_clip_loss", "your loss takes the min of the two terms' batch means, "
            "min(mean(r * A), mean(clip(r) * A)); the contract takes the min per sample, then "
            "the mean: -mean(min(r * A, clip(r) * A))")
def min_of_means(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old.detach())
    a = advantages.detach()
    clipped = torch.clamp(ratio, 1.0 - clip_eps, 1.0 + clip_eps)
    return -torch.min((ratio * a).mean(), (clipped * a).mean())


@convention("ppo_clip_loss", "your loss centres the advantages itself (subtracts their batch "
            "mean): ppo_clip_loss uses the advantages as they come in")
def centred_advantages(logp_new, logp_old, advantages, clip_eps=0.2):
    a = advantages.detach()
    return -_surrogate(torch.exp(logp_new - logp_old.detach()), a - a.mean(), clip_eps).mean()


@convention("ppo_clip_loss", "your loss adds an entropy bonus, -0.01 * mean(-logp_new) (the "
            "sampled entropy, CleanRL's ent_coef 0.01): the contract's loss is the clipped "
            "surrogate alone, -mean(min(r * A, clip(r) * A))")
def entropy_bonus(logp_new, logp_old, advantages, clip_eps=0.2):
    return _loss(logp_new, logp_old, advantages, clip_eps) - 0.01 * (-logp_new).mean()


@convention("ppo_clip_loss", "your loss adds the sampled entropy with the wrong sign, "
            "+0.01 * mean(-logp_new) (a bonus is subtracted from a loss); the contract's loss "
            "is the clipped surrogate alone, -mean(min(r * A, clip(r) * A))")
def entropy_penalty(logp_new, logp_old, advantages, clip_eps=0.2):
    return _loss(logp_new, logp_old, advantages, clip_eps) + 0.01 * (-logp_new).mean()


# -- the KL estimate: the k3 estimator with the log ratio the other way round ---------------

@convention("approx_kl", "your estimate is k3 with the log ratio the other way round, "
            "mean(exp(logp_old - logp_new) - 1 - (logp_old - logp_new)), an estimate of "
            "KL(new || old); the contract asks for k1 = mean(logp_old - logp_new)")
def k3_reversed(logp_old, logp_new):
    log_ratio = logp_old - logp_new
    return (torch.exp(log_ratio) - 1 - log_ratio).mean()
