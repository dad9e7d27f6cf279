"""Loops forever while being imported."""
while True:
    pass
