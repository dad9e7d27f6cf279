"""PPO's clipped objective and the KL diagnostic.

Three functions. ``clipped_surrogate`` is the per-sample objective
``min(r * A, clip(r, 1 - eps, 1 + eps) * A)``; ``ppo_clip_loss`` turns it into
the scalar a torch optimiser minimises; ``approx_kl`` estimates how far the new
policy has moved from the one that collected the data.

``cartpole.py`` (provided, not graded line by line) calls your
``ppo_clip_loss`` inside a complete PPO training loop on gymnasium's
``CartPole-v1``; the grader runs it and checks that the pole stays up.
"""
import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    """Elementwise ``min(ratio * A, clip(ratio, 1 - eps, 1 + eps) * A)``.

    ===============  ===========  ===========================================
    argument         shape/dtype  meaning
    ===============  ===========  ===========================================
    ``ratio``        ``(B,)``     ``pi_new(a|s) / pi_old(a|s)`` per sample
    ``advantages``   ``(B,)``     advantage estimate per sample
    ``clip_eps``     float        half-width of the trust band around 1
    returns          ``(B,)``     the pessimistic surrogate per sample
    ===============  ===========  ===========================================

    The three samples of the course text (eps 0.2): the action became 30 %
    more likely (ratio 1.3) with advantage +2, the same with advantage -2, and
    a good action that dropped to ratio 0.7:

    >>> clipped_surrogate(torch.tensor([1.3, 1.3, 0.7]), torch.tensor([2.0, -2.0, 2.0]))
    tensor([ 2.4000, -2.6000,  1.4000])
    """
    ### BEGIN SOLUTION
    clipped = torch.clamp(ratio, 1.0 - clip_eps, 1.0 + clip_eps)
    return torch.min(ratio * advantages, clipped * advantages)
    ### END SOLUTION


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    """Scalar PPO policy loss to MINIMISE: ``-mean(clipped_surrogate(exp(logp_new - logp_old), A))``.

    ``logp_old`` and ``advantages`` are constants of the batch: no gradient
    flows into them. Argument order: the current policy's log-probs come
    first, as the numerator of the ratio does; :func:`approx_kl` takes the
    same two the other way round, old first, as in ``KL(old || new)``.

    ===============  ===========  ===========================================
    argument         shape/dtype  meaning
    ===============  ===========  ===========================================
    ``logp_new``     ``(B,)``     log-prob of each taken action, current policy
    ``logp_old``     ``(B,)``     the same under the policy that collected data
    ``advantages``   ``(B,)``     advantage estimates
    ``clip_eps``     float        clipping half-width
    returns          ``()``       the loss
    ===============  ===========  ===========================================

    >>> import math
    >>> ppo_clip_loss(torch.tensor([math.log(0.65)]), torch.tensor([math.log(0.5)]),
    ...               torch.tensor([2.0]))
    tensor(-2.4000)
    """
    ### BEGIN SOLUTION
    ratio = torch.exp(logp_new - logp_old.detach())
    return -clipped_surrogate(ratio, advantages.detach(), clip_eps).mean()
    ### END SOLUTION


def approx_kl(logp_old, logp_new):
    """The k1 estimate of ``KL(old || new)``: ``mean(logp_old - logp_new)``.

    The actions were drawn by the old policy, so the batch mean of the log
    ratio is an unbiased estimate of the KL divergence, in nats. Argument
    order: old first, as in ``KL(old || new)``, the reverse of
    :func:`ppo_clip_loss`, which takes ``logp_new`` first.

    ============  ===========  ==============================================
    argument      shape/dtype  meaning
    ============  ===========  ==============================================
    ``logp_old``  ``(B,)``     log-probs under the data-collecting policy
    ``logp_new``  ``(B,)``     log-probs under the current policy
    returns       ``()``       the estimate
    ============  ===========  ==============================================

    >>> approx_kl(torch.tensor([-0.5, -1.0]), torch.tensor([-0.6, -1.2]))
    tensor(0.1500)
    """
    ### BEGIN SOLUTION
    return (logp_old - logp_new).mean()
    ### END SOLUTION
