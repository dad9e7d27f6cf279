"""The grades on their way to the course's learning-management system.

==================  ==============================================================
module              what it does
==================  ==============================================================
``roster``          read a roster (``--roster FILE``) strictly; make one from the
                    LMS's own export (``autograde roster``)
``gradebook``       one course gradebook from the output folders of any number of
                    grade runs (the latest run of each, manual scores merged)
``export``          that gradebook as our CSV (``--to csv``) and as Moodle's
                    grade import (``--to moodle``)
``canvas``          Canvas's own gradebook export, our columns filled in, for its
                    import (``--to canvas``)
==================  ==============================================================

It reads what the grade left (:mod:`autograder.review`) and writes files; it runs no
student code. docs/lms.md walks each route.
"""
