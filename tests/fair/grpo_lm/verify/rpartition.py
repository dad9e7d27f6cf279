"""str.rpartition and str.removesuffix."""


def verify(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    _, sep, answer = completion.rpartition("=")
    return 1.0 if sep and answer.removesuffix(".") == f"{a * b}" else 0.0
