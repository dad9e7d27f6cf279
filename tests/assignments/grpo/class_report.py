"""What ``tests/test_class_report.py`` plants when ``grpo`` is the engine's example assignment.

The class page must flag an unfair hidden test: one that correct solutions fail while they pass
the rest of its idea, and that no known mistake explains. The test below belongs to the idea
"group mean" and expects the texts' table with a sign error (the last advantage +0.5 instead
of -0.5).
"""

#: a hidden-test file added to a copy of the real suite
PLANTED = '''\
import pytest
import torch


@pytest.mark.points(1, group="group mean")
def test_planted_wrong_expectation(student):
    """the texts' table, expected with a sign error (planted)"""
    got = student.group_advantages(torch.tensor([[0.0, 1.0, 1.0, 0.0]]))
    want = torch.tensor([[-0.5, 0.5, 0.5, 0.5]])
    assert torch.allclose(got, want), f"expected {want.tolist()}, got {got.tolist()}"
'''

#: the name the grade gives it: "<group>: <first line of its docstring>"
PLANTED_NAME = "group mean: the texts' table, expected with a sign error (planted)"

#: the known mistake (``tests/mutants/grpo/``) that a student fixes between the two grades
FIXED = "batch_mean"
