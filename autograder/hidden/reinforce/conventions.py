"""Other conventions of the REINFORCE functions, as homework and public implementations write
them, for the closest convention (:mod:`autograder.engine.causes.closest`). Our own code, run in
the grader only."""
import torch

from autograder.engine.causes.closest import convention, twist

CONTRACT_RETURNS = "the contract's G_t = r_t + gamma * G_{t+1}, with G_T = 0"


def _returns(rewards, gamma):
    """The contract's returns, as one upper-triangular matrix of discounts times the rewards."""
    steps = torch.arange(rewards.shape[0])
    ahead = (steps[None, :] - steps[:, None]).to(rewards.dtype)
    discounts = torch.where(ahead >= 0, gamma ** ahead.clamp(min=0), torch.zeros_like(ahead))
    return discounts @ rewards


@convention("discounted_returns", "your discount exponent counts from the wrong end: you weight "
            "r_k by gamma ** (T - 1 - k), from the episode's end; in " + CONTRACT_RETURNS
            + " r_k is weighted by gamma ** (k - t)")
def exponent_from_end(rewards, gamma):
    T = rewards.shape[0]
    weights = torch.tensor([gamma ** (T - 1 - k) for k in range(T)], dtype=rewards.dtype)
    return torch.flip(torch.cumsum(torch.flip(rewards * weights, [0]), 0), [0])


@convention("discounted_returns", "your recursion adds the next REWARD where the next return "
            "belongs (G_t = r_t + gamma * r_{t+1}: a loop that reads returns[t + 1] before it "
            "was computed); " + CONTRACT_RETURNS)
def next_reward(rewards, gamma):
    out = rewards.clone()
    out[:-1] = rewards[:-1] + gamma * rewards[1:]
    return out


@convention("discounted_returns", "your returns come out in reverse order (answer[t] is "
            "G_{T-1-t}): the values were collected from the last step back and not flipped; "
            + CONTRACT_RETURNS)
def reversed_order(rewards, gamma):
    return torch.flip(_returns(rewards, gamma), [0])


@convention("discounted_returns", "your recursion leaves out the last reward (it starts one step "
            "before the end, so G_{T-1} is 0); " + CONTRACT_RETURNS)
def last_step_dropped(rewards, gamma):
    out = torch.zeros_like(rewards)
    out[:-1] = _returns(rewards[:-1], gamma)
    return out


@convention("discounted_returns", "your recursion restarts (the running return set to 0) at "
            "every nonzero reward, as Karpathy's Pong code does at a point's end: a return runs "
            "through every reward to the episode's end, " + CONTRACT_RETURNS)
def restarts_at_rewards(rewards, gamma):
    out, running = torch.zeros_like(rewards), torch.zeros((), dtype=rewards.dtype)
    for t in reversed(range(rewards.shape[0])):
        if rewards[t] != 0:
            running = torch.zeros((), dtype=rewards.dtype)
        running = rewards[t] + gamma * running
        out[t] = running
    return out


@convention("discounted_returns", "your answer at step t is G_{t+1}, the return from the NEXT "
            "step (the loop stores the running return before adding r_t, and the last is 0); "
            + CONTRACT_RETURNS)
def stored_before_update(rewards, gamma):
    out = torch.zeros_like(rewards)
    out[:-1] = _returns(rewards, gamma)[1:]
    return out


@convention("discounted_returns", "every step gets the episode's undiscounted total, sum(r): "
            "G_t only counts the rewards from step t on, discounted: " + CONTRACT_RETURNS)
def episode_total_everywhere(rewards, gamma):
    return torch.full_like(rewards, float(rewards.sum()))


def _onehot(logits, action):
    onehot = torch.zeros_like(logits)
    onehot[int(action)] = 1.0
    return onehot


CONTRACT_GRAD = "the gradient of log softmax(logits)[a] is onehot(a) - softmax(logits)"


@convention("softmax_logprob_grad", "your answer is the gradient of the PROBABILITY p_a, "
            "p_a * (onehot(a) - p), not of its log; " + CONTRACT_GRAD)
def probability_gradient(logits, action):
    p = torch.softmax(logits, dim=-1)
    return p[int(action)] * (_onehot(logits, action) - p)


@convention("softmax_logprob_grad", "your answer is onehot(a) * (1 - p): only the taken action's "
            "entry is set and the others are 0; every other entry is -p_k, as "
            + CONTRACT_GRAD)
def action_entry_only(logits, action):
    p = torch.softmax(logits, dim=-1)
    return _onehot(logits, action) * (1 - p)


@convention("softmax_logprob_grad", "your answer subtracts the log-probabilities (log_softmax) "
            "where the probabilities belong; " + CONTRACT_GRAD)
def log_probabilities(logits, action):
    return _onehot(logits, action) - torch.log_softmax(logits, dim=-1)


@convention("softmax_logprob_grad", "your answer subtracts exp(logits) unnormalised: the "
            "softmax divides by their sum; " + CONTRACT_GRAD)
def unnormalised(logits, action):
    return _onehot(logits, action) - torch.exp(logits)


@convention("softmax_logprob_grad", "your answer subtracts sigmoid(logits), each action's "
            "own logistic probability, where the softmax's probabilities belong; " + CONTRACT_GRAD)
def sigmoid_probabilities(logits, action):
    return _onehot(logits, action) - torch.sigmoid(logits)


@convention("reinforce_update", "your step uses the gradient of the PROBABILITY p_a, "
            "p_a * (onehot(a) - p), not of its log: the update is logits + lr * ret * "
            "(onehot(a) - softmax(logits))")
def update_probability_gradient(logits, action, ret, lr):
    return logits + lr * ret * probability_gradient(logits, action)


@convention("reinforce_update", "your answer is the step lr * ret * (onehot(a) - softmax("
            "logits)) alone: the update adds it to the logits, logits + lr * ret * "
            "(onehot(a) - softmax(logits))")
def step_only(logits, action, ret, lr):
    p = torch.softmax(logits, dim=-1)
    return lr * ret * (_onehot(logits, action) - p)


def _weights(returns, baseline):
    w = returns.detach()
    if baseline is not None:
        w = w - (baseline.detach() if torch.is_tensor(baseline) else baseline)
    return w


@convention("reinforce_loss", "your loss standardises the weights (returns minus baseline) "
            "itself, with the sample std: the loss uses them as they come in, "
            "-mean(logprobs * (returns - baseline))")
def normalised_sample(logprobs, returns, baseline=None):
    w = _weights(returns, baseline)
    return -(logprobs * (w - w.mean()) / (w.std() + 1e-8)).mean()


@convention("reinforce_loss", "your loss standardises the weights (returns minus baseline) "
            "itself, with the population std: the loss uses them as they come in, "
            "-mean(logprobs * (returns - baseline))")
def normalised_population(logprobs, returns, baseline=None):
    w = _weights(returns, baseline)
    return -(logprobs * (w - w.mean()) / (w.std(unbiased=False) + 1e-8)).mean()


@convention("reinforce_loss", "your loss is -mean(logprobs) * mean(returns - baseline), a "
            "product of two means, what a (T,) tensor times a (T, 1) one averages to (the "
            "broadcast makes a (T, T) outer product); the contract's is the mean of the products "
            "step by step, -mean(logprobs * (returns - baseline))")
def product_of_means(logprobs, returns, baseline=None):
    return -(logprobs.mean() * _weights(returns, baseline).mean())


CONTRACT_MEAN = ("the contract's loss is the MEAN over all steps of every episode, "
                 "-mean(logprobs * (returns - baseline))")


@convention("reinforce_loss", "your loss sums over the steps and averages over the episodes "
            "(columns) of a (T, N) batch: " + CONTRACT_MEAN)
def sum_over_steps(logprobs, returns, baseline=None):
    products = logprobs * _weights(returns, baseline)
    return -(products.sum(0).mean() if products.dim() > 1 else products.sum())


@convention("reinforce_loss", "your loss averages over the steps and sums over the episodes "
            "(columns) of a (T, N) batch: " + CONTRACT_MEAN)
def sum_over_episodes(logprobs, returns, baseline=None):
    products = logprobs * _weights(returns, baseline)
    return -(products.mean(0).sum() if products.dim() > 1 else products.mean())


@convention("reinforce_loss", "your loss standardises the returns itself (sample std) before "
            "it subtracts the baseline: the loss uses them as they come in, "
            "-mean(logprobs * (returns - baseline))")
def returns_standardised_first(logprobs, returns, baseline=None):
    r = returns.detach()
    return -(logprobs * _weights((r - r.mean()) / (r.std() + 1e-8), baseline)).mean()


@convention("reinforce_loss", "your loss standardises the weights (returns minus baseline) "
            "itself, with the sample std, and sums over the steps (pytorch/examples' REINFORCE): "
            "the loss uses them as they come in, and " + CONTRACT_MEAN)
def normalised_and_summed(logprobs, returns, baseline=None):
    w = _weights(returns, baseline)
    return -(logprobs * (w - w.mean()) / (w.std() + 1e-8)).sum()


RESTARTS_STANDARDISED = (
    "your recursion restarts (the running return set to 0) at every nonzero reward, as "
    "Karpathy's Pong code does, and your returns are standardised (minus their mean, over their "
    "{std} std): a return runs through every reward to the episode's end, and the contract's "
    "are the returns themselves, " + CONTRACT_RETURNS)


def _restarts_standardised(unbiased):
    def discounted_returns(rewards, gamma):
        out = restarts_at_rewards(rewards, gamma)
        return (out - out.mean()) / (out.std(unbiased=unbiased) + 1e-8)
    discounted_returns.__name__ = "restarts_standardised_" + ("sample" if unbiased
                                                               else "population")
    return discounted_returns


restarts_standardised_sample = convention(
    "discounted_returns", RESTARTS_STANDARDISED.replace("{std}", "sample"))(
        _restarts_standardised(True))
restarts_standardised_population = convention(
    "discounted_returns", RESTARTS_STANDARDISED.replace("{std}", "population"))(
        _restarts_standardised(False))


# -- the discount fixed at a common value ---------------------------------------------------
# Code ported from a training script keeps its GAMMA = 0.99 (a constant, a default argument,
# self.gamma) where the argument belongs.

#: the values real code fixes gamma at
GAMMAS = (0.99, 0.95, 0.9, 0.98, 0.97, 0.995, 0.999)


def _fixed_gamma(value, unbiased=None):
    """gamma fixed at ``value``; the returns standardised with the sample (``unbiased``) or
    population std, or not at all (None)."""
    def discounted_returns(rewards, gamma):
        out = _returns(rewards, value)
        return out if unbiased is None else \
            (out - out.mean()) / (out.std(unbiased=unbiased) + 1e-8)
    std = {None: "", True: "_standardised_sample", False: "_standardised_population"}[unbiased]
    discounted_returns.__name__ = f"gamma_fixed_{value:g}".replace(".", "_") + std
    said = "" if unbiased is None else (
        ", and standardised (minus their mean, over their "
        f"{'sample' if unbiased else 'population'} std)")
    return convention("discounted_returns", f"your returns are discounted with gamma = "
                      f"{value:g} whatever gamma is passed (a constant of the code, or a "
                      f"default, where the argument belongs){said}; " + CONTRACT_RETURNS
                      + ", with the gamma it is given" + (", the returns themselves"
                                                          if said else ""))(discounted_returns)


globals().update((f.__name__, f) for f in (_fixed_gamma(g, unbiased) for g in GAMMAS
                                             for unbiased in (None, True, False)))


@convention("discounted_returns", "your answer at step t is gamma ** t * r_t, each reward "
            "discounted by its own step, with no sum over the rewards that follow; "
            + CONTRACT_RETURNS + ", a sum over every reward from step t on")
def discounted_rewards_only(rewards, gamma):
    steps = torch.arange(rewards.shape[0], dtype=rewards.dtype)
    return rewards * gamma ** steps


# -- reinforce_update: the step along another gradient, or the policy returned ---------------

def _argmax_onehot(logits, action):
    return _onehot(logits, int(torch.argmax(logits))) - torch.softmax(logits, dim=-1)


def _without_onehot(logits, action):
    return -torch.softmax(logits, dim=-1)


def _logits_for_probabilities(logits, action):
    return _onehot(logits, action) - logits


def _action_probability_everywhere(logits, action):
    return _onehot(logits, action) - torch.softmax(logits, dim=-1)[int(action)]


#: the wrong gradients a step is taken along: (name, gradient(logits, action), what it is)
STEPS = (
    ("action_entry_only", action_entry_only, "onehot(a) * (1 - p): the other actions' entries "
     "are 0, where -p_k belongs"),
    ("log_probabilities", log_probabilities, "onehot(a) - log_softmax(logits): the "
     "log-probabilities where the probabilities belong"),
    ("unnormalised", unnormalised, "onehot(a) - exp(logits): the softmax unnormalised"),
    ("sigmoid_probabilities", sigmoid_probabilities, "onehot(a) - sigmoid(logits): each "
     "action's logistic probability where the softmax's belongs"),
    ("argmax_action", _argmax_onehot, "onehot(argmax(logits)) - softmax(logits): the one-hot "
     "on the most likely action, not on the action taken"),
    ("without_onehot", _without_onehot, "-softmax(logits): the one-hot of the action left out"),
    ("logits_for_probabilities", _logits_for_probabilities, "onehot(a) - logits: the raw "
     "logits where the softmax's probabilities belong"),
    ("action_probability_everywhere", _action_probability_everywhere, "onehot(a) - p_a: the "
     "taken action's probability subtracted from every entry, where each action's own p_k "
     "belongs"),
)


def _update_along(name, gradient, said):
    def reinforce_update(logits, action, ret, lr):
        return logits + lr * ret * gradient(logits, action)
    reinforce_update.__name__ = f"update_{name}"
    return convention("reinforce_update", f"your step goes along {said}; the update is logits "
                      "+ lr * ret * (onehot(a) - softmax(logits))")(reinforce_update)


globals().update((f.__name__, f) for f in (_update_along(*s) for s in STEPS))


@convention("reinforce_update", "your answer is the new POLICY, softmax of the updated logits: "
            "the contract's answer is the new logits themselves, logits + lr * ret * "
            "(onehot(a) - softmax(logits))")
def policy_returned(logits, action, ret, lr):
    p = torch.softmax(logits, dim=-1)
    return torch.softmax(logits + lr * ret * (_onehot(logits, action) - p), dim=-1)


# -- reinforce_loss: the baseline, and standardising, other ways ----------------------------

@convention("reinforce_loss", "your loss subtracts the mean of the returns where the baseline "
            "passed belongs (the baseline argument is not used): the loss uses the baseline it "
            "is given, -mean(logprobs * (returns - baseline)), none when it is None")
def mean_return_baseline(logprobs, returns, baseline=None):
    r = returns.detach()
    return -(logprobs * (r - r.mean())).mean()


@convention("reinforce_loss", "your loss centres the weights (returns minus baseline) itself, "
            "minus their mean: the loss uses them as they come in, "
            "-mean(logprobs * (returns - baseline))")
def centred_weights(logprobs, returns, baseline=None):
    w = torch.broadcast_to(_weights(returns, baseline), logprobs.shape)
    return -(logprobs * (w - w.mean())).mean()


def _per_episode(unbiased):
    def reinforce_loss(logprobs, returns, baseline=None):
        w = torch.broadcast_to(_weights(returns, baseline), logprobs.shape)
        w = (w - w.mean(0)) / (w.std(0, unbiased=unbiased) + 1e-8)
        return -(logprobs * w).mean()
    std = "sample" if unbiased else "population"
    reinforce_loss.__name__ = f"standardised_per_episode_{std}"
    return convention("reinforce_loss", "your loss standardises the weights (returns minus "
                      f"baseline) itself, each episode (column) over its own steps, {std} "
                      "std: the loss uses them as they come in, "
                      "-mean(logprobs * (returns - baseline))")(reinforce_loss)


standardised_per_episode_sample = _per_episode(True)
standardised_per_episode_population = _per_episode(False)


# -- logit_grad_estimate_stats --------------------------------------------------------------

CONTRACT_STATS = ("the contract's estimate is g_a = (1[a == component] - probs[component]) * "
                  "(returns[a] - baseline), its mean sum_a p_a g_a and variance "
                  "sum_a p_a (g_a - mean)^2")


def _estimate(probs, returns, baseline, component, subtracted):
    indicator = torch.zeros_like(probs, dtype=torch.float64)
    indicator[int(component)] = 1.0
    return (indicator - subtracted) * (returns.detach().double() - float(baseline))


def _moments(probs, g):
    p = probs.detach().double()
    mean = (p * g).sum()
    return mean, (p * (g - mean) ** 2).sum()


@convention("logit_grad_estimate_stats", "your second number is the standard deviation, the "
            "square root of the variance: " + CONTRACT_STATS)
def standard_deviation(probs, returns, baseline, component):
    p = probs.detach().double()
    mean, variance = _moments(p, _estimate(p, returns, baseline, component, p[int(component)]))
    return float(mean), float(variance.sqrt())


@convention("logit_grad_estimate_stats", "your estimate subtracts the DRAWN action's "
            "probability probs[a] where probs[component] belongs: " + CONTRACT_STATS)
def drawn_probability(probs, returns, baseline, component):
    p = probs.detach().double()
    mean, variance = _moments(p, _estimate(p, returns, baseline, component, p))
    return float(mean), float(variance)


@convention("logit_grad_estimate_stats", "your estimate averages over the actions equally and "
            "takes their sample variance (ddof 1, torch.var's default): " + CONTRACT_STATS
            + ", expectations under probs")
def unweighted_sample(probs, returns, baseline, component):
    p = probs.detach().double()
    g = _estimate(p, returns, baseline, component, p[int(component)])
    return float(g.mean()), float(g.var())


@twist("discounted_returns", "your returns are centred (minus their mean, a baseline folded "
       "into them), as an advantage estimate does after computing them: the contract returns "
       "them raw")
def returns_centred(answer, arguments):
    return answer - answer.mean()


@twist("discounted_returns", "your returns are standardised (minus their mean, over their "
       "sample std), as a training loop does after computing them: the contract returns them raw")
def returns_standardised(answer, arguments):
    return (answer - answer.mean()) / (answer.std() + 1e-8)
