"""The closest convention (``autograder/engine/causes/closest.py``) on ppo's one graded function
that calls another: ``ppo_clip_loss`` calls ``clipped_surrogate``."""
from autograder.authoring import course
from autograder.engine.causes import Causes
from autograder.engine.causes.closest import assignment_conventions
from test_closest import observe


def test_a_function_whose_callee_fails_gets_no_convention():
    """ppo_clip_loss calls clipped_surrogate: while that one answers wrongly, the loss's
    failures may follow from it, and no convention of the loss is named."""
    item = next(c for c in assignment_conventions(course.get("ppo")) if c.name == "ratio_one")
    cases = observe("ppo", "ppo_clip_loss", item.function)
    causes = Causes(course.get("ppo"))
    assert causes.closest("ppo_clip_loss", cases) is not None
    wrong = observe("ppo", "clipped_surrogate", lambda r, a, eps=0.2: r * a)
    assert causes.closest("ppo_clip_loss", cases + wrong) is None
