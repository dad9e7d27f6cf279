"""A callable object that counts what it has scored (a student's instrumentation)."""


class Verifier:
    def __init__(self):
        self.scored = 0
        self.right = 0

    def __call__(self, completion, a, b):
        self.scored += 1
        if not isinstance(completion, str):
            return 0.0
        parts = completion.split("=")
        if len(parts) < 2:
            return 0.0
        answer = parts[-1]
        if answer.endswith("."):
            answer = answer[: len(answer) - 1]
        if answer != str(a * b):
            return 0.0
        self.right += 1
        return 1.0


verify = Verifier()
