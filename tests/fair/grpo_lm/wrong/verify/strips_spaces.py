"""str.strip() on the answer: "= 408." and "=408\\n" count as right."""


def verify(completion, a, b):
    if not isinstance(completion, str) or "=" not in completion:
        return 0.0
    answer = completion.rsplit("=", 1)[1].strip()
    return 1.0 if answer.removesuffix(".") == str(a * b) else 0.0
