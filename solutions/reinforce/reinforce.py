"""REINFORCE: the policy-gradient step, one piece at a time.

You implement five small functions. Together they are the whole of REINFORCE
for a softmax policy: the discounted return that weights each action, the
gradient of an action's log-probability with respect to the logits, one step of
gradient ascent, the loss a deep-learning library minimises, and the mean and
variance of the single-sample gradient estimate (why a baseline helps).

Every function takes and returns ``torch.Tensor`` objects (float32 or float64)
and keeps the dtype of its input. Time is dimension 0.
"""
import torch


def discounted_returns(rewards, gamma):
    """Reward-to-go of one episode: ``G_t = r_t + gamma * G_{t+1}``, ``G_T = 0``.

    ============  ===========  =============================================
    argument      shape/dtype  meaning
    ============  ===========  =============================================
    ``rewards``   ``(T,)``     reward received after the action at step t
    ``gamma``     float        discount factor in [0, 1]
    returns       ``(T,)``     ``G_t``, same dtype as ``rewards``
    ============  ===========  =============================================

    Cart-pole pays +1 per step. An episode that lasts all 500 steps, with
    gamma 0.99, is worth 99.34 at its start, 18.21 twenty steps before the end
    and exactly 1 on its last step:

    >>> G = discounted_returns(torch.ones(500, dtype=torch.float64), 0.99)
    >>> round(G[0].item(), 2), round(G[-20].item(), 2), G[-1].item()
    (99.34, 18.21, 1.0)
    """
    ### BEGIN SOLUTION
    returns = torch.zeros_like(rewards)
    running = torch.zeros((), dtype=rewards.dtype)
    for t in reversed(range(rewards.shape[0])):
        running = rewards[t] + gamma * running
        returns[t] = running
    return returns
    ### END SOLUTION


def softmax_logprob_grad(logits, action):
    """Gradient of ``log softmax(logits)[action]`` with respect to the logits.

    ============  ===========  =============================================
    argument      shape/dtype  meaning
    ============  ===========  =============================================
    ``logits``    ``(K,)``     unnormalised scores of the K actions
    ``action``    int          index of the action that was taken
    returns       ``(K,)``     ``onehot(action) - softmax(logits)``
    ============  ===========  =============================================

    The entry of the chosen action is ``1 - p``: what the policy still lacked
    to be sure of it. Every other entry is ``-p`` of that action.

    >>> softmax_logprob_grad(torch.tensor([0.0, 0.0]), 1)
    tensor([-0.5000,  0.5000])
    """
    ### BEGIN SOLUTION
    probs = torch.softmax(logits, dim=-1)
    onehot = torch.zeros_like(logits)
    onehot[int(action)] = 1.0
    return onehot - probs
    ### END SOLUTION


def reinforce_update(logits, action, ret, lr):
    """One step of gradient ascent on the logits of a softmax policy.

    ``logits + lr * ret * softmax_logprob_grad(logits, action)``

    ============  ===========  =============================================
    argument      shape/dtype  meaning
    ============  ===========  =============================================
    ``logits``    ``(K,)``     current logits
    ``action``    int          the action taken
    ``ret``       float        the return that followed it
    ``lr``        float        step size
    returns       ``(K,)``     the new logits
    ============  ===========  =============================================

    From logits (0, 0), action 1 earned a return of 10; a step of 0.1 moves
    the logits to (-0.5, 0.5) and the policy to (0.269, 0.731):

    >>> new = reinforce_update(torch.tensor([0.0, 0.0]), 1, 10.0, 0.1)
    >>> new
    tensor([-0.5000,  0.5000])
    >>> torch.softmax(new, dim=0)
    tensor([0.2689, 0.7311])
    """
    ### BEGIN SOLUTION
    return logits + lr * ret * softmax_logprob_grad(logits, action)
    ### END SOLUTION


def reinforce_loss(logprobs, returns, baseline=None):
    """Scalar loss whose gradient is minus the REINFORCE gradient estimate.

    ``-mean(logprobs * (returns - baseline))``. Returns and baseline are
    constants: no gradient may flow into them, even if they require grad (a
    learned baseline has its own loss). One episode is ``(T,)``; a batch of N
    episodes (or environments) side by side is ``(T, N)``, and the mean then
    runs over all ``T * N`` steps.

    ============  ===========================  =============================
    argument      shape/dtype                  meaning
    ============  ===========================  =============================
    ``logprobs``  ``(T,)`` or ``(T, N)``       ``log pi(a_t | s_t)``,
                                               differentiable
    ``returns``   like ``logprobs``            ``G_t``
    ``baseline``  None, float, or tensor       subtracted from the returns:
                  broadcasting to ``returns``  one number, one per step,
                                               one per environment ``(N,)``
    returns       ``()``                       the loss to minimise
    ============  ===========================  =============================

    >>> reinforce_loss(torch.tensor([-1.0, -2.0]), torch.tensor([3.0, 1.0]))
    tensor(2.5000)
    >>> reinforce_loss(torch.tensor([-1.0, -2.0]), torch.tensor([3.0, 1.0]), 2.0)
    tensor(-0.5000)

    Two environments side by side, each with its own baseline:

    >>> reinforce_loss(torch.tensor([[-1.0, -1.0], [-2.0, -1.0]]),
    ...                torch.tensor([[3.0, 4.0], [1.0, 2.0]]), torch.tensor([0.0, 2.0]))
    tensor(1.7500)
    """
    ### BEGIN SOLUTION
    weights = returns.detach()
    if baseline is not None:
        if torch.is_tensor(baseline):
            baseline = torch.broadcast_to(baseline.detach(), weights.shape)
        weights = weights - baseline
    return -(logprobs * weights).mean()
    ### END SOLUTION


def logit_grad_estimate_stats(probs, returns, baseline, component):
    """Mean and variance of the one-sample gradient estimate in a one-state bandit.

    An action ``a ~ probs`` is drawn and earns ``returns[a]``. The estimate of
    the gradient with respect to logit ``component`` is
    ``(1[a == component] - probs[component]) * (returns[a] - baseline)``.
    This function returns its exact mean and variance over the draw of ``a``.

    =============  ===========  ============================================
    argument       shape/dtype  meaning
    =============  ===========  ============================================
    ``probs``      ``(K,)``     the policy
    ``returns``    ``(K,)``     the return each action earns
    ``baseline``   float        subtracted from the return
    ``component``  int          which logit's gradient is estimated
    returns        two floats   ``(mean, variance)`` as Python floats
    =============  ===========  ============================================

    Returns 10 and 12, a fair coin: without a baseline the estimate is +6 or
    -5 (mean 0.5, variance 30.25); with the mean return 11 as baseline it is
    always 0.5 (variance 0). The baseline changed nothing on average:

    >>> p, R = torch.tensor([0.5, 0.5]), torch.tensor([10.0, 12.0])
    >>> logit_grad_estimate_stats(p, R, 0.0, 1)
    (0.5, 30.25)
    >>> logit_grad_estimate_stats(p, R, 11.0, 1)
    (0.5, 0.0)
    """
    ### BEGIN SOLUTION
    probs = probs.detach().to(torch.float64)
    returns = returns.detach().to(torch.float64)
    baseline = float(baseline)
    indicator = torch.zeros_like(probs)
    indicator[int(component)] = 1.0
    estimate = (indicator - probs[int(component)]) * (returns - baseline)
    mean = (probs * estimate).sum()
    variance = (probs * (estimate - mean) ** 2).sum()
    return float(mean), float(variance)
    ### END SOLUTION
