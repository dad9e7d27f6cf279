"""grpo_lm's conventions name the right cause for buggy verifiers and weights written as real
code writes them (tests/assignments/grpo_lm/causes/: a lenient int(float()) or round(float())
reading, the last signed number of the text, the completion's outer whitespace stripped, the
answer cut at its first '.', an arithmetic mean of the tokens' ratios; loops, regexes, numpy,
float32 inside, an extra eps). ``probe_*``: verifiers ported from public reward functions,
named by the probes of verify (autograder/hidden/grpo_lm/probes.py) where no convention fits;
``tis_*``: weights ported from public TIS code (token-level truncation, a lower clip, the
padding cleaned instead of masked)."""
import pytest

from closest_cases import cases, check

CASES = cases("grpo_lm")


@pytest.mark.parametrize("mutant", CASES, ids=[m.name for m in CASES])
def test_a_real_looking_mistake_gets_its_own_cause(mutant):
    check(mutant)
