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


def test_a_convention_is_named_before_where_the_answer_differs():
    """lambda fixed at 0.9 on rollouts that each end an episode by a termination: the answers
    differ only where `terminated` is False, a relation that holds and says where, not why; the
    convention that explains every case is named instead."""
    from autograder.authoring import course
    from autograder.engine.causes import Causes
    from autograder.engine.causes.relations import relate
    from autograder.engine.plugin import reference_module
    from test_closest import observe

    student = next(m for m in CASES if m.name == "fixed_lambda_list").load()["compute_gae"]
    cases = [o for o in observe("gae", "compute_gae", student)
             if bool(o.args[3].any()) and not bool(o.args[3].all()) and o.args[6] != 0.9]
    reference = reference_module(course.get("gae"))
    assert relate("compute_gae", cases, reference.compute_gae).name.startswith("where")
    cause = Causes(course.get("gae")).conclude("compute_gae", cases, reference)
    assert "lambda = 0.9 whatever is passed" in cause.text, cause
