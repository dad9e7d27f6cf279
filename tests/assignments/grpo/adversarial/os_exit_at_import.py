"""Calls os._exit(0) while being imported (no cleanup, no exception to catch)."""
import os

os._exit(0)
