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


POPULATION = ("your loss standardises the advantages itself with the population std (mean 0, "
              "std 1 over the batch, as a training loop may do before the update): "
              "ppo_clip_loss uses the advantages as they come in")


@convention("ppo_clip_loss", POPULATION)
def normalised_population(logp_new, logp_old, advantages, clip_eps=0.2):
    a = advantages.detach()
    a = (a - a.mean()) / (a.std(unbiased=False) + 1e-8)
    return -_surrogate(torch.exp(logp_new - logp_old.detach()), a, clip_eps).mean()


@convention("ppo_clip_loss", POPULATION)
def normalised_population_no_eps(logp_new, logp_old, advantages, clip_eps=0.2):
    """The same with no eps: a batch of one sample gives 0 / 0, NaN."""
    a = advantages.detach()
    a = (a - a.mean()) / a.std(unbiased=False)
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


WEIGHTED = ("your estimate weights each log-ratio by the sample's {which} probability, "
            "mean(exp({p}) * ({p} - {q})) (F.kl_div({q}, {p}, log_target=True): the "
            "sum-over-actions formula of KL applied to samples); the actions were drawn by the "
            "old policy, so the estimate is the plain mean(logp_old - logp_new)")


def _weighted(new):
    """The log-ratio weighted by the old probability, or (``new``) by the new one."""
    def approx_kl(logp_old, logp_new):
        p, q = (logp_new, logp_old) if new else (logp_old, logp_new)
        return (torch.exp(p) * (p - q)).mean()
    approx_kl.__name__ = "new_probability_weighted" if new else "probability_weighted"
    which, p, q = ("NEW", "logp_new", "logp_old") if new else ("old", "logp_old", "logp_new")
    return convention("approx_kl", WEIGHTED.format(which=which, p=p, q=q))(approx_kl)


globals().update((f.__name__, f) for f in map(_weighted, (False, True)))


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


# -- the min and the clip: where the advantage enters ---------------------------------------

@convention("clipped_surrogate", "your min is taken over the ratios before the advantage "
            "multiplies, min(r, clip(r)) * A (or sign(A) * min(|A| r, |A| clip(r))): for A < 0 "
            "that keeps the larger product, not the pessimistic one; the contract takes the min "
            "of the two products, min(r * A, clip(r, 1 - eps, 1 + eps) * A)")
def min_of_ratios(ratio, advantages, clip_eps=0.2):
    return torch.min(ratio, torch.clamp(ratio, 1.0 - clip_eps, 1.0 + clip_eps)) * advantages


@convention("clipped_surrogate", "your clipped term clamps the product r * A between "
            "(1 - eps) * A and (1 + eps) * A: for A < 0 the first bound lies above the second, "
            "and torch.clamp (np.clip too) then gives the upper bound (1 + eps) * A whatever r "
            "is; the contract clips the ratio, then multiplies: clip(r, 1 - eps, 1 + eps) * A")
def product_between_bounds(ratio, advantages, clip_eps=0.2):
    product = ratio * advantages
    bound = torch.clamp(product, (1.0 - clip_eps) * advantages, (1.0 + clip_eps) * advantages)
    return torch.min(product, bound)


@convention("clipped_surrogate", "your clip is applied to the product, clamp(r * A, 1 - eps, "
            "1 + eps), not to the ratio; the contract clips r, then multiplies: "
            "clip(r, 1 - eps, 1 + eps) * A")
def product_clipped(ratio, advantages, clip_eps=0.2):
    product = ratio * advantages
    return torch.min(product, torch.clamp(product, 1.0 - clip_eps, 1.0 + clip_eps))


FIXED_EPS = ("your clip uses eps {eps} whatever clip_eps it is given (the band [{low}, {high}] "
             "written as numbers); the band is [1 - clip_eps, 1 + clip_eps]")


def _fixed_eps(eps):
    def clipped_surrogate(ratio, advantages, clip_eps=0.2):
        return _surrogate(ratio, advantages, eps)
    clipped_surrogate.__name__ = f"fixed_eps_{round(eps * 10)}"
    return convention("clipped_surrogate", FIXED_EPS.format(
        eps=eps, low=round(1 - eps, 2), high=round(1 + eps, 2)))(clipped_surrogate)


# 0.2 is the bank's fixed_eps (the surrogate) and loss_drops_eps above (the loss)
globals().update((f.__name__, f) for f in map(_fixed_eps, (0.1, 0.3)))


# -- the loss written in one piece: the surrogate's conventions inside it ---------------------

#: the surrogate conventions a loss that does not call clipped_surrogate may compute inline
INLINE = ("clips_above_only", "clips_below_only", "clips_log_ratio", "min_of_ratios",
          "product_between_bounds", "product_clipped", "fixed_eps_1", "fixed_eps_3")


def _inline(surrogate):
    def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
        ratio = torch.exp(logp_new - logp_old.detach())
        return -surrogate(ratio, advantages.detach(), clip_eps).mean()
    ppo_clip_loss.__name__ = f"loss_{surrogate.__name__}"
    return convention("ppo_clip_loss", surrogate.convention.text)(ppo_clip_loss)


globals().update((f.__name__, f) for f in (_inline(globals()[n]) for n in INLINE))


# -- the loss: other objectives, other reductions, other terms --------------------------------

@convention("ppo_clip_loss", "your loss is the plain policy-gradient loss -mean(logp_new * A): "
            "no ratio and no clip; the contract's loss is -mean(min(r * A, clip(r) * A)) with "
            "r = exp(logp_new - logp_old)")
def policy_gradient(logp_new, logp_old, advantages, clip_eps=0.2):
    return -(logp_new * advantages.detach()).mean()


SCALED = ("your loss divides the advantages by their {std} std (without centring them): "
          "ppo_clip_loss uses the advantages as they come in")


def _scaled(unbiased):
    def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
        a = advantages.detach()
        a = a / (a.std(unbiased=unbiased) + 1e-8)
        return -_surrogate(torch.exp(logp_new - logp_old.detach()), a, clip_eps).mean()
    std = "sample" if unbiased else "population"
    ppo_clip_loss.__name__ = f"scaled_{std}"
    return convention("ppo_clip_loss", SCALED.format(std=std))(ppo_clip_loss)


globals().update((f.__name__, f) for f in map(_scaled, (True, False)))

ENTROPY = ("your loss {does} the sampled entropy, {sign}{coef} * mean(-logp_new) ({why}): the "
           "contract's loss is the clipped surrogate alone, -mean(min(r * A, clip(r) * A))")


def _entropy(coef, sign):
    def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
        return _loss(logp_new, logp_old, advantages, clip_eps) + sign * coef * (-logp_new).mean()
    ppo_clip_loss.__name__ = (f"entropy_{'penalty' if sign > 0 else 'bonus'}_"
                              f"{str(coef).replace('.', '_')}")
    does, why = (("adds", "with the wrong sign: a bonus is subtracted from a loss") if sign > 0
                 else ("subtracts", "an entropy bonus of coefficient " + str(coef)))
    return convention("ppo_clip_loss", ENTROPY.format(
        does=does, sign="+" if sign > 0 else "-", coef=coef, why=why))(ppo_clip_loss)


# 0.01 (CleanRL's ent_coef) is entropy_bonus and entropy_penalty above
globals().update((f.__name__, f) for f in (_entropy(c, s) for c in (0.001, 0.005, 0.02, 0.05)
                                           for s in (-1.0, 1.0)))


# -- the KL estimate: no mean, a clamp, other estimators ---------------------------------------

@convention("approx_kl", "your estimate is per sample, logp_old - logp_new of shape (B,): the "
            "mean over the batch is missing; the contract's k1 estimate is that mean, a scalar")
def kl_per_sample(logp_old, logp_new):
    return logp_old - logp_new


@convention("approx_kl", "your estimate clamps each sample's log-ratio at zero before the mean, "
            "mean(max(logp_old - logp_new, 0)): the k1 estimate is unbiased only with the "
            "negative terms in it, mean(logp_old - logp_new)")
def kl_clamped_per_sample(logp_old, logp_new):
    return torch.clamp(logp_old - logp_new, min=0.0).mean()


@convention("approx_kl", "your estimate is clamped at zero, max(mean(logp_old - logp_new), 0): "
            "a batch's k1 estimate may be negative, and the contract returns it as it is")
def kl_clamped(logp_old, logp_new):
    return torch.clamp((logp_old - logp_new).mean(), min=0.0)


@convention("approx_kl", "your estimate is mean(r - 1) with r = exp(logp_new - logp_old) (the "
            "k3 estimator without its - log r term); the contract asks for k1 = "
            "mean(logp_old - logp_new)")
def kl_ratio_minus_one(logp_old, logp_new):
    return (torch.exp(logp_new - logp_old) - 1).mean()


@convention("approx_kl", "your estimate is the mean squared log-ratio, mean((logp_new - "
            "logp_old) ** 2), without k2's half; the contract asks for k1 = "
            "mean(logp_old - logp_new)")
def squared_log_ratio(logp_old, logp_new):
    return ((logp_new - logp_old) ** 2).mean()
