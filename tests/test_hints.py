"""A likely cause is named only on specific evidence (autograder/engine/causes/): the rule on
small made-up banks, and the diagnoses computed from the reference's own answer."""
import torch

from autograder.engine.causes import Causes
from autograder.engine.causes.diagnoses import broadcast_shape, other_eps, standardised
from autograder.engine.causes.evidence import (UNKNOWN, Cause, Observation, Raised, helpers,
                                               informative)
from autograder.engine.causes.replay import Mistake
from autograder.engine.compare import _judge_value


class Bank(Causes):
    """Hints over a made-up bank of mistakes of one function ``f``."""

    def __init__(self, **mistakes):
        super().__init__(assignment=None)
        self._mistakes = [Mistake(name, f"hint {name}", {"f": fn}) for name, fn in mistakes.items()]

    @property
    def mistakes(self):
        return self._mistakes

    def scope(self, fn):
        return {fn}

    def replay(self, mistake, obs):
        try:
            return mistake.namespace["f"](*obs.args)
        except Exception as exc:  # noqa: BLE001
            return Raised(type(exc).__name__)


def observe(student, reference, *inputs):
    """Observations of ``f`` on each input: the student's answer and the reference's."""
    return [Observation("f", "value", (x,), {}, student(x), reference(x), _judge_value)
            for x in inputs]


def right(x):
    return 1.0 if x == "ok" else 0.0


def always_zero(x):
    return 0.0


def test_one_bit_is_not_enough_two_are():
    """An answer of 0.0 where 1.0 was due has countless causes: one such case names none."""
    bank = Bank(zero=always_zero)
    assert bank.conclude("f", observe(always_zero, right, "ok", "no")) == UNKNOWN
    assert bank.conclude("f", observe(always_zero, right, "ok", "ok", "no")) == Cause("hint zero", "zero")


def test_a_mistake_must_agree_on_every_case():
    """A student who is right where the mistake is wrong is not making that mistake."""
    bank = Bank(zero=always_zero)
    student = lambda x: 0.0 if x == "ok" else 1.0    # noqa: E731
    assert bank.conclude("f", observe(student, right, "ok", "ok", "no")) == UNKNOWN


def test_one_informative_case_is_enough():
    double = lambda t: t * 2      # noqa: E731
    bank = Bank(double=double, negate=lambda t: -t)
    cases = observe(double, lambda t: t, torch.tensor([1.0, 2.5, -3.0]))
    assert bank.conclude("f", cases) == Cause("hint double", "double")


def test_mistakes_that_fit_equally_are_named_together():
    bank = Bank(a=always_zero, b=lambda x: 0.0)
    assert bank.conclude("f", observe(always_zero, right, "ok", "ok")) == \
        Cause("one of: hint a; hint b", "")


def test_exceptions_agree_whatever_their_type_but_are_one_bit():
    def boom(x):
        raise ValueError(x)

    bank = Bank(boom=boom)
    student = [Observation("f", "value", (x,), {}, Raised("TypeError"), right(x), _judge_value)
               for x in ("ok", "no")]
    assert bank.conclude("f", student) == Cause("hint boom", "boom")
    assert bank.conclude("f", student[:1]) == UNKNOWN


def test_what_carries_more_than_a_bit():
    assert informative(torch.tensor([0.3]))
    assert informative(torch.tensor([0.0, 1.0, 1.0]))
    assert not informative(torch.zeros(5))
    assert not informative(torch.full((3,), float("nan")))
    assert not informative(1.0) and not informative(Raised("KeyError"))


def test_a_function_is_judged_with_the_functions_it_calls():
    source = "def g(x):\n    return x\ndef f(x):\n    return g(x) + h(x)\ndef h(x):\n    return g(x)\n"
    assert helpers(source) == {"g": {"g"}, "f": {"f", "g", "h"}, "h": {"h", "g"}}


def test_diagnoses_from_the_reference_answer():
    ref = torch.tensor([3.0, 1.0, -2.0, 0.5], dtype=torch.float64)
    z = (ref - ref.mean()) / (ref.std() + 1e-8)
    assert "standardised" in standardised(z, ref)
    assert standardised(ref * 2, ref) == ""
    column = broadcast_shape(torch.zeros(4, 4), ref, (ref,))
    assert "(4,) tensor with a (4, 1) one" in column
    assert broadcast_shape(torch.zeros(3), ref, (ref,)) == ""
    scalar = ref.mean()     # a per-sample answer where the mean is asked: no broadcast
    for answer, args in ((ref, (ref,)), (ref, (ref, ref * 2)), (torch.zeros(1), (ref[:1],)),
                         (torch.zeros(4, 1), (ref[:, None],)), (torch.zeros(7), (ref, ref[:3]))):
        assert broadcast_shape(answer, scalar, args) == "", answer.shape
    assert "(4,) tensor with a (4, 1) one" in broadcast_shape(torch.zeros(4, 4), scalar, (ref,))

    def normalise(x, eps=0.5):
        return (x - x.mean()) / (x.std() + eps)

    x = torch.tensor([1.0, 0.0, 0.0, 2.0], dtype=torch.float64)
    assert "what eps between 0 and 0.0001 gives, not the eps = 0.5 passed in" in other_eps(
        normalise, (x,), {"eps": 0.5}, normalise(x, 1e-6), normalise(x, 0.5))
    assert other_eps(normalise, (x,), {}, normalise(x) * 3, normalise(x)) == ""


# -- relations (autograder/engine/causes/relations.py): on every failed case, or not at all --

def _loss(logprobs, returns):
    return -(logprobs * returns).mean()


def _returns(rewards, gamma):
    out, running = torch.zeros_like(rewards), torch.zeros((), dtype=rewards.dtype)
    for t in reversed(range(rewards.shape[0])):
        running = rewards[t] + gamma * running
        out[t] = running
    return out


def _residuals(rewards, values, next_values, terminated, gamma):
    return rewards + gamma * (~terminated).to(rewards.dtype) * next_values - values


def cases(fn, student, inputs):
    return [Observation(fn.__name__, "value", args, {}, student(*args), fn(*args), _judge_value)
            for args in inputs]


def related(fn, student, inputs):
    from autograder.engine.causes.relations import relate

    found = relate(fn.__name__, cases(fn, student, inputs), fn)
    return found.name if found else "", found.text if found else ""


def test_relations_name_what_holds_on_every_failed_case_with_its_numbers():
    g = torch.Generator().manual_seed(0)
    losses = [(torch.randn(n, generator=g, dtype=torch.float64),
               torch.randn(n, generator=g, dtype=torch.float64)) for n in (9, 4)]
    name, text = related(_loss, lambda lp, r: -_loss(lp, r), losses)
    assert name == "sign" and "all 2 failed cases" in text and "expected" in text
    name, text = related(_loss, lambda lp, r: -(lp * r).sum(), losses)
    assert name == "factor:times" and "the length of `logprobs` times" in text
    assert "summed" in text

    rewards = [(torch.randn(n, generator=g, dtype=torch.float64), 0.9) for n in (6, 5)]

    def forward(r, gamma):
        return _returns(r.flip(0), gamma).flip(0)
    assert related(_returns, forward, rewards)[0] == "direction"


def test_differences_only_at_one_feature_are_named_and_a_partial_relation_is_not():
    g = torch.Generator().manual_seed(1)
    rollouts = []
    for T, end in ((8, 3), (6, 1)):
        done = torch.zeros(T, dtype=torch.bool)
        done[end] = True
        rollouts.append((torch.randn(T, generator=g, dtype=torch.float64),
                         torch.randn(T, generator=g, dtype=torch.float64),
                         torch.randn(T, generator=g, dtype=torch.float64), done, 0.9))

    def bootstraps(r, v, nv, done, gamma):
        return r + gamma * nv - v
    name, text = related(_residuals, bootstraps, rollouts)
    assert name == "where" and "where `terminated` is True" in text

    def sometimes_flipped(r, v, nv, done, gamma):     # a sign flip on the first case only
        out = _residuals(r, v, nv, done, gamma)
        return -out if r.shape[0] == 8 else out + 1.0
    assert related(_residuals, sometimes_flipped, rollouts) == ("", "")


def test_a_constant_an_input_returned_or_changed_is_named_with_numbers_not_a_cause():
    g = torch.Generator().manual_seed(2)
    losses = [(torch.randn(n, generator=g, dtype=torch.float64),
               torch.randn(n, generator=g, dtype=torch.float64)) for n in (9, 4)]
    name, text = related(_loss, lambda lp, r: 0.5 * _loss(lp, r), losses)
    assert name == "constant" and "0.5 times the expected one on all 2 failed cases" in text
    assert "summed" not in text and "expected" in text
    name, text = related(_loss, lambda lp, r: _loss(lp, r) + 1.0, losses)
    assert name == "offset" and "plus 1 on all 2 failed cases" in text
    # a 0/1 reward that is wrong is always 1 minus the right one: that proves nothing
    def verify(text):
        return 1.0 if text == "ok" else 0.0
    assert related(verify, lambda t: 1.0 - verify(t), [("ok",), ("no",), ("ok",)]) == ("", "")
    rollouts = [tuple(torch.randn(T, generator=g, dtype=torch.float64) for _ in range(3))
                + (torch.rand(T, generator=g) < 0.3, 0.9) for T in (7, 5)]
    name, text = related(_residuals, lambda r, v, nv, d, gamma: _residuals(r, -v, nv, d, gamma),
                         rollouts)
    assert name == "inputs" and "`values` negated" in text
    rewards = [(torch.randn(n, generator=g, dtype=torch.float64), 0.9) for n in (6, 5)]
    name, text = related(_returns, lambda r, gamma: r.clone(), rewards)
    assert name == "unchanged" and "the input `rewards`" in text
    def masked_sum(lp, mask):
        return torch.where(mask, lp, torch.zeros_like(lp)).sum(dim=1)
    batches = [(torch.randn(3, 5, generator=g, dtype=torch.float64),
                torch.rand(3, 5, generator=g) < 0.7) for _ in range(2)]
    name, text = related(masked_sum, lambda lp, m: torch.where(m, lp, 0.0).sum(dim=0), batches)
    assert name == "transposed" and "shape (5,) where (3,) is expected" in text

    def centred(r, normalize_std=False):
        c = r - r.mean()
        return c / c.std() if normalize_std else c
    flags = [(torch.randn(6, generator=g, dtype=torch.float64), flag) for flag in (True, False)]
    name, text = related(centred, lambda r, n: centred(r, not n), flags)
    assert name == "inputs" and "`normalize_std` flipped" in text
    # a flag the call leaves at its default is an input too: `if not normalize_std:`
    defaults = [(torch.randn(6, generator=g, dtype=torch.float64),) for _ in range(2)]
    name, text = related(centred, lambda r: centred(r, True), defaults)
    assert name == "inputs" and "`normalize_std` flipped" in text
    # zeros everywhere equal the answer with an input at 0, and point at no input
    assert related(centred, lambda r, n: torch.zeros_like(r), flags) == ("", "")
    # one failed scalar proves no factor: any wrong number is some constant times the right one
    assert related(_loss, lambda lp, r: 0.5 * _loss(lp, r), losses[:1])[0] != "constant"


def test_a_right_answer_gets_no_relation():
    x = [(torch.randn(5, dtype=torch.float64), torch.randn(5, dtype=torch.float64))]
    assert related(_loss, _loss, x) == ("", "")


def test_standardised_is_not_said_where_the_call_asks_for_it():
    from autograder.engine.causes.diagnoses import diagnose

    def advantages(rewards, normalize_std=False):
        c = rewards - rewards.mean()
        return c / rewards.std(unbiased=False) if normalize_std else c

    r = torch.tensor([3.0, 1.0, -2.0, 0.5], dtype=torch.float64)
    z = (r - r.mean()) / (r.std() + 1e-8)
    assert "standardised" in diagnose(advantages, (r,), {}, z, advantages(r))
    assert diagnose(advantages, (r,), {"normalize_std": True}, z,
                    advantages(r, normalize_std=True)) == ""


def test_two_unrelated_bugs_name_the_one_that_explains_most_and_say_another_remains():
    double = lambda t: t * 2      # noqa: E731
    bank = Bank(double=double)
    a, b, zero = torch.tensor([1.0, 2.5]), torch.tensor([-3.0, 4.0]), torch.zeros(2)

    def student(t):               # doubles, and adds 1 where doubling changes nothing
        return t + 1 if not bool(t.any()) else t * 2
    cause = bank.conclude("f", observe(student, lambda t: t, a, b, zero))
    assert cause.partial and cause.mistake == "double"
    assert cause.text == "hint double; another difference remains, which this does not explain"

    def other(t):                 # doubles on one case only: the mistake explains no majority
        return t * 2 if t[0] == 1.0 else t + 1
    assert bank.conclude("f", observe(other, lambda t: t, a, b, zero)) == UNKNOWN


def test_a_function_raising_everywhere_at_one_line_names_that_line_and_nothing_else():
    """Every case raised one type at one line of the student's code: that line and its error are
    the cause, the message one short line; one case that answered, or a second line, names none."""
    from autograder.engine.causes.raised import everywhere

    def observed(*answers):
        return [Observation("f", "value", (i,), {}, a, 1.0, _judge_value)
                for i, a in enumerate(answers)]

    bad = Raised("TypeError", "unsupported operand type(s) for &: 'Tensor' and 'float'", "f", 14)
    cause = Bank().conclude("f", observed(bad, bad, bad))
    assert cause.mistake == "raised" and cause.text == (
        "on all 3 cases, line 14 of your code (in f) raises TypeError: "
        "unsupported operand type(s) for &: 'Tensor' and 'float'")
    assert everywhere("f", observed(bad, 1.0)) is None                  # one case answered
    assert everywhere("f", observed(bad, Raised("TypeError", "", "f", 15))) is None  # two lines
    assert everywhere("f", observed(Raised("TypeError"), Raised("TypeError"))) is None  # no line
    # only some cases raise: named when every failed case raised there and the others are right
    from autograder.engine.causes.raised import on_failed
    cause = Bank().conclude("f", observed(bad, 1.0, bad))
    assert cause.mistake == "raised" and cause.text == (
        "on the 2 failed cases, line 14 of your code (in f) raises TypeError: "
        "unsupported operand type(s) for &: 'Tensor' and 'float'; the other case answers as "
        "expected")
    assert on_failed("f", observed(bad, 2.0, 1.0)) is None     # a failed case answered wrong
    assert on_failed("f", observed(bad, 1.0, Raised("TypeError", "", "f", 15))) is None
    assert on_failed("f", observed(1.0, 1.0)) is None           # nothing failed
    from autograder.engine.compare import raised
    from autograder.sandbox.problems import StudentError
    from autograder.sandbox.replies import WorkerError
    forged = raised(StudentError(WorkerError.parse(
        {"type": "ValueError", "message": "x\n\x1b[2J" + "y" * 5000, "traceback": "",
         "function": "f", "line": 7})))
    assert forged.line == 7 and "\n" not in forged.message and "\x1b" not in forged.message
    assert len(forged.message) < 260
    refusal = StudentError(WorkerError.parse(     # torch's, not a stub: an error, its line named
        {"type": "NotImplementedError", "message": "\"lshift_cpu\" not implemented for 'Float'",
         "traceback": "", "function": "f", "line": 3}))
    assert not refusal.not_implemented and str(refusal).startswith("your code raised")


def test_a_bool_made_a_line_above_the_raise_names_the_line_that_made_it():
    """`is` on tensors gives one bool without an error; where that bool is used as a tensor the
    code raises. The line named is the one that made the bool, proved by the message and the
    student's source; with two candidates, a reassigned name or another message, the raising
    line is named as before."""
    from autograder.engine.causes.raised import bool_made_at, everywhere

    source = ("import torch\n"
              "def f(x):\n"
              "    centred = x - x.mean()\n"
              "    same = x.amax() is x.amin()\n"
              "    return torch.where(same, torch.zeros_like(centred), centred)\n")
    where = Raised("TypeError", "where(): argument 'condition' (position 1) must be Tensor, "
                   "not bool", "f", 5)
    assert bool_made_at((source,), where) == (
        4, "same", "`is` compares the objects, not their values")
    cases = [Observation("f", "value", (i,), {}, where, 1.0, _judge_value) for i in range(3)]
    assert everywhere("f", cases, (source,)) == (
        "on all 3 cases, line 4 of your code (in f) makes same one Python bool (`is` compares "
        "the objects, not their values), and line 5 raises TypeError: where(): argument "
        "'condition' (position 1) must be Tensor, not bool")
    # a notebook: the last cell that defines f, its own line numbers
    assert bool_made_at(("def f(x):\n    return x\n", "\n" + source), Raised(
        where.type, where.message, "f", 6))[0] == 5
    assert everywhere("f", cases).startswith("on all 3 cases, line 5 of your code")  # no source
    overloads = Raised("TypeError", "where() received an invalid combination of arguments - got "
                       "(bool, Tensor, Tensor), but expected one of: ...", "f", 5)
    assert bool_made_at((source,), overloads)[0] == 4
    other = Raised("TypeError", "unsupported operand type(s)", "f", 5)
    assert bool_made_at((source,), other) is None                   # no bool arrived
    twice = source.replace("    return", "    same = same is True\n    return")
    assert bool_made_at((twice,), Raised(where.type, where.message, "f", 6)) is None
    equal = source.replace(" is ", " == ")                           # a tensor, not a bool
    assert bool_made_at((equal,), where) is None
    assert bool_made_at(("def f(:\n",), where) is None              # does not parse


def test_a_relation_of_one_item_of_a_tuple_answer_is_named_with_the_item():
    """The first item right, the second exactly minus the expected one on every case: named of
    that item; a second item that differs otherwise is said to differ, not explained."""
    from autograder.engine.causes.relations import relate

    def reference(x):
        return x, 2 * x + 1

    xs = [torch.tensor([1.0, 2.0, 3.0]), torch.tensor([-1.0, 0.5, 4.0])]
    found = relate("f", observe(lambda x: (x, -(2 * x + 1)), reference, *xs), reference)
    assert found.name == "sign[item 2]" and found.text.startswith("in item 2: your answer is "
                                                                   "exactly minus the expected")
    found = relate("f", observe(lambda x: (x + 1, -(2 * x + 1)), reference, *xs), reference)
    assert found.name == "offset[item 1]" and found.text.endswith("; item 2 differs too"), found
    assert relate("f", observe(lambda x: (x, x.flip(0)), reference, *xs), reference) is None
