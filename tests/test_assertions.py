"""Feedback of the comparison helpers: the wrong number is always in view, with the size of the
difference, the tolerance in force and enough digits to see where they differ; precision is
graded once (docs/contract.md, "Precision")."""
import math

import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from autograder.engine.assertions import (FLOAT64_PRECISION, TOLERANCES, Mismatch, expect_close,
                                          expect_float, short)
from pgcheck.assertions import digits_apart
from pgcheck.messages import Origin, error_text


def _failure(actual, expected) -> str:
    with pytest.raises(Mismatch) as info:
        expect_close(actual, expected, case="case")
    return str(info.value)


def test_listing_shows_the_worst_element_beyond_the_first_numbers():
    expected = torch.arange(21, dtype=torch.float64).reshape(7, 3)
    actual = expected.clone()
    actual[5, 2] = -4.5                       # flat index 17, past the first 8 numbers
    text = _failure(actual, expected)
    assert "values differ at index (5, 2): expected 17, got -4.5" in text
    assert "largest difference 22 (relative 1.3)" in text
    assert "tolerance |got - expected| <= 1e-05 + 1e-04 * |expected|" in text
    lines = dict(line.split(maxsplit=1) for line in text.splitlines()[1:])
    assert lines["expected"].startswith("[..., ") and ", 17," in lines["expected"]
    assert lines["got"].startswith("[..., ") and ", -4.5," in lines["got"]
    assert "(21 values)] shape (7, 3)" in lines["got"]


def test_listing_starts_at_the_beginning_when_the_worst_element_is_there():
    expected = torch.zeros(20)
    actual = expected.clone()
    actual[2] = 1.0
    got_line = _failure(actual, expected).splitlines()[2]
    assert got_line.split(maxsplit=1)[1] == "[0, 0, 1, 0, 0, 0, 0, 0, ... (20 values)] float32"


def test_short_window_never_runs_past_the_end():
    assert short(torch.arange(10.0), 4, focus=9) == "[..., 6, 7, 8, 9 (10 values)] float32"
    assert short(torch.arange(4.0), 4, focus=3) == "[0, 1, 2, 3] float32"


def test_a_small_difference_shows_its_digits_size_and_tolerance():
    """The issue's 'expected -0.102, got -0.102': now the digits that differ, and how much."""
    expected = torch.tensor([-0.1023456789, 0.5], dtype=torch.float64)
    actual = expected + torch.tensor([2e-3, 0.0], dtype=torch.float64)
    text = _failure(actual, expected)
    first = text.splitlines()[0]
    assert "expected -0.1023, got -0.1003" in first
    assert "largest difference 0.002 (relative 0.02)" in first
    near = expected.clone()
    near[0] += 3e-8
    with pytest.raises(Mismatch) as info:
        expect_close(near, expected, case="c", precision=True)
    assert "expected -0.1023457, got -0.1023456" in str(info.value)


@settings(max_examples=200, deadline=None)
@given(st.floats(-1e6, 1e6, allow_nan=False), st.floats(1e-12, 1.0))
def test_two_different_numbers_never_read_the_same(x, gap):
    """Fuzzed: whatever the two numbers, the feedback shows them differently."""
    y = x + gap * max(abs(x), 1e-300)
    if y == x:
        return
    digits = digits_apart(x, y)
    assert f"{x:.{digits}g}" != f"{y:.{digits}g}"


def test_value_checks_judge_at_float32_precision_whatever_the_dtype():
    """A float64 answer off by float32 rounding, or a float32 answer where float64 is due,
    passes a value check; the precision check fails both, with a diagnosis naming causes."""
    expected = torch.linspace(-3, 3, 12, dtype=torch.float64) * 0.95
    rounded = expected.float().double()
    expect_close(rounded, expected, case="float32 intermediate")
    expect_close(expected.float(), expected, case="float32 result")
    for answer, words in ((rounded, "agrees with the reference to float32 precision"),
                          (expected.float(), "the result is float32 for float64 inputs")):
        with pytest.raises(Mismatch) as info:
            expect_close(answer, expected, case="c", precision=True)
        assert words in str(info.value) and "`.float()` on a mask" in str(info.value)
    assert TOLERANCES[torch.float64] == TOLERANCES[torch.float32]
    assert FLOAT64_PRECISION[0] < 1e-8     # float32 rounding, ~6e-8 relative, is outside


def test_precision_check_says_when_the_gap_is_not_rounding():
    expected = torch.ones(4, dtype=torch.float64)
    with pytest.raises(Mismatch) as info:
        expect_close(expected * 1.1, expected, case="c", precision=True)
    assert "differs by more than any rounding" in str(info.value)


def test_a_float64_result_for_float32_inputs_is_still_a_wrong_dtype():
    with pytest.raises(Mismatch, match="wrong dtype"):
        expect_close(torch.ones(3, dtype=torch.float64), torch.ones(3), case="c")


def test_float_mismatch_states_the_difference_and_tolerance():
    with pytest.raises(Mismatch) as info:
        expect_float(0.5123, 0.5, case="mean")
    assert "differs by 0.012 (relative 0.025), tolerance" in str(info.value)
    assert expect_float(0.5 + 1e-7, 0.5, case="mean") == pytest.approx(0.5)
    assert math.isnan(expect_float(float("nan"), float("nan"), case="nan"))


def test_a_bare_not_implemented_error_names_its_function_and_line():
    assert error_text("NotImplementedError", "", origin=Origin("compute_gae", 57)) == \
        "not implemented: compute_gae (NotImplementedError raised at line 57)"
    assert error_text("NotImplementedError", "") == "not implemented: a function"
    assert Origin.parse("compute_gae", 57) == Origin("compute_gae", 57)
    for bad in (("x y", 3), ("f", "3"), ("f", True), ("f", -1), ("f" * 101, 3), (None, 1)):
        assert Origin.parse(*bad) is None           # a worker's reply is not trusted


# -- tolerances measured from the exact answer (issue 39) ----------------------------------------

def test_the_widening_is_the_references_own_distance_and_only_where_finite():
    from pgcheck.assertions import within

    exact = torch.tensor([1.0, 1.0, 5.0, math.nan], dtype=torch.float64)
    ref = torch.tensor([1.01, math.inf, 5.0, math.nan], dtype=torch.float64)
    got = torch.tensor([0.991, 1.5, 5.0, math.nan], dtype=torch.float64)
    assert within(got, ref, 1e-4, 1e-5, exact).tolist() == [True, False, True, True]
    assert within(torch.tensor([math.inf]), torch.tensor([math.inf]), 1e-4, 1e-5).tolist() == [True]
    assert expect_float(0.0015, 0.001465, case="c", exact=0.0015) == 0.0015
    with pytest.raises(Mismatch):
        expect_float(0.0015, 0.001465, case="c")
