"""The grader's figures, drawn as SVG by Jinja2 templates of their own.

The page (:mod:`autograder.review.classview`) shows the score distribution and the mean score
per idea. Both are bars on a grid, which SVG states directly: ``templates/histogram.svg.j2``
and ``templates/ideas.svg.j2`` place rectangles, ticks and labels computed here, and Jinja2
escapes every text they hold (an idea's name is the instructor's words, but nothing here
trusts that). The result is inlined into the page as a ``data:image/svg+xml`` URI, so the page
stays one self-contained file, its text stays text (searchable, sharp at any zoom), and a
grade's report costs no plotting library: Matplotlib's import alone is about half a
core-second, paid by every ``autograde grade`` of a class, and a figure drawn with it a few
tenths more per student. The training checks' learning curves (a line per seed and a
threshold, :func:`line_chart`, ``templates/lines.svg.j2``) are drawn the same way, into each
student's feedback folder; the course's experiments (``autograde experiment``) keep
Matplotlib, whose plots they are.

The histogram counts whole students: its y ticks are integers, its legend (the mean, a dashed
line) lies beside the axes, never over a bar; ``tests/test_report.py`` reads the SVG back and
checks both.
"""
from __future__ import annotations

import base64
import math
from functools import cache
from pathlib import Path

TEMPLATES = Path(__file__).with_name("templates")

#: the histogram's drawing area inside its 640 x 280 picture: left, top, width, height
PLOT = (56.0, 34.0, 440.0, 196.0)
#: the ideas chart: the labels' column, the bars' full width, one row's height
LABELS, BAR_WIDTH, ROW = 220.0, 330.0, 26.0


@cache
def _environment():
    import jinja2

    return jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True,
                              trim_blocks=True, lstrip_blocks=True)


def _render(template: str, **values) -> str:
    return _environment().get_template(template).render(**values)


def data_uri(svg: str) -> str:
    """``svg`` as a ``data:`` URI for an ``<img>``."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


def bins(scores: list[float], top: float) -> tuple[list[int], float]:
    """Students per bin over ``[0, top]`` (a bin per whole score up to 20 of them; the last
    bin holds ``top`` itself) and the bins' width."""
    count = min(20, int(top) + 1) if top >= 1 else 10
    width = top / count
    counts = [0] * count
    for s in scores:
        counts[min(count - 1, max(0, int(s / width)))] += 1
    return counts, width


def integer_ticks(most: int) -> list[int]:
    """At most seven whole-number ticks from 0 to at least ``most``."""
    step = max(1, math.ceil(most / 6))
    return list(range(0, most + step, step))


def nice_ticks(top: float) -> list[float]:
    """Ticks from 0 to ``top`` at a step of 1, 2 or 5 times a power of ten: at most eight."""
    raw = top / 7 if top > 0 else 1.0
    power = 10.0 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    return [k * step for k in range(int(top / step + 1e-9) + 1)]


def histogram(summary: dict) -> str:
    """The score distribution's SVG: a bar per bin, whole numbers of students on the y axis,
    the mean as a dashed line, its legend beside the axes."""
    left, top_y, width, height = PLOT
    top = summary["max_score"] or 1.0
    counts, bin_width = bins([s["score"] for s in summary["scores"]], top)
    y_ticks = integer_ticks(max(counts + [1]))
    y_max = y_ticks[-1]
    step = width / len(counts)
    bars = [{"x": left + i * step + 0.5, "w": max(step - 1.0, 0.5),
             "y": top_y + height * (1 - n / y_max), "h": height * n / y_max, "n": n,
             "low": i * bin_width, "high": (i + 1) * bin_width}
            for i, n in enumerate(counts) if n]
    x_ticks = [{"x": left + width * t / top, "label": f"{t:g}"} for t in nice_ticks(top)]
    mean = summary["mean"]
    return _render("histogram.svg.j2", summary=summary, top=top, bars=bars, plot=PLOT,
                   x_ticks=x_ticks, mean_x=left + width * min(max(mean / top, 0.0), 1.0),
                   y_ticks=[{"y": top_y + height * (1 - t / y_max), "label": t}
                            for t in y_ticks], mean=mean)


def ideas(summary: dict) -> str:
    """The mean score per idea's SVG: a horizontal bar per idea, in percent."""
    rows = [{"y": 28.0 + i * ROW, "idea": i_["idea"], "percent": i_["percent"],
             "w": BAR_WIDTH * min(max(i_["percent"], 0.0), 100.0) / 100}
            for i, i_ in enumerate(summary["ideas"])]
    return _render("ideas.svg.j2", rows=rows, left=LABELS, width=BAR_WIDTH, row=ROW,
                   height=28.0 + ROW * len(rows) + 44,
                   ticks=[{"x": LABELS + BAR_WIDTH * p / 100, "label": p}
                          for p in range(0, 101, 20)])


def figures(summary: dict) -> dict[str, str]:
    """The page's figures as data URIs: the score histogram and, where the assignment has
    ideas, the mean per idea."""
    out = {"histogram": data_uri(histogram(summary))}
    if summary["ideas"]:
        out["ideas"] = data_uri(ideas(summary))
    return out


#: the line chart's drawing area inside its 640 x 360 picture: left, top, width, height
LINES_PLOT = (64.0, 34.0, 540.0, 262.0)
#: the lines' colours, one per series in turn
PALETTE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b")


def _tick_label(t: float) -> str:
    return f"{t:,.0f}" if abs(t) >= 1000 and float(t).is_integer() else f"{t:g}"


def line_chart(title: str, xlabel: str, ylabel: str, series: list[tuple[str, list, list]],
               xlim: tuple[float, float], ylim: tuple[float, float],
               hline: tuple[float, str] | None = None, vline: float | None = None,
               markers: bool = False) -> str:
    """An SVG of one line per ``(label, xs, ys)`` within ``xlim`` x ``ylim`` (points outside
    are clipped to the axes), with a dashed horizontal line at ``hline = (y, label)``, a dotted
    vertical one at ``vline``, and a legend in the lower right corner."""
    left, top_y, width, height = LINES_PLOT
    (x0, x1), (y0, y1) = xlim, ylim

    def at(x: float, y: float) -> tuple[float, float]:
        fx = min(max((x - x0) / ((x1 - x0) or 1.0), 0.0), 1.0)
        fy = min(max((y - y0) / ((y1 - y0) or 1.0), 0.0), 1.0)
        return round(left + width * fx, 2), round(top_y + height * (1 - fy), 2)

    lines = [{"label": label, "colour": PALETTE[i % len(PALETTE)],
              "points": [at(float(x), float(y)) for x, y in zip(xs, ys)
                         if math.isfinite(float(x)) and math.isfinite(float(y))]}
             for i, (label, xs, ys) in enumerate(series)]
    legend = [(line["label"], line["colour"], "") for line in lines]
    if hline is not None:
        legend.append((hline[1], "#808080", "6 4"))
    return _render("lines.svg.j2", title=title, xlabel=xlabel, ylabel=ylabel, plot=LINES_PLOT,
                   lines=lines, markers=markers, legend=legend,
                   x_ticks=[{"x": at(t + x0, y0)[0], "label": _tick_label(t + x0)}
                            for t in nice_ticks(x1 - x0)],
                   y_ticks=[{"y": at(x0, t + y0)[1], "label": _tick_label(t + y0)}
                            for t in nice_ticks(y1 - y0)],
                   hline=None if hline is None else at(x0, hline[0])[1],
                   vline=None if vline is None else at(vline, y0)[0])


def write_svg(path: Path, svg: str) -> Path:
    """``svg`` written to ``path`` (its folder made)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(svg, encoding="utf-8")
    return path
