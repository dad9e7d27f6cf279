"""grpo's conventions name the right cause for buggy functions written as real code writes them
(tests/assignments/grpo/causes/: the log-probs and the mask out of step by one position, the
next position's mask or the first position dropped; a mean over all L positions, which the
relations name; with a second small deviation of their own: float32 inside, an extra eps)."""
import pytest

from closest_cases import cases, check

CASES = cases("grpo")


@pytest.mark.parametrize("mutant", CASES, ids=[m.name for m in CASES])
def test_a_real_looking_mistake_gets_its_own_cause(mutant):
    check(mutant)
