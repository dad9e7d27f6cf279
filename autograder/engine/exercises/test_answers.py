"""The notebook's answer cells: one test per step of the assignment's ``[answers]`` sheet.

Each step is worth its points under the sheet's idea (a gradebook column, an idea of the
class page); its cell runs in a sandboxed worker of its own and its values are compared with
the solution notebook's (:mod:`autograder.engine.answers`). Nothing here names a step: the
grading plugin makes one test of each step of the registry's sheet
(:meth:`GradingPlugin.pytest_generate_tests
<autograder.engine.plugin.GradingPlugin.pytest_generate_tests>`).
"""


def test_answer(answer_step, answers):
    answers.compare(answer_step)
