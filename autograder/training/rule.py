"""The seed-by-seed rule every training check shares.

=================  =========================================================
step               who
=================  =========================================================
seeds              the grader's, fixed per check, tried in order
train              the grader (:mod:`.remote`): the student's functions are asked
                   for their values, one exchange per minibatch or update
judge              the grader, from the weights, in its own environment
pass               as soon as one seed succeeds, at most ``attempts`` seeds
=================  =========================================================

A check's own module supplies ``try_seed(seed) -> Attempt`` (train and judge
one seed) and a subclass of :class:`Attempt` with what it measured.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Sequence


@dataclass
class Attempt:
    """One seed of a training check."""

    seed: int
    success: bool = False
    seconds: float = 0.0        #: wall time of the training, as the worker measured it
    error: str = ""             #: why the returned weights could not be judged


def try_seeds(seeds: Sequence[int], attempts: int, try_seed: Callable[[int], Attempt],
          on_attempt: Callable[[Attempt], None] = lambda a: None) -> list[Attempt]:
    """Try ``seeds`` in order, at most ``attempts`` of them; stop at the first success.

    ``try_seed`` turns what the worker returned into an Attempt; a ValueError,
    KeyError or TypeError raised while judging (malformed weights) fails that
    seed with the message as its ``error``.
    """
    done = []
    for seed in seeds[:attempts]:
        try:
            attempt = try_seed(seed)
        except (ValueError, KeyError, TypeError) as exc:
            attempt = Attempt(seed, error=str(exc))
        done.append(attempt)
        on_attempt(attempt)
        if attempt.success:
            break
    return done


def passed(attempts: list[Attempt]) -> bool:
    return any(a.success for a in attempts)


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a pass rate.

    >>> [round(x, 3) for x in wilson(0, 300)]
    [0.0, 0.013]
    """
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def moving_mean(points, window: int = 10) -> tuple[list, list]:
    """(x, mean of the last ``window`` y values) of ``[(x, y), ...]``, for learning curves."""
    xs = [x for x, _ in points]
    ys = [float(y) for _, y in points]
    return xs, [sum(ys[max(0, i - window + 1):i + 1]) / (i + 1 - max(0, i - window + 1))
                for i in range(len(ys))]
