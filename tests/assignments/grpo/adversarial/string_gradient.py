"""``torch.autograd.grad`` in the worker replaced by one that answers strings: a gradient of
the wrong type once raised an AttributeError in the grader ("internal error ... not your
fault"). Now it is the student's error, and the replacement is caught by the harness."""
import torch

torch.autograd.grad = lambda outputs, inputs, *args, **kwargs: ["not a gradient"] * len(inputs)
