"""The notebook's answer cells: one test per step of the assignment's ``[answers]`` sheet.

Each step is worth its points under the sheet's idea (a gradebook column, an idea of the
class page); its cell runs in a sandboxed worker of its own and its values are compared with
the solution notebook's (:mod:`autograder.engine.answers`). Nothing here names a step: they
all come from the registry.
"""
import pytest

from autograder.engine.plugin import active


def pytest_generate_tests(metafunc):
    if "answer_step" in metafunc.fixturenames:
        sheet = active(metafunc.config).course_assignment.answers
        metafunc.parametrize("answer_step", [
            pytest.param(step, id=step.title, marks=[pytest.mark.points(step.points,
                                                                        group=sheet.idea),
                                                     pytest.mark.answer])
            for step in sheet.steps])


def test_answer(answer_step, answers):
    answers.compare(answer_step)
