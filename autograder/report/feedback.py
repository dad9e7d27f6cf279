"""What a student reads: ``feedback.md`` and ``feedback.html``, built as data, escaped throughout.

Most of a student's feedback is text the student controls: their exception messages and
tracebacks, what their code printed, the reprs of what it returned, their folder's name,
the notes about their files. Pasted into markup, such text becomes markup: a message that
closes a code fence and adds ``<img onerror=...>`` runs script in the TA's browser when
the page is opened. So the feedback is never assembled as markdown and converted. It is
first a :class:`Feedback` (plain data: every field a string, a number or a tuple of them),
then rendered twice, each renderer escaping every string it places:

* :func:`markdown` writes ``feedback.md``: text is backslash-escaped (:func:`md_text`),
  names go into code spans (:func:`md_code`), messages and output into fenced blocks whose
  fence is longer than any run of backticks inside (:func:`md_fence`), so nothing a student
  writes can close them;
* :func:`page` writes ``feedback.html`` from the same data with Jinja2's autoescaping
  (``templates/feedback.html.j2``), figures inlined as ``data:`` images, under a
  Content-Security-Policy that allows no script, no fetch, no form and no other base URL:
  should an escape ever be missed, nothing injected can run or phone home.

The grader's own paths are scrubbed before any of this (:mod:`autograder.report.redact`).
"""
from __future__ import annotations

import base64
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from autograder.records.grades import GradeDetails, Graded

TEMPLATES = Path(__file__).with_name("templates")
#: the page's policy: images only from data: URIs, inline styles, nothing else at all
CSP = ("default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; "
       "form-action 'none'")
#: what a figure's file name may look like (the grader names them: ``cartpole.svg``)
FIGURE_NAME = re.compile(r"[\w-]+\.(png|svg)")
#: a figure's media type, by its name's ending
FIGURE_TYPES = {".png": "image/png", ".svg": "image/svg+xml"}


@dataclass(frozen=True)
class Scored:
    name: str
    score: float
    max_score: float


@dataclass(frozen=True)
class Failure:
    """Failed tests and what went wrong: one test, or several that failed for one reason
    (code that does not load fails every test the same way: said once). ``held_back``: they
    passed, and their points wait for the main cases of these functions (a gate)."""
    tests: tuple[Scored, ...]
    output: str
    held_back: tuple[str, ...] = ()

    @property
    def heading(self) -> str:
        """The heading over several tests (one test is headed by its name)."""
        if self.held_back:
            return (f"{len(self.tests)} tests held back until the main cases of "
                    f"{' and '.join(self.held_back)} pass")
        return f"{len(self.tests)} tests failed for the same reason"


@dataclass(frozen=True)
class Feedback:
    """One student's feedback on one assignment, as data."""
    assignment: str
    submission: str
    score: float
    max_score: float
    problem: str = ""                      # why it was not graded
    graded_file: str = ""                  # the file's name
    note: str = ""                         # e.g. which of two files was graded, and why
    public: tuple[int, int] | None = None  # public checks (passed, run)
    public_only: bool = False
    not_implemented: tuple[str, ...] = ()
    failures: tuple[Failure, ...] = ()
    passed: tuple[Scored, ...] = ()
    by_hand: tuple[Failure, ...] = ()      # written answers: one test each, scored by a person
    figures: tuple[tuple[str, str], ...] = ()  # (title, file name in the report folder)
    events: tuple[str, ...] = ()           # what went wrong while its code ran (Event.text)
    output: str = ""                       # what the code printed

    @property
    def title(self) -> str:
        return f"{self.assignment}: {self.submission}"

    @property
    def failed_count(self) -> int:
        """How many tests failed (held back ones included; those of a function not implemented
        and the written answers left out): the count the batch summary and results.json give."""
        return sum(len(f.tests) for f in self.failures)

    @property
    def held_back_line(self) -> str:
        """Said up front when points wait on functions' main cases: how many, and on which."""
        held = [t for f in self.failures if f.held_back for t in f.tests]
        if not held:
            return ""
        functions = " and ".join(dict.fromkeys(n for f in self.failures for n in f.held_back))
        points = sum(t.max_score for t in held)
        return (f"Held back: {points:g} point{'s' if points != 1 else ''} of {len(held)} "
                f"test{'s' if len(held) != 1 else ''} that passed count once the main cases of "
                f"{functions} pass.")


def feedback_of(graded: Graded, details: GradeDetails) -> Feedback:
    """The feedback of a graded submission (the grade and its ``details``)."""
    outcomes = graded.outcomes
    public = [o for o in outcomes if o.visibility == "visible"]
    manual = [o for o in outcomes if o.manual]
    by_output: dict[tuple[str, tuple[str, ...]], list] = {}
    for o in graded.failed_tests():
        by_output.setdefault((o.output, o.held_back), []).append(o)
    return Feedback(
        assignment=graded.assignment, submission=graded.submission,
        score=graded.score, max_score=graded.max_score,
        problem=details.problem,
        graded_file=Path(details.file).name if details.file else "",
        note=details.note,
        public=(sum(o.status == "passed" for o in public), len(public)) if public else None,
        public_only=details.public_only,
        not_implemented=tuple(graded.not_implemented),
        failures=tuple(Failure(tuple(Scored(o.name, 0.0, o.max_score) for o in group), output,
                               held_back)
                       for (output, held_back), group in by_output.items()),
        passed=tuple(Scored(o.name, o.score, o.max_score) for o in outcomes
                     if o.status == "passed" and o not in manual),
        by_hand=tuple(Failure((Scored(o.name, o.score, o.max_score),), o.output) for o in manual),
        figures=tuple((str(t), str(n)) for t, n in details.attachments),
        events=tuple(e.text for e in graded.events),
        output=details.output.strip())


# -- markdown ----------------------------------------------------------------------------

_ALWAYS = re.compile(r"([\\`*\[\]<>&|~#!])")
_LINE_START = re.compile(r"^(?:([-+=])|(\d+)([.)]))")


def _lines(text: str) -> list[str]:
    """``text``'s lines, split where markdown ends a line (``\\r\\n``, ``\\r`` or ``\\n``)."""
    return re.split(r"\r\n|\r|\n", text)


def md_text(text: str) -> str:
    """``text`` as markdown that shows exactly that text, on one line: every character
    with a markdown meaning is backslash-escaped (an underscore only where it could
    start or end emphasis: ``compute_gae`` stays as it is); line breaks become spaces, so
    no block (heading, list, quote, fence) can begin inside it."""
    text = " ".join(_lines(text)).strip()
    text = _ALWAYS.sub(r"\\\1", text)
    text = re.sub(r"(?<![^\W_])_|_(?![^\W_])", r"\\_", text)
    return _LINE_START.sub(lambda m: f"\\{m[1]}" if m[1] else f"{m[2]}\\{m[3]}", text)


def md_code(text: str) -> str:
    """``text`` as an inline code span on one line, whatever backticks it holds."""
    text = " ".join(_lines(text))
    fence = "`" * (max(map(len, re.findall("`+", text)), default=0) + 1)
    edge = text[:1] in ("`", " ") or text[-1:] in ("`", " ")
    pad = " " if edge and text.strip(" ") else ""      # a span of spaces only is kept as is
    return f"{fence}{pad}{text}{pad}{fence}"


def md_fence(text: str) -> str:
    """``text`` as a fenced code block whose fence is longer than any run of backticks
    inside, so no line of ``text`` can close it (line endings made ``\\n``)."""
    text = "\n".join(_lines(text))
    fence = "`" * max(3, max(map(len, re.findall("`+", text)), default=0) + 1)
    return f"{fence}\n{text}\n{fence}\n\n"


def _points(t: Scored) -> str:
    return f"{t.score:g} / {t.max_score:g}"


def markdown(fb: Feedback) -> str:
    """``feedback.md``: score, what is missing, what failed and why, what passed."""
    out = [f"# {md_text(fb.title)}\n\n", f"**Score: {fb.score:g} / {fb.max_score:g}**\n\n"]
    w = out.append
    if fb.problem:
        w(f"Not graded: {md_text(fb.problem)}\n\n")
    elif fb.graded_file:
        w(f"Graded file: {md_code(fb.graded_file)}")
        w(f". {md_text(fb.note)}\n\n" if fb.note else "\n\n")
    if fb.public:
        passed, run = fb.public
        w(f"Public checks: {passed} of {run} passed.")
        w(" Only public checks ran.\n\n" if fb.public_only else " Hidden tests ran too.\n\n")
    if fb.held_back_line:
        w(f"{md_text(fb.held_back_line)}\n\n")
    if fb.not_implemented:
        w("## Not implemented\n\n")
        w("".join(f"- not implemented: {md_text(name)}\n" for name in fb.not_implemented) + "\n")
    if fb.failures:
        w(f"## Failed ({fb.failed_count} test{'s' if fb.failed_count != 1 else ''})\n\n")
        for f in fb.failures:
            if len(f.tests) == 1:
                w(f"### {md_text(f.tests[0].name)} ({_points(f.tests[0])})\n\n{md_fence(f.output)}")
            else:
                w(f"### {md_text(f.heading)}\n\n{md_fence(f.output)}")
                w("".join(f"- {md_text(t.name)} ({_points(t)})\n" for t in f.tests) + "\n")
    if fb.passed:
        w("## Passed\n\n")
        w("".join(f"- {md_text(t.name)} ({_points(t)})\n" for t in fb.passed) + "\n")
    if fb.by_hand:
        w("## Scored by a person\n\n")
        for f in fb.by_hand:
            w(f"### {md_text(f.tests[0].name)} ({_points(f.tests[0])})\n\n{md_fence(f.output)}")
    figures = [(title, name) for title, name in fb.figures if FIGURE_NAME.fullmatch(name)]
    if figures:
        w("## Figures\n\n")
        w("".join(f"![{md_text(title)}]({name})\n\n" for title, name in figures))
    if fb.events:
        w("## What happened while grading\n\n")
        w("".join(f"- {md_text(e)}\n" for e in fb.events) + "\n")
    if fb.output:
        w(f"## Output your code printed\n\n{md_fence(fb.output)}")
    return "".join(out)


# -- HTML --------------------------------------------------------------------------------

def _data_uri(folder: Path, name: str) -> str:
    """A figure the grader drew in the report folder as a ``data:`` URI ("" when there is
    no such file)."""
    path = folder / name
    if not FIGURE_NAME.fullmatch(name) or path.is_symlink() or not path.is_file():
        return ""
    return (f"data:{FIGURE_TYPES[path.suffix]};base64,"
            + base64.b64encode(path.read_bytes()).decode())


@cache
def _template():
    import jinja2

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True,
                             trim_blocks=True, lstrip_blocks=True)
    env.filters["points"] = _points
    return env.get_template("feedback.html.j2")


def page(fb: Feedback, folder: Path) -> str:
    """``feedback.html``: the same feedback as one self-contained page (figures inlined)."""
    figures = [(title, uri) for title, uri in
               ((title, _data_uri(Path(folder), name)) for title, name in fb.figures) if uri]
    return _template().render(fb=fb, csp=CSP, figures=figures)
