"""grpo's table exercise graded as a TA grades a class (issue 26): ``autograde grade``, the class
page, ``OUT/manual.csv`` and ``autograde report``.

The bank class: the reference, every correct variant and every known mistake of the bank, each
handed in as the module plus a notebook whose answer cells hold one of the table exercise's
typical answers (all right; step 4's sign; advantages not centred; "all right" as ones; a cell
that calls ``group_advantages``; nothing answered) and a written answer (one of them hostile
markup). Then a TA scores the written answers in ``manual.csv``, ``autograde report`` merges
them, a student changes the answer and the class is graded again.

Run with ``-s`` to see the grade of a notebook with the table filled in, one with a wrong step 4,
the class page's table-exercise idea and the manual-score round trip (the issue's closing note).
"""
import csv
import json

import pytest

from autograder.authoring import course
from autograder.engine import mutants
from conftest import ROOT, autograde, grade_json

A = course.get("grpo")
SHEET = A.answers
pytestmark = pytest.mark.slow

#: the table exercise's typical answers, by cell: what a student who made the mistake types
ANSWERS = {
    "right": {},
    "step4_sign": {"table-step4": "step4_advantages = torch.tensor([0.25, 0.25, 0.25, 0.75])"},
    "not_centred": {"table-step2": "step2_group_mean = 0.5\n"
                                   "step2_advantages = torch.tensor([0.0, 1.0, 1.0, 0.0])"},
    "ones": {"table-step3": "step3_all_right = torch.ones(4)\nstep3_all_wrong = torch.zeros(4)"},
    "calls_function": {"table-step2": "step2_group_mean = 0.5\nstep2_advantages = "
                                      "group_advantages(step1_rewards[None])[0]"},
    "unanswered": None,
}
HOSTILE = "</pre><script>document.title='pwned'</script><img src=x onerror=alert(1)>"


def notebook(answers: dict | None, why: str) -> str:
    """The release notebook with the solution's answer cells, some replaced by ``answers``
    (None: none answered), and ``why`` as the written answer."""
    nb = json.loads((A.release_dir / A.notebook.name).read_text())
    solved = json.loads(A.notebook.read_text())
    by_id = {c["metadata"]["nbgrader"]["grade_id"]: "".join(c["source"]) for c in solved["cells"]
             if c.get("metadata", {}).get("nbgrader", {}).get("solution")}
    for cell in nb["cells"]:
        grade_id = cell["metadata"].get("nbgrader", {}).get("grade_id")
        if answers is not None and grade_id in {s.cell for s in SHEET.steps}:
            cell["source"] = answers.get(grade_id, by_id[grade_id])
        if grade_id in {w.cell for w in SHEET.written} and answers is not None:
            cell["source"] = why
    return json.dumps(nb)


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    base = tmp_path_factory.mktemp("answers")
    modules = {"reference": A.reference_module.read_text()}
    modules |= {f"variant-{p.name}": (p / "grpo.py").read_text()
                for p in sorted((ROOT / "tests" / "variants" / "grpo").iterdir())}
    modules |= {f"mutant-{m.name}": m.materialize() for m in mutants.bank(A)}
    kinds = list(ANSWERS)
    plan = {}
    for i, (sid, text) in enumerate(modules.items()):
        kind = kinds[i % len(kinds)]
        folder = base / "class" / sid
        folder.mkdir(parents=True)
        (folder / "grpo.py").write_text(text)
        why = HOSTILE if sid == "reference" else f"The lone error carries the weight ({sid})."
        (folder / "grpo.ipynb").write_text(notebook(ANSWERS[kind], why))
        plan[sid] = kind
    out = base / "out"
    results, _ = grade_json([base / "class"], "grpo", out, "--jobs", "2")
    return base, out, results, plan


def step_scores(result) -> dict[str, float]:
    return {t["name"].split(": ", 1)[1]: t["score"] for t in result["tests"]
            if t["name"].startswith(SHEET.idea + ":")}


def test_each_typical_answer_gets_its_steps_and_its_words(graded, capsys):
    base, out, results, plan = graded
    titles = [s.title for s in SHEET.steps]
    wrong = {"right": set(), "step4_sign": {titles[3]}, "not_centred": {titles[1]},
             "ones": {titles[2]}, "calls_function": {titles[1]}, "unanswered": set(titles)}
    for sid, kind in plan.items():
        lost = {title for title, score in step_scores(results[sid]).items() if score == 0}
        assert lost == wrong[kind], (sid, kind)
    sign = next(sid for sid, kind in plan.items() if kind == "step4_sign")
    [fb] = [t["output"] for t in results[sign]["tests"] if t["name"].endswith(titles[3])]
    assert fb.startswith("step4_advantages: values differ at index 3: expected -0.75, got 0.75;"
                         " largest difference 1.5 (relative 2), tolerance")
    caller = next(sid for sid, kind in plan.items() if kind == "calls_function")
    [fb] = [t["output"] for t in results[caller]["tests"] if t["name"].endswith(titles[1])]
    assert "the cell calls group_advantages, one of the functions you write" in fb
    right = results["reference"]
    assert right["score"] == right["max_score"] - sum(w.points for w in SHEET.written)
    with capsys.disabled():
        for sid in ("reference", sign):
            print(f"\n{sid} ({plan[sid]}): {results[sid]['score']:g} / "
                  f"{results[sid]['max_score']:g}; the table exercise: " + ", ".join(
                      f"{t}: {s:g}" for t, s in step_scores(results[sid]).items()))
        print((out / sign / "feedback.md").read_text().split("## Passed")[0])


def test_the_class_page_says_which_steps_the_class_got_wrong(graded, capsys):
    base, out, results, plan = graded
    data = json.loads((out / "_report" / "grpo.json").read_text())
    [idea] = [i for i in data["ideas"] if i["idea"] == SHEET.idea]
    steps = {s["name"]: s for s in data["steps"]}
    n = len(plan)
    for title, kinds in ((SHEET.steps[3].title, {"step4_sign", "unanswered"}),
                         (SHEET.steps[1].title, {"not_centred", "calls_function", "unanswered"})):
        s = steps[f"{SHEET.idea}: {title}"]
        assert s["students"] == n and s["wrong"] == sum(k in kinds for k in plan.values())
    fours = [a["answer"] for a in steps[f"{SHEET.idea}: {SHEET.steps[3].title}"]["answers"]]
    assert "step4_advantages = [0.25, 0.25, 0.25, 0.75] float32" in fours
    page = (out / "_report" / "grpo.html").read_text()
    assert HOSTILE not in page and "&lt;/pre&gt;&lt;script&gt;" in page, "answers are escaped"
    assert 'id="steps-table"' in page and 'class="written-table"' in page
    with capsys.disabled():
        print(f"\nthe class page's '{SHEET.idea}' idea: mean {idea['mean']:.2f} of "
              f"{idea['max_score']:g} ({idea['percent']:.0f} %), {idea['full_marks']} of {n} "
              "with every step right")
        for s in data["steps"]:
            common = "; ".join(f"{a['answer']} ({a['students']})" for a in s["answers"])
            print(f"  {s['name']}: wrong {s['wrong']} / {s['students']}: {common}")


def test_manual_scores_round_trip(graded, capsys):
    base, out, results, plan = graded
    manual = out / "manual.csv"
    rows = list(csv.DictReader(manual.open()))
    assert {r["student"] for r in rows} == set(plan) and all(r["points"] == "" for r in rows)
    scored = {"reference": "1", "mutant-batch_mean": "0.5"}
    for r in rows:
        r["points"] = scored.get(r["student"], "")
        r["comment"] = "clear" if r["student"] in scored else ""
    bad = [dict(rows[0], points="2")] + rows[1:]
    for table, code in ((bad, 2), (rows, 0)):
        with manual.open("w", newline="") as fh:
            writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(table)
        proc = autograde("report", out, check=False)
        assert proc.returncode == code, proc.stderr
        if code:
            assert (f"manual.csv, line 2, column 3 (points): 2 is out of range (0 to 1 for "
                    f"{SHEET.written[0].cell})") in proc.stderr
    gradebook = {r["student"]: r for r in csv.DictReader((out / "gradebook.csv").open())}
    column = f"grpo: {SHEET.written_idea}"
    assert gradebook["reference"][column] == "1.0" and gradebook["mutant-batch_mean"][column] == "0.5"
    on_disk = json.loads((out / "reference" / "results.json").read_text())
    assert on_disk["score"] == results["reference"]["max_score"]
    # a regrade keeps the scores; a changed answer makes its score stale
    (base / "class" / "mutant-batch_mean" / "grpo.ipynb").write_text(
        notebook(ANSWERS[plan["mutant-batch_mean"]], "A new answer, written after the score."))
    again, _ = grade_json([base / "class"], "grpo", out, "--jobs", "2")
    assert again["reference"]["score"] == results["reference"]["max_score"]
    [test] = [t for t in again["mutant-batch_mean"]["tests"]
              if t["name"].startswith(SHEET.written_idea + ":")]
    assert test["score"] == 0.5 and "changed since" in test["output"]
    page = json.loads((out / "_report" / "grpo.json").read_text())
    [q] = page["written"]
    assert q["scored"] == 2 and q["stale"] == 1
    with capsys.disabled():
        print(f"\nmanual.csv filled in ({', '.join(f'{k} {v}' for k, v in scored.items())}), "
              f"`autograde report`: gradebook {column} = "
              f"{gradebook['reference'][column]} / {gradebook['mutant-batch_mean'][column]}; "
              f"regraded after mutant-batch_mean changed its answer: {test['output']!r}")
