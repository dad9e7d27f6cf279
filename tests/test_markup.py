"""No student text becomes markup (issue 22, point 4): the renderers, fuzzed.

The feedback is data (:class:`autograder.report.feedback.Feedback`) rendered twice, as
markdown and as HTML; the class page marks similar regions in code. Here Hypothesis fills
every field with text built from markup's own pieces (fences, tags, entities, brackets,
line breaks, emphasis, list and heading markers) and checks, against a real CommonMark
renderer (markdown-it-py) and Python's HTML parser, that

* the document has exactly the elements it has when every string is a plain ``x``
  (student text adds none, removes none, and closes nothing early), and
* each escaped string reads back as the very text that went in.

The same pages, with real hostile submissions graded by the real grader, are opened in
Chromium by ``tests/test_hostile_text.py``.
"""
import re
from dataclasses import replace
from html.parser import HTMLParser

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from autograder.report.feedback import (CSP, Failure, Feedback, Scored, markdown, md_code,
                                        md_fence, md_text, page)
from autograder.report.redact import scrub_all
from autograder.review.classview import marked

COMMONMARK = MarkdownIt("commonmark")      # raw HTML on, as GitHub and Jupyter render it

PIECES = ["<", ">", "&", "&lt;", "&#60;", "`", "``", "```", "````", "~~~", "*", "**", "_",
          "__", "[", "]", "](", "(", ")", "![", "!", "#", "# ", "|", "~", "-", "- ", "+",
          "=", "1.", "2)", "\\", "\n", "\r", "\r\n", " ", "    ", "\t", ":", "'", '"',
          "<script>document.title='x'</script>", "</code></pre>", "<img src=x onerror=1>",
          "<title>", "javascript:alert(1)", "[a](javascript:alert(1))", "<!--", "-->",
          "<![CDATA[", "<sub>", "</sub>", "---", "===", "> ", "\u2028", "\x0c", "é_b", "a_b"]
texts = st.lists(st.sampled_from(PIECES) | st.text(max_size=4), max_size=14).map("".join)
#: no per-example deadline: the machine is shared, and a slow example is not a wrong one
relaxed = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


class Elements(HTMLParser):
    """The elements (tag and attribute names) of an HTML text, in order, and its text."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.tags, self.data = [], []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, tuple(sorted(name for name, _ in attrs))))

    handle_startendtag = handle_starttag

    def handle_comment(self, data):
        self.tags.append(("<!-- comment -->", ()))

    def handle_data(self, data):
        self.data.append(data)

    @property
    def text(self) -> str:
        return "".join(self.data)


def one_line(text: str) -> str:
    """What :func:`md_text` promises to show: the text, its line breaks made spaces."""
    return " ".join(re.split(r"\r\n|\r|\n", text)).strip().replace("\0", "\ufffd")


def plain(fb: Feedback) -> Feedback:
    """``fb`` with every non-empty string but the figure's file name replaced by ``x``: the
    document's bare structure."""
    return scrub_all(fb, lambda s: "x" if s and s != "curve.png" else s)


@relaxed
@given(texts)
def test_md_text_is_one_paragraph_of_exactly_that_text(text):
    for markup, tags in ((f"Not graded: {md_text(text)}", ["p"]),
                         (f"# {md_text(text)}", ["h1"]),
                         (f"- {md_text(text)}\n- {md_text(text)}", ["ul", "li", "li"])):
        html = Elements(COMMONMARK.render(markup))
        assert [t for t, _ in html.tags] == tags, (text, markup)
    for before, after in (("Not graded: ", "\n"), ("# a ", "\n")):
        shown = Elements(COMMONMARK.render(before + md_text(text))).text
        assert shown == (before.lstrip("# ") + one_line(text)).strip() + after


@relaxed
@given(texts)
def test_md_fence_holds_the_text_whatever_fences_it_holds(text):
    html = Elements(COMMONMARK.render("before\n\n" + md_fence(text) + "after\n"))
    assert [t for t, _ in html.tags] == ["p", "pre", "code", "p"], text
    code = "\n".join(re.split(r"\r\n|\r|\n", text)).replace("\0", "\ufffd")
    assert html.text == f"before\n{code}\n\nafter\n"


@relaxed
@given(texts.filter(bool))
def test_md_code_is_one_code_span(text):
    html = Elements(COMMONMARK.render(f"Graded file: {md_code(text)}"))
    assert [t for t, _ in html.tags] == ["p", "code"], text
    shown = " ".join(re.split(r"\r\n|\r|\n", text)).replace("\0", "\ufffd")
    assert html.text == f"Graded file: {shown}\n"


def test_ordinary_names_stay_readable():
    assert md_text("compute_gae hung on case 'gamma = 0'") == "compute_gae hung on case 'gamma = 0'"
    assert md_text("_a_ *b*") == r"\_a\_ \*b\*"
    assert md_fence("a ```` b") == "`````\na ```` b\n`````\n\n"


feedbacks = st.builds(
    Feedback, assignment=texts, submission=texts, score=st.just(1.0), max_score=st.just(2.0),
    problem=texts, graded_file=texts, note=texts,
    public=st.none() | st.just((1, 2)), public_only=st.booleans(),
    not_implemented=st.lists(texts, max_size=2).map(tuple),
    failures=st.lists(st.builds(Failure, tests=st.lists(st.builds(
        Scored, name=texts, score=st.just(0.0), max_score=st.just(1.0)), min_size=1,
        max_size=2).map(tuple), output=texts), max_size=2).map(tuple),
    passed=st.lists(st.builds(Scored, name=texts, score=st.just(1.0), max_score=st.just(1.0)),
                    max_size=2).map(tuple),
    by_hand=st.lists(st.builds(Failure, tests=st.tuples(st.builds(    # a written answer, as sent
        Scored, name=texts, score=st.just(0.0), max_score=st.just(1.0))), output=texts),
        max_size=1).map(tuple),
    figures=st.lists(st.tuples(texts, st.just("curve.png")), max_size=1).map(tuple),
    events=st.lists(texts, max_size=2).map(tuple), output=texts)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """A report folder holding the figure the feedback names."""
    where = tmp_path_factory.mktemp("report")
    (where / "curve.png").write_bytes(b"\x89PNG\r\n\x1a\n a figure")
    return where


@settings(relaxed, max_examples=150)
@given(feedbacks)
def test_feedback_md_has_no_element_a_student_wrote(fb):
    got = Elements(COMMONMARK.render(markdown(fb)))
    want = Elements(COMMONMARK.render(markdown(plain(fb))))
    assert got.tags == want.tags


@settings(relaxed, max_examples=150)
@given(fb=feedbacks)
def test_feedback_html_has_no_element_a_student_wrote(fb, folder):
    html = page(fb, folder)
    got, want = Elements(html), Elements(page(plain(fb), folder))
    assert got.tags == want.tags
    title = re.search(r"<title>(.*?)</title>", html, re.S).group(1)
    assert Elements(title).text == fb.title            # the title is the text, escaped
    assert f'content="{CSP}"' in html.replace("&#39;", "'")


def test_feedback_html_inlines_figures_and_shows_text_as_text(folder):
    fb = Feedback("beta", "<b>ann</b>", 1, 2, graded_file="beta.py",
                  failures=(Failure((Scored("values", 0, 1),), "expected 1\n</pre><i>"),),
                  figures=(("curve", "curve.png"), ("not ours", "../../etc/x.png")))
    html = page(fb, folder)
    assert html.count('<img src="data:image/png;base64,') == 1  # a name not ours: left out
    assert "<title>beta: &lt;b&gt;ann&lt;/b&gt;</title>" in html
    assert "<pre><code>expected 1\n&lt;/pre&gt;&lt;i&gt;</code></pre>" in html
    assert "](../../etc/x.png)" not in markdown(fb) and "![curve](curve.png)" in markdown(fb)


@relaxed
@given(st.text(), st.lists(st.tuples(st.integers(-5, 60), st.integers(-5, 60)), max_size=6))
def test_similar_regions_mark_only_what_matched(code, marks):
    html = Elements(str(marked(code, [list(m) for m in marks])))
    assert {t for t, _ in html.tags} <= {"mark"}
    assert html.text == code


def test_similar_regions_of_hostile_code():
    code = "x = '</pre><script>alert(1)</script>'\ny = 2\n"
    html = str(marked(code, [[0, 10], [5, 20]]))
    assert html.startswith("<mark>x = &#39;&lt;/pre") and "<script>" not in html
    assert html.count("<mark>") == 2 and Elements(html).text == code


def test_gradescope_shows_text_as_text():
    from autograder.records.grades import GradeDetails, Graded
    from autograder.records.outcomes import TestOutcome
    from autograder.report import gradescope_results

    outcome = TestOutcome(name="idea: a test", group="idea", score=0.0, max_score=1.0,
                          status="failed", output="<b>x</b>", visibility="visible")
    data = gradescope_results(Graded("s", "a", (outcome,)), GradeDetails())
    assert data["output_format"] == "text"
    assert data["tests"][0]["output_format"] == data["tests"][0]["name_format"] == "text"


def test_plain_keeps_empty_strings():
    fb = Feedback("a", "b", 0, 1, note="", events=("", "y"))
    assert plain(fb) == replace(fb, assignment="x", submission="x", events=("", "x"))
    assert plain(replace(fb, figures=(("t", "curve.png"),))).figures == (("x", "curve.png"),)


def test_csv_cells_never_start_a_formula(tmp_path):
    import csv

    from autograder.report.csvsafe import write_csv

    write_csv(tmp_path / "t.csv", ["=1+2", "+1+1", "-x", "@SUM(A1)", "\tx", "ok", -1.5, 0], [])
    assert next(csv.reader((tmp_path / "t.csv").open(newline=""))) == [
        "'=1+2", "'+1+1", "'-x", "'@SUM(A1)", "'\tx", "ok", "-1.5", "0"]


def test_the_console_shows_a_students_id_as_it_is():
    """Rich reads ``[red]`` as a style and ``[/x]`` as an error: ids and messages are Text."""
    from rich.console import Console

    from autograder.commands.grade import summary_table

    from autograder.records.grades import Graded
    from autograder.records.outcomes import TestOutcome

    results = [Graded("[red]x[/red] [/y]", "a", (TestOutcome(
        "t", "t", 0.0, 1.0, "failed", "not implemented: [bold]f[/z]", "visible",
        not_implemented="[bold]f[/z]"),))]
    console = Console(record=True, width=200)
    console.print(summary_table(results, "t"))
    shown = console.export_text()
    assert "[red]x[/red] [/y]" in shown and "not implemented: [bold]f[/z]" in shown
