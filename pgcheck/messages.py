"""The words a student reads, defined once: the stub every release ships, and how an
exception raised by the student's own code is reported (at home and in the grade)."""
from __future__ import annotations

import re

from dataclasses import dataclass


@dataclass(frozen=True)
class Origin:
    """Where in the student's code an exception was raised: the function and the line."""
    function: str
    line: int

    @classmethod
    def parse(cls, function, line) -> "Origin | None":
        """An Origin from untrusted parts (a worker's reply), or None if they are not one."""
        if (isinstance(function, str) and function.isidentifier() and len(function) <= 100
                and isinstance(line, int) and not isinstance(line, bool) and 0 < line < 10**7):
            return cls(function, line)
        return None


def stub_line(function: str) -> str:
    """The line that replaces a graded function's body in the student release.

    >>> stub_line("compute_gae")
    'raise NotImplementedError("compute_gae: not implemented yet; replace this line with your code (see the docstring)")'
    """
    return (f'raise NotImplementedError("{function}: not implemented yet; '
            f'replace this line with your code (see the docstring)")')


def stubbed_function(message: str) -> str:
    """The function a stub's ``NotImplementedError`` message names ('' if none).

    >>> stubbed_function("compute_gae: not implemented yet; replace this line ...")
    'compute_gae'
    """
    head = (message or "").split(":", 1)[0].strip()
    return head if head.isidentifier() else ""


#: how torch words an operation it has no kernel for on a dtype: a NotImplementedError of code
#: that is there, not a stub
TORCH_REFUSAL = re.compile(r'"\w+" not implemented for ')


def unwritten(type_name: str, message: str, traceback: str = "") -> bool:
    """Whether an exception says that work is missing: a stub's ``NotImplementedError`` (its
    message names a function), a bare ``raise NotImplementedError``, or one the student's own
    line raises (the last line of code the traceback shows is that ``raise``). One that a
    library raises on the student's line (torch has no ``&`` of floats) is an error of code
    that is there; without a traceback, torch's wording (:data:`TORCH_REFUSAL`) tells it.

    >>> unwritten("NotImplementedError", "grpo_loss: not implemented yet; ...")
    True
    >>> unwritten("NotImplementedError", "")
    True
    >>> unwritten("NotImplementedError", "a & b not implemented for 'Float'",
    ...           '  File "ppo.py", line 36, in clip\\n    return a & b\\n')
    False
    >>> unwritten("NotImplementedError", "I have not done this yet",
    ...           '  File "ppo.py", line 36, in clip\\n    raise NotImplementedError("I ...")\\n')
    True
    """
    if type_name != "NotImplementedError":
        return False
    if not (message or "").strip() or stubbed_function(message):
        return True
    frames = re.findall(r'^\s*File "[^"\n]*", line \d+[^\n]*\n([^\n]*)', traceback or "", re.M)
    if frames:
        return frames[-1].strip().startswith("raise NotImplementedError")
    return not TORCH_REFUSAL.match(message)


def error_text(type_name: str, message: str, traceback: str = "",
               origin: Origin | None = None) -> str:
    """Feedback for an exception raised by the student's code (``origin``: where it was raised).

    >>> error_text("NotImplementedError", "grpo_loss: not implemented yet; ...")
    'not implemented: grpo_loss'
    >>> error_text("NotImplementedError", "", origin=Origin("compute_gae", 57))
    'not implemented: compute_gae (NotImplementedError raised at line 57)'
    >>> error_text("NotImplementedError", '"lshift_cpu" not implemented for Float')
    'your code raised NotImplementedError: "lshift_cpu" not implemented for Float'
    >>> error_text("ZeroDivisionError", "division by zero")
    'your code raised ZeroDivisionError: division by zero'
    """
    if unwritten(type_name, message, traceback):
        named = stubbed_function(message)
        if named or origin is None:
            return f"not implemented: {named or 'a function'}"
        said = f": {message[:200]}" if message else ""
        return (f"not implemented: {origin.function} (NotImplementedError raised at line "
                f"{origin.line}{said})")
    return f"your code raised {type_name}: {message}\n{traceback}".rstrip()


_SURROGATES = re.compile("[\ud800-\udfff]")


def encodable(text: str) -> str:
    """``text`` with every character no UTF-8 file can hold (a lone surrogate: JSON's
    ``"\\ud800"``, or an undecodable byte of a file name) replaced by U+FFFD.

    Applied where student text enters (notebook cells, reply strings, folder and member
    names), so no writer downstream meets one.

    >>> encodable("a\\ud800b")
    'a\ufffdb'
    """
    return _SURROGATES.sub("\ufffd", text)


def clip(text: str, limit: int, *, keep: str = "head") -> str:
    """``text`` cut to its first (or, with ``keep="tail"``, last) ``limit`` characters, saying
    how many were left out, with any character no file can hold (a lone surrogate) as ``?``.

    Everything a submission sends back is text of any length; whatever shows it (feedback,
    reports) shows at most this much of it.

    >>> clip("abcdef" * 10, 12)
    'abcdefabcdef [... 48 more characters]'
    >>> clip("line 1\\nline 2\\nthe error", 9, keep="tail")
    '[... 14 more characters] the error'
    """
    text = str(text)
    if len(text) > limit:
        more = f"[... {len(text) - limit} more characters]"
        text = f"{text[:limit]} {more}" if keep == "head" else f"{more} {text[-limit:]}"
    return text.encode("utf-8", "replace").decode("utf-8")
