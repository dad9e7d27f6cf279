"""Feedback of the comparison helpers: the wrong number is always in view."""
import pytest
import torch

from autograder.engine.assertions import Mismatch, expect_close, short


def _failure(actual, expected) -> str:
    with pytest.raises(Mismatch) as info:
        expect_close(actual, expected, case="case")
    return str(info.value)


def test_listing_shows_the_worst_element_beyond_the_first_numbers():
    expected = torch.arange(21, dtype=torch.float64).reshape(7, 3)
    actual = expected.clone()
    actual[5, 2] = -4.5                       # flat index 17, past the first 8 numbers
    text = _failure(actual, expected)
    assert "largest difference is at index (5, 2): expected 17, got -4.5" in text
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
