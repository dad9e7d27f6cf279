"""Report builders: pure functions of grading results."""
from autograder.report import gradebook_rows, where_time_went
from autograder.engine.grade import Graded
from autograder.sandbox.client import TimeSpent


def result(student, assignment, tests):
    return {"submission": student, "assignment": assignment,
            "score": sum(t[1] for t in tests), "max_score": sum(t[2] for t in tests),
            "tests": [{"name": n, "score": s, "max_score": m, "output": ""} for n, s, m in tests]}


def test_gradebook_one_row_per_student_columns_per_assignment_and_group():
    results = [
        result("ann", "alpha", [("recursion: a", 2, 2), ("recursion: b", 0, 1), ("public: x", 0, 0)]),
        result("bob", "alpha", [("recursion: a", 2, 2), ("recursion: b", 1, 1), ("public: x", 0, 0)]),
        result("ann", "beta", [("cart-pole: run", 6, 6), ("loss value: v", 1, 3)]),
    ]
    header, rows = gradebook_rows(results)
    assert header == ["student", "alpha", "alpha (max)", "alpha: recursion", "beta", "beta (max)",
                      "beta: cart-pole", "beta: loss value", "total", "seconds"]
    by = {r[0]: dict(zip(header, r)) for r in rows}
    assert by["ann"]["alpha: recursion"] == 2 and by["ann"]["beta: cart-pole"] == 6
    assert by["ann"]["total"] == 2 + 7
    assert by["bob"]["beta"] == "" and by["bob"]["total"] == 3
    assert by["ann"]["seconds"] == ""       # plain results carry no time


def test_gradebook_seconds_add_up_over_a_students_assignments():
    results = [Graded(result("ann", "alpha", [("recursion: a", 2, 2)]), seconds=1.25),
               Graded(result("ann", "beta", [("cart-pole: run", 6, 6)]), seconds=40.0),
               Graded(result("bob", "alpha", [("recursion: a", 0, 2)]), seconds=3.0)]
    header, rows = gradebook_rows(results)
    by = {r[0]: dict(zip(header, r)) for r in rows}
    assert by["ann"]["seconds"] == 41.2 and by["bob"]["seconds"] == 3.0


def test_where_the_time_went_names_hangs_budget_and_runs_largest_first():
    hung = Graded(result("ann", "alpha", []), seconds=10.0,
                  spent=TimeSpent(load=0.1, calls=0.5, hung=9.0,
                                  hangs=["compute_gae", "td_residuals"]))
    assert where_time_went(hung).startswith("hung 2x: compute_gae, td_residuals (9 s)")
    budget = Graded(result("bob", "alpha", []), seconds=181.0,
                    spent=TimeSpent(calls=178.0, budget_exhausted=True))
    assert where_time_went(budget) == "time budget used up; calls that returned (178 s)"
    run = Graded(result("cy", "beta", []), seconds=30.0, spent=TimeSpent(calls=1.0, runs=27.0))
    assert where_time_went(run).startswith("training run (27 s)")
    assert where_time_went(result("dee", "alpha", [])) == ""
