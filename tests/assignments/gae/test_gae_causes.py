"""gae's conventions name the right cause for buggy GAE loops written as real code writes them
(tests/assignments/gae/causes/: a recursion across episode ends, cut at terminations only or by
the wrong step's flag, no bootstrap at a truncation, the next row's value, wrong value targets,
the done mask on the wrong term, gamma or lambda fixed at a common value or swapped, the pair in
the other order, with a second small deviation of their own)."""
import pytest

from closest_cases import cases, check

CASES = cases("gae")


@pytest.mark.parametrize("mutant", CASES, ids=[m.name for m in CASES])
def test_a_real_looking_mistake_gets_its_own_cause(mutant):
    check(mutant)
