"""Loaders for the shared public datasets (DDXPlus, FloDial): networks and evaluation cases.

Plain Python (no Django, no database), so benchmarks and tests can use them directly.
"""
