"""pgcheck: the student-side runtime of the policy-gradient course.

Small on purpose, and free of pytest and of anything of the grader: it ships
inside every assignment folder a student receives, and the grader uses the
very same modules, so both say the same thing in the same words.

=================  ==========================================================
module             job
=================  ==========================================================
``assertions``     checks that explain themselves (:class:`Mismatch`: case,
                   expected, got, likely cause); the one tolerance table
``calls``          one call of a student function, optionally with gradients
``messages``       the release's stub line; how a student's exception reads
``discovery``      which file is graded (module or notebook), read safely
``stubs``          which graded functions a module or notebook has written,
                   read from its parsed code (never run)
``files``          a student's files and zips read as data: no link followed,
                   nothing read past its limit
``loading``        build a module from a ``.py`` or from a notebook's cells
``runner``         run the public checks (``run_checks`` in a notebook)
``answers``        a notebook's answer cells, run alike at home and in the
                   grader; their public checks (``check_answers``)
``cli``            ``python check.py [PATH] [--zip]``
=================  ==========================================================

Needs only torch (and numpy, which torch uses).
"""
__all__ = ["FLOAT64_PRECISION", "TEXT_TOLERANCE", "TOLERANCES", "Mismatch", "expect_close", "expect_float",
           "expect_no_grad", "expect_pair", "expect_tensor", "grads_of", "short",
           "LocalStudent", "check_answers", "run_checks"]


def __getattr__(name: str):
    """``from pgcheck import expect_close`` without importing torch for ``pgcheck.calls``:
    the grader starts its fork server before its own ``import torch``."""
    if name in ("LocalStudent", "run_checks"):
        from . import runner
        return getattr(runner, name)
    if name == "check_answers":
        from . import answers
        return answers.check_answers
    if name in __all__:
        from . import assertions
        return getattr(assertions, name)
    raise AttributeError(f"module 'pgcheck' has no attribute {name!r}")
