"""The fixed interface is documented inside the repository, and the README and CLI point to it."""
import argparse
import re

import pytest
import torch

from autograder.authoring import course
from autograder.cli import build_parser
from autograder.engine import lint
from conftest import ROOT

CONTRACT = ROOT / "docs" / "contract.md"


@pytest.mark.parametrize("name", list(course.assignments()))
def test_contract_documents_every_student_function_with_its_signature(name):
    """Its section, each graded function's signature in it; the message says what to add
    (``autograde lint NAME`` says the same)."""
    problems = lint.contract_doc(course.get(name))
    assert not problems, "\n".join(problems)


def test_a_missing_section_says_what_to_add(tmp_path):
    from dataclasses import replace

    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "contract.md").write_text("# The fixed interface\n")
    ex = course.example()
    moved = replace(ex, root=tmp_path)
    (tmp_path / "solutions" / ex.name).mkdir(parents=True)
    (tmp_path / "solutions" / ex.name / f"{ex.name}.py").write_text(ex.reference_module.read_text())
    [said] = lint.contract_doc(moved)
    assert f"no section for {ex.name}: add" in said and f"### `{ex.name}` (write" in said
    assert f"`{ex.functions[0]}(" in said


def test_contract_documents_the_grading_json_and_exit_status():
    text = CONTRACT.read_text()
    usage = "autograde grade PATH [PATH ...] --assignment NAME [--jobs N] [--out DIR] [--json]"
    assert usage in text
    for key in ("submission", "assignment", "score", "max_score", "tests", "name", "output"):
        assert f"`{key}`" in text, key
    assert "Exit status" in text


def test_readme_points_to_the_contract():
    readme = (ROOT / "README.md").read_text()
    assert "CONTRACT.md" not in readme
    instructors = readme.split("## Instructors", 1)[1].split("\n## ", 1)[0]
    assert "docs/contract.md" in readme.split("## Students", 1)[0]
    assert "docs/contract.md" in instructors


def _subparsers(parser):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return action
    return None


def test_cli_help_points_to_the_contract_and_describes_everything():
    parser = build_parser()
    assert "docs/contract.md" in parser.format_help()
    sub = _subparsers(parser)
    described = {a.dest: a.help for a in sub._choices_actions}
    assert set(described) == set(sub.choices)
    undescribed = [f"autograde {c}" for c, h in described.items() if not h]
    for command, p in sub.choices.items():
        for action in p._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            name = "/".join(action.option_strings) or action.metavar or action.dest
            if not action.help or "\n" in action.help:
                undescribed.append(f"autograde {command} {name}")
    assert not undescribed, f"no one-line help: {undescribed}"


def test_contract_states_the_tolerances_in_force():
    """The precision rule quotes the very tolerances the graders use (no hand-synced copy)."""
    from pgcheck.assertions import FLOAT64_PRECISION, TOLERANCES, tolerance_text

    text = CONTRACT.read_text()
    assert "### Precision" in text
    assert f"`{tolerance_text(*TOLERANCES[torch.float32])}`" in text
    assert f"`{tolerance_text(*FLOAT64_PRECISION)}`" in text


def test_each_command_is_a_module_with_its_parser_and_examples():
    """``autograder/commands/<name>.py`` per command; its ``--help`` ends with examples of
    itself; ``cli.py`` only builds the parser and dispatches."""
    from autograder.commands import COMMANDS

    sub = _subparsers(build_parser())
    assert list(sub.choices) == list(COMMANDS)
    for name in COMMANDS:
        assert (ROOT / "autograder" / "commands" / f"{name}.py").is_file(), name
        help_text = sub.choices[name].format_help()
        examples = help_text.split("examples:\n", 1)[1].splitlines()
        assert examples and all(e.strip().startswith(f"autograde {name}") for e in examples
                                if e.startswith("  autograde")), (name, examples)
    import ast

    cli = ast.parse((ROOT / "autograder" / "cli.py").read_text())
    assert {n.name for n in cli.body if isinstance(n, ast.FunctionDef)} == {
        "build_parser", "_enclosing_course", "_same_course", "main", "run"}
