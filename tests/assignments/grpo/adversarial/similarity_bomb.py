"""A similarity bomb (issue 34): code that is never run, but that the similarity check's
constant folding would build: two strings of 60,000 characters, and one replacing every
character of the first by the second (3.6 GB). Folding checks each result's size first."""
S = "x" * 60000
T = "y" * 60000
if False:
    exec(S.replace("x", T))
