"""Rewriting definitions in place: byte-range edits that preserve every byte they do not change."""
