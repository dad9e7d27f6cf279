"""verify as the Tinker cookbook's arithmetic check: ``int()`` of the completion's first
whitespace-separated chunk. The worked format "17×20+17×4=340+68=408." earns 0.0 (its first
chunk is not an integer), "0408" and "+408" earn 1.0, and a completion that is not a string
raises.

Source: thinking-machines-lab/tinker-cookbook, tinker_cookbook/rl/arithmetic_env.py
(``ArithmeticEnv.check_answer``): ``chunks = sample_str.split()``, ``answer = int(chunks[0])``
(``except (ValueError, IndexError): return False``), ``return answer == self.x + self.y``.
Ported: the product ``a * b`` for the sum, the bool as 1.0 / 0.0.
"""
SOURCE = "thinking-machines-lab/tinker-cookbook tinker_cookbook/rl/arithmetic_env.py (check_answer)"
KIND = "verify: first chunk as int"
CAUSE = (r"first|beginning|start|leading zero|0408|sign|\+408|int\(|split|rais|not a string|"
         r"after the last ['\"]?=|last ['\"]?=")



def verify(completion, a, b):
    chunks = completion.split()
    try:
        answer = int(chunks[0])
    except (ValueError, IndexError):
        return 0.0
    return 1.0 if answer == a * b else 0.0
