"""Benchmarks on the real corpus; run with ``make bench`` (``python -m benchmarks.run``)."""
