"""Every warning the material gives a student has a public check that code ignoring it fails
(``tests/warning_checks.py`` says what counts as a warning and where each is listed)."""
import pytest

from autograder.authoring import course
from autograder.engine import mutants
from autograder.engine.plugin import public_checks
from conftest import ROOT
from pgcheck.runner import LocalStudent
from warning_checks import flat, load, material, warning_sentences

NAMES = sorted(course.assignments())


def listed(name):
    return load(ROOT / "tests" / "assignments" / name)


@pytest.mark.parametrize("name", NAMES)
def test_every_warning_of_the_material_is_listed(name):
    """A sentence with a warning's words holds a listed phrase (or is listed as none)."""
    warned, not_warnings = listed(name)
    phrases = [flat(w.phrase) for w in warned] + [flat(p) for p in not_warnings]
    unlisted = [f"{where}: {sentence[:160]!r}"
                for where, sentence in warning_sentences(course.get(name))
                if not any(p in sentence for p in phrases)]
    assert not unlisted, (f"warnings of {name}'s texts with no public check listed in "
                          f"tests/assignments/{name}/warnings.py:\n" + "\n".join(unlisted))


@pytest.mark.parametrize("name", NAMES)
def test_each_warning_has_a_public_check_its_mistake_fails(name):
    """Each listed phrase is in the material; the reference passes its check and the mistake
    that ignores the warning fails it (both run here: our own code, never a student's)."""
    assignment = course.get(name)
    warned, _ = listed(name)
    text = flat(" ".join(material(assignment).values()))
    checks = {n: fn for n, fn, _ in public_checks(assignment)}
    bank = {m.name: m for m in mutants.bank(assignment)}
    reference = LocalStudent(mutants.Mutant("reference", assignment.reference_module,
                                            assignment).load())
    for w in warned:
        where = f"{name}: {w.phrase!r}"
        assert flat(w.phrase) in text, f"{where} is in none of the texts any more"
        assert w.check in checks, f"{where}: no public check {w.check}"
        assert w.mutant in bank, f"{where}: no known mistake {w.mutant}"
        checks[w.check](reference)
        try:        # a mismatch, or an error of the mistake's own code: both fail a check
            checks[w.check](LocalStudent(bank[w.mutant].load()))
        except Exception:
            continue
        pytest.fail(f"{where}: the mistake {w.mutant} passes {w.check}")


def test_an_unlisted_warning_is_found(monkeypatch, tmp_path):
    """The scan itself: a planted warning in a text is reported, a hidden-tests line is not."""
    import warning_checks

    planted = ("Make sure the mask is bool. Hidden tests add padding that must not count. "
               "The returns are constants: detach them.")
    monkeypatch.setattr(warning_checks, "texts", lambda a: {"README.md": planted, "notebook": ""})

    class Planted:
        reference_module = tmp_path / "planted.py"

    Planted.reference_module.write_text('def f(x):\n    """Return x, careful: unchanged."""\n')

    found = [s for _, s in warning_sentences(Planted())]
    assert found == ["Make sure the mask is bool.", "The returns are constants: detach them.",
                     'def f(x): """Return x, careful: unchanged."""']
