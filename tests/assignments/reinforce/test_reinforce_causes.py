"""reinforce's conventions name the right cause for buggy functions written as real code writes
them (tests/assignments/reinforce/causes/: Pong's restarting returns, a discount counted from
the wrong end, the whole episode's return everywhere, sums where the loss averages,
standardising inside the loss, a (T,) by (T, 1) outer product, the gradient at the wrong
probability, an unshifted softmax, gamma fixed at a common value, an update along another
gradient or returning the policy, the mean return or a centred or per-episode standardised weight
in the loss, a standard deviation, the drawn action's probability or an unweighted sample
variance in the estimate's statistics), with a second small deviation of their own."""
import pytest

from closest_cases import cases, check

CASES = cases("reinforce")


@pytest.mark.parametrize("mutant", CASES, ids=[m.name for m in CASES])
def test_a_real_looking_mistake_gets_its_own_cause(mutant):
    check(mutant)
