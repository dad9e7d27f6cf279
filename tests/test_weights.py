"""The weights experiment (autograder/engine/causes/weights.py): every assignment's declared
losses are their reference under the contract's weighting; a toy loss's stacked weighting is
read off its answers on the structured inputs; answers that several weightings explain (a
value that is always 0) name nothing; a correct function is never weighed."""
import pytest
import torch

from autograder.authoring import course
from autograder.engine.causes.evidence import Observation
from autograder.engine.causes.weights import (Weighing, Weighting, close, declared, fit, predict,
                                              probes, weigh_with)
from autograder.engine.plugin import reference_module
from pgcheck import expect_close

DECLARED = [(name, w) for name in sorted(course.assignments())
            for w in declared(course.get(name))]


def _contract(w: Weighing) -> Weighting:
    return Weighting(w.sign, w.scale, False, "given", "where", False)


def _example(reference_fn, w: Weighing) -> dict:
    """Arguments of the shape the assignment's own checks use, built from the signature."""
    import inspect
    n, width = 4, 5
    arguments = {}
    for name, p in inspect.signature(reference_fn).parameters.items():
        if name == w.mask:
            arguments[name] = torch.ones(n, width, dtype=torch.bool)
        elif name in (w.live, w.weights_arg) or p.default is inspect.Parameter.empty:
            shape = (n,) if name == w.weights_arg and w.mask else (n, width) if w.mask else (n,)
            arguments[name] = torch.linspace(-1.0, 1.0, int(torch.Size(shape).numel())) \
                .reshape(shape).double()
        else:
            arguments[name] = p.default
    return arguments


@pytest.mark.parametrize("name,w", DECLARED, ids=[f"{n}:{w.fn}" for n, w in DECLARED])
def test_the_contract_weighting_is_the_reference(name, w):
    reference_fn = getattr(reference_module(course.get(name)), w.fn)
    for arguments in probes(w, _example(reference_fn, w)):
        assert close(reference_fn(*arguments.values()), predict(w, arguments, _contract(w)))


def _toy_term(arguments, a, one):
    lp = arguments["lp"]
    return a[:, None] * (torch.exp(lp - lp) if one else lp)


TOY = Weighing("toy", live="lp", mask="mask", term=_toy_term,
               weights=lambda arguments: arguments["adv"], weights_arg="adv",
               sizes={"rows": "rows", "width": "width", "real": "real tokens"},
               contract="the contract sums each row")


def toy_reference(lp, mask, adv):
    return -(adv[:, None] * torch.where(mask, lp, torch.zeros_like(lp))).sum(dim=1).mean()


def toy_token_mean_standardised(lp, mask, adv):
    a = (adv - adv.mean()) / (adv.std() + 1e-8)
    return (a[:, None] * lp.float() * mask).sum() / mask.sum()


def _observed(fn, arguments):
    return Observation("toy", "value", tuple(arguments.values()), {}, fn(*arguments.values()),
                       toy_reference(*arguments.values()),
                       lambda actual, expected: expect_close(actual, expected, case="toy"))


def _arguments(n=3, width=4):
    return {"lp": -torch.rand(n, width, dtype=torch.float64) - 0.1,
            "mask": torch.arange(width)[None, :] < torch.tensor([width, 2, 3])[:, None],
            "adv": torch.tensor([1.0, -0.5, 2.0], dtype=torch.float64)}


def test_a_stacked_weighting_is_read_off():
    arguments = _arguments()
    asked = [(p, toy_token_mean_standardised(*p.values())) for p in probes(TOY, arguments)]
    found = fit(TOY, asked, [(_observed(toy_token_mean_standardised, arguments), arguments)])
    # the padding holds finite values: multiplying by the mask is leaving it out (fewer parts)
    assert found == [Weighting(1, ("real",), False, "sample", "where", False)]


def test_answers_that_several_weightings_explain_name_nothing():
    def always_zero(lp, mask, adv):
        return torch.exp(lp - lp).mul(adv[:, None] - adv.mean()).mean(dim=1).mean()
    arguments = _arguments()
    asked = [(p, always_zero(*p.values())) for p in probes(TOY, arguments)]
    found = fit(TOY, asked, [(_observed(always_zero, arguments), arguments)])
    assert len({(h.scale, h.sign, h.tau) for h in found}) > 1


def test_a_function_with_no_failed_case_is_not_weighed():
    arguments = _arguments()

    def ask(fn, items, seconds):
        raise AssertionError("asked")
    assert weigh_with(TOY, [_observed(toy_reference, arguments)], toy_reference, ask) is None


def test_a_loss_wrong_in_its_gradient_only_is_not_weighed():
    arguments = _arguments()
    right_value = _observed(toy_reference, arguments)
    class Reply:        # a gradient case's answer: its value right, its gradient judged wrong
        def __init__(self, value):
            self.value = value
    grad_only = Observation("toy", "grad", right_value.args, {}, Reply(right_value.student),
                            Reply(right_value.reference),
                            lambda actual, expected: (_ for _ in ()).throw(AssertionError()))

    def ask(fn, items, seconds):
        raise AssertionError("asked")
    assert weigh_with(TOY, [grad_only], toy_reference, ask) is None


def test_a_python_number_is_weighed_and_its_form_named():
    def as_float(lp, mask, adv):
        return float(toy_token_mean_standardised(lp, mask, adv))
    arguments = _arguments()

    def ask(fn, items, seconds):
        return [as_float(*item) for item in items]
    said = weigh_with(TOY, [_observed(as_float, arguments)], toy_reference, ask)
    assert said and "1/(real tokens)" in said[0] and "Python float" in said[0], said
