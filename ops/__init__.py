"""Operations tooling, kept out of the product: the load tester (``manage.py loadtest``,
``ops.loadtest``) and the benchmarks (``bench_console``, ``bench_evidence``,
``bench_planner``). A Django app of its own, above the product: it may import
console/bots/knowledge/planning and the ``loopback`` servers, and nothing in them imports it.
"""
