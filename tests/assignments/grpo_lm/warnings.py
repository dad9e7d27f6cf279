"""The warnings grpo_lm's texts give a student, each with the known mistake that ignores it and
the public check that mistake fails (read by tests/test_warnings.py)."""
from warning_checks import Warned

JUNK = ("raises_on_junk", "check_verify_never_fails")
FORMAT = "check_verify_final_answer_format"
PADDING = ("mask_multiplied", "check_tis_weights_padding")
CONSTANT = ("not_detached", "check_tis_weights_constant")

WARNINGS = [
    Warned("never raises", *JUNK),
    Warned("it must never fail, whatever the model writes", *JUNK),
    Warned("`verify` must never raise", *JUNK),
    Warned("and so does anything that is not a string", *JUNK),
    Warned("Leading zeros, signs, spaces or", "int_parse", FORMAT),
    Warned("ending ``.``: nothing else may follow it", "strips_all_dots",
           FORMAT),
    Warned("ending ``.``: nothing else may follow it", "requires_end_mark",
           FORMAT),
    Warned("(an optional final `.` aside)", "endswith_only", FORMAT),
    Warned("padding positions may hold any value and must not count", *PADDING),
    Warned("(padding may hold any value, ``-inf`` included)", *PADDING),
    Warned("The weights are constants: no gradient flows through them", *CONSTANT),
    Warned("The weight is a constant of the batch", *CONSTANT),
    Warned("rounds it to exactly 0", "clamps_both_sides", "check_tis_weights_capped_from_above"),
]
