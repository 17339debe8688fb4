"""The evidential engine and question policies: pure Python and NumPy, no Django, no I/O."""
