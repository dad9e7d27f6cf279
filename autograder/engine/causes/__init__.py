"""Likely causes: one pipeline, from the evidence of a whole grade to the line a student reads.

Every call a hidden test makes through ``compare`` is kept as an observation
(:mod:`~autograder.engine.causes.evidence`). Two kinds of explanation use it:

1. **at each wrong answer**, a *diagnosis* from that case's numbers alone, when they fit one
   story exactly (:mod:`~autograder.engine.causes.diagnoses`: a broadcast column, a
   hard-coded eps, a standardised answer where the contract does not ask for it); it is
   printed as ``diagnosis:`` under the values;
2. **once the grade is over**, :meth:`Causes.conclude` gives each function whose tests failed
   at most one *likely cause*, trying in turn

   a. the **replay of known mistakes** (:mod:`~autograder.engine.causes.replay`): a mistake
      of the bank whose answers agree with the student's on every compared case of the
      function and of the functions it calls;
   b. a function that **raises on every case** at one line of the student's code, of one
      type (:mod:`~autograder.engine.causes.raised`): that line and its error are named, as
      the submission's own traceback on the grader's inputs proves (or the line above it that
      made the bool it raises on, as the student's source shows), unless a function it
      calls answers wrongly too (the raise may follow from that); the same when every case it
      got wrong raised so and every other case answered right; when only some failed cases
      raised so and the others answered wrongly, the rest of the pipeline runs on the cases
      that answered, and its cause is named with the raises;
   c. the **form** of the answers (:mod:`~autograder.engine.causes.forms`): a Python number,
      list or numpy array where a tensor is asked, with the right numbers; or right values
      whose gradient reaches an argument the contract holds constant, or misses one it does
      not; and, after steps d to e' find nothing, an answer with the shape of an input where
      the contract reduces it (a weight per token, a loss per sample);
   d. the **relations** (:mod:`~autograder.engine.causes.relations`): an exact relation between
      the student's answers and the reference's (a sign flip, a factor that is a size of the
      inputs, a constant factor or offset named with its numbers, an input returned as it
      came, the reference on one changed input or on the inputs transposed, the other
      direction, a shift by one step, differences only at positions with one feature) that
      holds on every failed case; differences at positions only are named where steps e and
      e' find nothing (a convention or an experiment says what the code computes, not only
      where it differs);
   e. the **closest convention** (:mod:`~autograder.engine.causes.closest`): one of the
      assignment's alternative conventions, or a known mistake, explains every compared case
      of the function up to a small second deviation, and far better than the reference and
      every other one; where no single one explains every case, a **pair** of one with a
      second known deviation of the whole answer (:mod:`~autograder.engine.causes.pairs`: its
      sign, a sum for a mean) by the same rule; where no pair does, a **composed** candidate
      (:mod:`~autograder.engine.causes.compose`): the reference, a convention or a known
      mistake run on inputs changed as real code changes them
      (:mod:`~autograder.engine.causes.changes`: a gamma fixed at 0.99 or at a constant the
      student's function writes, :mod:`~autograder.engine.causes.literals`, two flags swapped),
      with or without such a twist, never where a candidate of fewer parts comes as close. A
      case where the student's code raised counts as explained by a candidate that fails the
      same way; answers that are Python numbers or lists are measured as the tensors they make,
      and the cause then names their form too;
   e'. an **experiment** on the student's own code (:mod:`~autograder.engine.causes.ablations`):
      the function called again on the failed cases' inputs with one feature neutralised (no
      episode end, gamma = 1, every mask all True, ...); when it answers right there and
      nowhere else, the cause says where the difference lies (only where ``ask``, the
      sandbox's way to call it again, is given, and its callees answered right); before the
      ablations, an assignment's own experiment where it has one (grpo_lm's probes of
      ``verify``, whose answer is a bit: completions that change one textual feature each);
      before them all, a loss's **weights** read off by experiment
      (:mod:`~autograder.engine.causes.weights`: the student's loss asked on structured
      inputs, the weighting of its terms that reproduces every answer named with what the
      contract asks: what the code computes says more than where it goes wrong); where no
      ablation locates it, a function the assignment declares linear read from its answers to
      one-hot inputs (:mod:`~autograder.engine.causes.impulses`: which rewards enter a
      return, their discount, where the sum is cut, each step's weights of the values),
      named when that reading reproduces every failed case and differs from the contract's;
      a convention of step e that explains only part of the cases is named after these,
      where they name nothing;
   f. a known mistake that **explains part** of the evidence, most of the failed cases, and
      is silent on the rest: named with "another difference remains", never a second cause.

   When none of these holds, no cause is named: a wrong cause is a defect, and a correct
   solution is never shown one (its answers agree with the reference's everywhere).

:meth:`autograder.engine.compare.Compare.finish` prints the cause once per function, at its
first failed test that compared values (the one that shows it best). Nothing here imports
:mod:`autograder.engine.compare`.
"""
from __future__ import annotations

from functools import partial

from autograder.engine.causes.diagnoses import diagnose  # noqa: F401 - the per-case diagnoses
from autograder.engine.causes.evidence import (UNKNOWN, Cause, Observation,  # noqa: F401
                                               Raised, agree)
from autograder.engine.causes.ablations import locate
from autograder.engine.causes.weights import weigh
from autograder.engine.causes.closest import (answer_of, assignment_conventions,
                                              assignment_parts, fits, named, value_cases)
from autograder.engine.causes.compose import Composer
from autograder.engine.causes.impulses import explain
from autograder.engine.causes.forms import as_tensors, gradient, unreduced, wrong_type
from autograder.engine.causes.literals import literals
from autograder.engine.causes.pairs import pairs
from autograder.engine.causes.raised import everywhere, on_failed, partly
from autograder.engine.causes.relations import relate, sizes
from autograder.engine.causes.replay import KnownMistakes, Mistake, one_of


class Causes(KnownMistakes):
    """The pipeline of the module docstring for one assignment. ``sources``: the student's
    code as the worker ran it (the module, or each notebook cell), parsed and never run: by
    step b, to name the line that made a value where the line that raises only used it; by
    step e, for the constants a function writes (:mod:`.literals`)."""

    def __init__(self, assignment, sources: tuple[str, ...] = ()):
        super().__init__(assignment)
        self.sources = tuple(sources)
        #: ``ask(fn, items, seconds)``: the student's answers on more inputs, for step e'
        self.ask = None

    def written(self, fn: str) -> tuple:
        """The constants the student's ``fn`` writes (:mod:`.literals`), from its source."""
        return literals(self.sources, fn)

    def conclude(self, fn: str, observations: list[Observation], reference=None) -> Cause:
        """The likely cause of ``fn``'s failures (``reference``: the reference module, for the
        relations; without it only known mistakes are tried)."""
        scope = self.scope(fn)
        cases = [o for o in observations if o.fn in scope]
        # the cases the student got wrong first: most mistakes are ruled out on the first one
        cases.sort(key=lambda o: agree(o, o.student, o.reference))
        fitting = self.fitting(cases)
        hints = list(dict.fromkeys(m.hint for m in fitting))
        if hints:
            return Cause(one_of(hints), fitting[0].name if len(fitting) == 1 else "")
        raising = (everywhere(fn, observations, self.sources)
                   or on_failed(fn, observations, self.sources))
        upstream = any(o.fn != fn and not agree(o, o.student, o.reference) for o in cases)
        if raising and not upstream:    # a function it calls is wrong: the raise may follow
            return Cause(raising, "raised")
        parted = None if upstream else partly(fn, observations, self.sources)
        inner = self.conclude(fn, parted[0], reference) if parted else UNKNOWN
        if inner.hint:
            return Cause(f"{inner.hint}; besides, {parted[1]}",
                         f"{inner.mistake or 'cause'}+raised", partial=inner.partial)
        typed = wrong_type(fn, observations)
        if typed:
            return Cause(typed, "form:type")
        flow = None if upstream else gradient(fn, observations)
        if flow:
            return Cause(flow, "form:gradient")
        found = relate(fn, observations, getattr(reference, fn, None))
        if found and not found.name.startswith("where"):
            return Cause(found.text, f"relation:{found.name}")
        near = self.closest(fn, observations, getattr(reference, fn, None))
        if near and not near.partial:
            return near
        tried = None if upstream else self.experiment(fn, observations, reference)
        if tried:       # an experiment that explains every case says more than a part
            return tried
        # an answer left unreduced, where no convention says what its values are (not while a
        # function it calls is wrong: its shape may come from there)
        shaped = None if upstream else unreduced(fn, observations, getattr(reference, fn, None))
        if shaped:
            return Cause(shaped, "form:shape")
        if near:
            return near
        if found:   # where the answer differs says less than a convention or an experiment
            return Cause(found.text, f"relation:{found.name}")
        part = [(m, self.explains_part(m, cases)) for m in self.mistakes]
        best = max((n for _, n in part), default=0)
        leading = [m for m, n in part if n and n == best]
        if len({m.hint for m in leading}) == 1:
            return Cause(leading[0].hint, leading[0].name if len(leading) == 1 else "",
                         partial=True)
        return UNKNOWN

    def experiment(self, fn: str, observations: list[Observation], reference) -> Cause | None:
        """Step e': an ablation that locates ``fn``'s mistake by experiment (:mod:`.ablations`)."""
        reference_fn = getattr(reference, fn, None)
        if self.ask is None or reference_fn is None or self.assignment is None:
            return None
        try:
            # what a loss computes (its weights) says more than where it goes wrong
            found = (weigh(self.assignment, fn, observations, reference_fn, self.ask)
                     or locate(self.assignment, fn, observations, reference_fn, self.ask)
                     or explain(self.assignment, fn, observations, reference_fn, self.ask))
        except Exception:  # noqa: BLE001 - an experiment is a bonus: it ends silently
            return None
        return Cause(*found) if found else None

    def closest(self, fn: str, observations: list[Observation], reference_fn=None) \
            -> Cause | None:
        """Step e: the closest convention of ``fn``, named ``convention:<names>``, or else the
        closest pair of a convention and a second deviation (:mod:`.pairs`; the sizes of the
        inputs are named by ``reference_fn``'s signature when given); none while a function
        it calls answers wrongly (its failures may follow from that one's)."""
        if any(o.fn != fn and o.fn in self.scope(fn) and not agree(o, o.student, o.reference)
               for o in observations):
            return None
        own = [(c.name, c.text, c) for c in
               (assignment_conventions(self.assignment) if self.assignment else ())
               if c.fn == fn]
        bank = [(m.name, m.hint, m) for m in self.mistakes if fn in m.namespace]
        name = getattr(self.assignment, "name", "")

        def answer(payload, obs):
            if isinstance(payload, Mistake):
                return self.replay(payload, obs)
            return answer_of(name, payload, obs)
        cases = value_cases(fn, observations)
        if not any(not agree(o, o.student, o.reference) for o in cases):
            return None
        sizes_of = partial(sizes, reference_fn) if reference_fn is not None else None
        form, typed = as_tensors(cases)     # a Python number or list: a candidate's numbers?
        near = self.nearest(fn, typed, own + bank, answer, reference_fn, sizes_of)
        if not near:
            return None
        said = near.text + (f"; and {form}" if form else "")
        return Cause(said, "convention:" + ",".join(near.names), partial=near.partial)

    def nearest(self, fn, cases, candidates, answer, reference_fn, sizes_of):
        """The single candidate, else the pair, else the composed candidate (module
        docstring, step e) of these cases, or None."""
        single = fits(cases, candidates, answer)
        if single:
            return named(single)
        near = pairs(cases, candidates, answer, sizes_of)
        if near or reference_fn is None:
            return near
        name = getattr(self.assignment, "name", "")
        parts = assignment_parts(self.assignment) if self.assignment else ()
        return Composer(name, fn, reference_fn, answer, parts, self.scope(fn),
                        self.written(fn)).closest(cases, candidates, sizes_of)
