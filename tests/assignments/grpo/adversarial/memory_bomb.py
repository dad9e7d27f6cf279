"""Runs out of memory in every call, in the two ways a submission can.

``group_advantages`` asks for far more than the limit in one allocation: it fails at once,
whatever the machine's load, so the grader must report "ran out of memory" and skip its later
calls. ``sequence_logprob`` hoards memory a block at a time and touches every page
(``bytearray`` fills with zeros): it reaches the address-space limit in about a second on a
quiet machine, but on a loaded one the call's time limit may come first. Either way it scores
nothing and is not called again.
"""


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    return bytearray(1 << 40)


def sequence_logprob(token_logprobs, mask):
    hoard = []
    while True:
        hoard.append(bytearray(256 << 20))
