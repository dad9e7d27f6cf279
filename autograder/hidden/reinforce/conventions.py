"""Other conventions of the REINFORCE functions, as homework and public implementations write
them, for the closest convention (:mod:`autograder.engine.causes.closest`). Our own code, run in
the grader only."""
import torch

from autograder.engine.causes.closest import convention

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
