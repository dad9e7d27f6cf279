"""A check of how the completion ends (completion.rstrip('.').endswith(str(a * b))), as quick
reward functions for "the answer is the last thing written" do: a longer number that ends with
the right digits ('=9408.'), a sign or a leading zero before it, and the right number with no
'=' at all all pass."""
CAUSE = r"ignores what comes before the right digits"


def verify(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    return 1.0 if completion.rstrip(".").endswith(str(a * b)) else 0.0
