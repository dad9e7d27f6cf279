"""The grades on their way to the course's learning-management system.

==================  ==============================================================
module              what it does
==================  ==============================================================
``roster``          read a roster (``--roster FILE``) strictly; make one from the
                    LMS's own export (``autograde roster``)
``collect``         the LMS's submissions download (Canvas's zip, Moodle's zip or
                    folder with its grading worksheet) into one folder per roster
                    student, joined by the LMS's ids (``autograde collect``)
``gradebook``       one course gradebook from the output folders of any number of
                    grade runs (the latest run of each, manual scores merged), and
                    what an export did with each of its grades (``Placed``)
``export``          that gradebook as our CSV (``--to csv``)
``canvas``          Canvas's own gradebook export, our columns filled in, for its
                    import (``--to canvas``)
``moodle``          Moodle's grade import made from Moodle's own grade export
                    (``--to moodle``)
==================  ==============================================================

It reads what the grade left (:mod:`autograder.review`) and writes files; it runs no
student code. docs/lms.md walks each route.
"""
