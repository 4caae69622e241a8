"""Capture: run definitions' tests against real APIs and SQLite resources, store every response."""
