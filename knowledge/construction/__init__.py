"""Evidential networks from documents: InfoGatherer's retrieval-guided construction.

``build.build_network`` runs it end to end; ``expand`` grows the variable graph breadth-first,
``elicit`` turns snippets into conditional BBAs and aggregates them with Yager's rule,
``naming`` decides when two proposed variables are one, ``snippets`` retrieves passages.
"""
