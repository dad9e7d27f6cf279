"""grpo's experiment (autograder/engine/causes/ablations.py) through ``Compare.again``: the
student's function called again in one ``map`` exchange, ending silently on a hang."""
import torch

from autograder.authoring import course
from autograder.engine.causes import Causes
from autograder.engine.plugin import reference_module
from test_ablations import _Session


def test_the_experiment_is_one_map_exchange_and_ends_silently():
    """Compare.again sends the items in one ``map`` exchange, limited by the reference's time;
    a hang ends the experiment with no event left in the report and the function not marked
    broken."""
    from autograder.engine.compare import Compare
    from autograder.sandbox.proxy import Student
    assignment = course.get("grpo")
    reference = reference_module(assignment)
    items = [[torch.tensor([[0.0, 1.0]])], [torch.tensor([[1.0, 3.0]])]]
    session = _Session(lambda got: [reference.group_advantages(*i) for i in got])
    compare = Compare(Student(session), reference, Causes(assignment))
    assert compare.causes.ask == compare.again
    answers = compare.again("group_advantages", items, 0.001)
    assert len(answers) == 2 and session.requests[0][:2] == ("map", 2)
    assert session.requests[0][2] == session.limits.call_limit(0.001)
    hung = _Session(lambda got: None)
    compare = Compare(Student(hung), reference, Causes(assignment))
    assert compare.again("group_advantages", items, 0.001) is None
    assert hung.events == [] and hung.broken == {}
