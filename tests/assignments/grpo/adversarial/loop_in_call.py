"""Every function loops forever."""


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    while True:
        pass


def sequence_logprob(token_logprobs, mask):
    while True:
        pass


def grpo_loss(token_logprobs, mask, advantages):
    while True:
        pass
