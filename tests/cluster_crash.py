"""A Dask worker preload for tests/test_cluster.py: grading a submission whose student id
starts with ``crash-the-worker`` kills the worker process with SIGKILL, as an out-of-memory
kill or a lost machine would, every time it is tried (a crash grade, which runs no code of the
submission, is made as usual); one whose id starts with ``raise-in-the-task`` makes its task
raise, as any error of one student's task other than a lost worker would.

Loaded by ``dask worker --preload tests/cluster_crash.py``; ``dask_setup`` is distributed's
preload hook, run in each worker process as it starts.
"""
import os
import signal

DOOMED = "crash-the-worker"
#: a student whose task raises (an error of the task, not a lost worker): issue 34
RAISES = "raise-in-the-task"


def dask_setup(worker):
    from autograder.cluster import grading

    real = grading.grade_task

    def grade_task(task):
        if task.student.startswith(DOOMED) and not task.submission.problem:
            os.kill(os.getpid(), signal.SIGKILL)
        if task.student.startswith(RAISES) and not task.submission.problem:
            raise RuntimeError("a task error of this student's own")
        return real(task)

    grading.grade_task = grade_task   # tasks name the function; the worker looks it up here
