"""Offline evaluation of question policies: dataset sources and reports (design section 8).

The harness and the metrics themselves are pure and live in ``planning.harness`` and
``planning.metrics``; this package adds what needs the datasets and the file system.
"""
