"""Offline evaluation of question policies: ``manage.py evaluate``, its dataset sources and its
reports (design section 8). A Django app of its own, above the product: it may import
console/bots/knowledge/planning, and nothing in them imports it.

The metrics themselves are pure and live in ``planning.metrics``; this package adds what needs
the datasets and the file system.
"""
