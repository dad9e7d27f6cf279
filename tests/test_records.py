"""The records that cross the layers (``autograder/records``), read on both sides of each seam.

An :class:`Event` is made by the sandbox's session and read by the feedback, ``results.json``,
the class page and the batch summary; a :class:`Graded` carries its tests' groups and events
through the regrade cache. Each test here writes a record where one layer writes it and reads
it where another reads it, so a change on one side that the other does not follow fails here
(the class page's crash and timeout tables were empty for a whole release because the two
sides agreed on a sentence's first word, and nothing crossed the seam in a test).
The same tables, for a class really graded, are checked by ``tests/test_adversarial.py``
(one submission per kind) and ``tests/test_unchanged.py`` (the planted class).
"""
import io
import json
from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console

from autograder.records.events import Event, Kind
from autograder.records.grades import GradeDetails, Graded, Mark, WrittenRecord
from autograder.records.outcomes import TestOutcome
from autograder.report import what_went_wrong
from autograder.report.feedback import feedback_of, markdown
from autograder.review import classview

#: one event of each kind, as the session makes them
EACH_KIND = {
    Kind.HUNG: Event(Kind.HUNG, "compute_gae", "case 'T = 3'", 2.0),
    Kind.CRASHED: Event(Kind.CRASHED, "compute_gae", "case 'T = 3'", 0.2,
                        "killed by signal SIGSEGV"),
    Kind.OUT_OF_MEMORY: Event(Kind.OUT_OF_MEMORY, "td_residuals", "case 'long'", 0.5),
    Kind.BUDGET: Event(Kind.BUDGET, "td_residuals", "the test 'a long one'", 1.5),
    Kind.LOAD_FAILURE: Event(Kind.LOAD_FAILURE, seconds=10.0,
                             detail="loading stopped after 10 s"),
    Kind.TOO_LARGE: Event(Kind.TOO_LARGE, "compute_gae", "case 'x'", 0.1,
                          "800 MB; expected about 1.2 KB"),
    Kind.MALFORMED: Event(Kind.MALFORMED, "compute_gae", "case 'x'", 0.1),
    Kind.TAMPERED: Event(Kind.TAMPERED, "your code", "loading your code", 0.1,
                         "pgcheck.calls's call_function, replaced at line 12"),
}


def test_every_kind_has_an_example():
    assert set(EACH_KIND) == set(Kind)


def one_grade(student: str, events) -> Graded:
    outcome = TestOutcome("idea: a", "idea", 0.0, 1.0, "failed", "wrong", "after_published")
    return Graded(student, "alpha", (outcome,), events=tuple(events))


def test_each_kind_reaches_the_class_page_and_the_summary_in_its_own_words():
    """A grade as the regrade cache keeps it, read back by the class page: each student's
    event is in the table of its kind, with its sentence; the batch summary names each kind."""
    records = []
    for kind, event in EACH_KIND.items():
        kept = one_grade(kind.name.lower(), [event])
        records.append(classview.record(Graded.from_cache(json.loads(json.dumps(
            kept.to_cache())))))
        assert f"- {event.text}" in markdown(feedback_of(kept, GradeDetails()))
    problems = classview.summarise("alpha", records)["problems"]
    rows = {(row["student"], row["kind"]): row for table in ("crashes", "timeouts")
            for row in problems[table]}
    assert set(rows) == {(k.name.lower(), k.value) for k in Kind}
    assert {row["kind"] for row in problems["timeouts"]} == {"hung", "budget"}
    for kind, event in EACH_KIND.items():
        assert rows[kind.name.lower(), kind.value]["text"] == event.text
    page = classview.render(classview.summarise("alpha", records), {}, {"run": "r"}, fig={})
    for event in EACH_KIND.values():
        assert event.kind.value in page

    console = Console(record=True, width=200, file=io.StringIO())
    from autograder.commands.grade import summary_table
    console.print(summary_table([Graded(k.name.lower(), "alpha", one_grade("", []).outcomes,
                                        events=(e,)) for k, e in EACH_KIND.items()], "t"))
    lines = console.export_text().splitlines()
    for kind in Kind:
        assert [line for line in lines if kind.name.lower() in line and kind.value in line], kind


def test_summary_names_each_kind_once_with_its_functions():
    graded = Graded("ann", "alpha", events=(EACH_KIND[Kind.HUNG], EACH_KIND[Kind.CRASHED],
                                            Event(Kind.HUNG, "td_residuals", "case 'y'", 2.0),
                                            EACH_KIND[Kind.LOAD_FAILURE]))
    assert what_went_wrong(graded) == "hung: compute_gae, td_residuals; crashed: compute_gae; " \
                                      "load failure"


texts = st.text(max_size=20)


@given(st.sampled_from(list(Kind)), texts, texts, st.none() | st.floats(0, 1e6), texts)
def test_an_event_survives_results_json(kind, function, case, seconds, detail):
    event = Event(kind, function, case, seconds, detail)
    assert Event.from_json(json.loads(json.dumps(event.to_json()))) == event


@given(st.none() | st.booleans() | st.integers() | st.text() | st.lists(st.text()) |
       st.dictionaries(st.sampled_from(["kind", "function", "case", "seconds", "detail"]),
                       st.none() | st.booleans() | st.text() | st.integers() | st.lists(st.none())))
def test_what_is_not_an_event_is_left_out(data):
    """``results.json`` is written by us, but read from a folder anyone could have edited."""
    event = Event.from_json(data)
    assert event is None or isinstance(event, Event) and event.kind in Kind


names = st.text(min_size=1, max_size=12)
points = st.floats(0, 100, allow_nan=False) | st.integers(0, 100)
outcomes = st.builds(
    TestOutcome, name=names, group=names, score=points, max_score=points,
    status=st.sampled_from(["passed", "failed"]), output=texts,
    visibility=st.sampled_from(["visible", "after_published"]), not_implemented=texts,
    functions=st.lists(names, max_size=3).map(tuple), gate=st.lists(names, max_size=2).map(tuple),
    held_back=st.lists(names, max_size=2).map(tuple), mutant=texts, manual=st.booleans(),
    step=texts, answer=texts)
events = st.builds(Event, st.sampled_from(list(Kind)), texts, texts,
                   st.none() | st.floats(0, 1e6), texts)
written = st.builds(WrittenRecord, names, texts, names, points, st.booleans(), texts, texts)
marks = st.builds(Mark, names, points, texts, texts, st.booleans(), texts)


@given(names, names, st.lists(outcomes, max_size=5).map(tuple),
       st.lists(events, max_size=3).map(tuple), st.lists(names, max_size=3).map(tuple),
       texts, st.lists(written, max_size=2).map(tuple), st.lists(marks, max_size=2).map(tuple))
def test_a_cached_grade_is_the_grade(student, assignment, tests, happened, protections,
                                     problem, answers, scored):
    """The regrade cache's one form of a grade gives the same record back (its seconds, given
    apart, and the grader's problems are not kept: one with a grader's problem is never
    reused), and so the same contract JSON."""
    graded = Graded(student, assignment, tests, 3.0, events=happened, protections=protections,
                    problem=problem, written=answers, marks=scored)
    entry = json.loads(json.dumps(graded.to_cache()))
    assert Graded.from_cache(entry) == replace(graded, seconds=None)
    assert Graded.from_cache(entry, entry["seconds"]) == graded
    assert Graded.from_cache(entry).to_contract() == graded.to_contract()


def test_what_is_not_a_cached_grade_is_graded_again():
    entry = one_grade("ann", []).to_cache()
    outcome = entry["outcomes"][0]
    for broken in ({**entry, "outcomes": [{**outcome, "score": "1"}]},
                   {**entry, "outcomes": [{**outcome, "extra": 1}]},
                   {**entry, "outcomes": [{"name": "a"}]}, {**entry, "submission": 3},
                   {**entry, "written": [{"cell": "c"}]}, {**entry, "marks": "1"},
                   {**entry, "problem": 3},
                   {"result": {"tests": []}, "groups": []}, {}):
        try:
            Graded.from_cache(broken)
        except ValueError:
            continue
        raise AssertionError(f"read as a grade: {broken}")


def test_the_contract_json_is_the_outcomes():
    """``to_contract``: exactly docs/contract.md's keys, the score the sum of the tests'."""
    graded = Graded("ann", "alpha", one_grade("ann", []).outcomes * 2)
    assert graded.to_contract() == {
        "submission": "ann", "assignment": "alpha", "score": 0.0, "max_score": 2.0,
        "tests": [{"name": "idea: a", "score": 0.0, "max_score": 1.0, "output": "wrong"}] * 2}


def test_the_summary_says_a_written_answer_awaits_a_person():
    """A reference at 41 of 42 with nothing failed says why (issue 49): its written answer
    waits for a person's score."""
    from autograder.commands.grade import summary_table

    done = TestOutcome("ideas: a case", "ideas", 41.0, 41.0, "passed", "", "visible")
    written = TestOutcome("written answers: why", "written answers", 0.0, 1.0, "failed", "",
                          "hidden", manual=True)
    console = Console(record=True, width=200, file=io.StringIO())
    console.print(summary_table([Graded("reference", "alpha", (done, written)),
                                 Graded("module-only", "alpha", (done,))], "t"))
    rows = {line.split()[1]: line for line in console.export_text().splitlines()
            if line.split()[1:2] in (["reference"], ["module-only"])}
    assert "1 written answer (1 point) await a person" in rows["reference"]
    assert "failed" not in rows["reference"] and "await" not in rows["module-only"]
