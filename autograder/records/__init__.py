"""The records that cross the grader's layers: plain, typed data, made in one layer and read in
others.

==================  ================================================================
module              records
==================  ================================================================
``events``          :class:`~.events.Event`: what went wrong while a submission ran (a
                    call that hung, a crash, memory, the time budget, loading, a reply
                    refused), made in the sandbox's client, read by the feedback,
                    ``results.json``, the class page and the batch summary
``outcomes``        :class:`~.outcomes.TestOutcome`: one test of a grade, made by the
                    engine's pytest plugin, read by every report
``grades``          :class:`~.grades.Graded` (a grade: outcomes, events, time; its
                    contract JSON and its cache form made from it, never parsed back),
                    :class:`~.grades.GradeDetails` (what its report needs),
                    :class:`~.grades.TimeSpent`, :class:`~.grades.WrittenRecord`
``submitted``       :class:`~.submitted.Submitted`: how the LMS handed a submission in
                    (its id there, when, late), made by ``autograde collect``, kept in
                    the grade, read by the gradebook, the class page and the export
``roster``          :class:`~.roster.Roster`: the class list, and :func:`~.roster.id_key`,
                    what two ids must not share
==================  ================================================================

This package imports nothing of the grader (``tests/test_layout.py``): every layer may use
it, so a record is never a string parsed back or a dict of loose keys.
"""
