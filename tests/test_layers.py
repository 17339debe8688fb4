"""Dependencies point one way: console -> bots -> knowledge -> planning.

Every import in the product's packages is read with ``ast`` (module level, inside functions,
under ``TYPE_CHECKING``, relative, and ``importlib.import_module("literal")``) and checked
against the floor it may reach. Above the console sit the offline evaluation and, above it,
the ops tooling (load tester, benchmarks, which time the networks the evaluation plays);
``loopback`` (the stand-in Slack/Telegram/Elasticsearch/OpenAI servers) stands alone, used
by ops and the tests; nothing in the product imports ``tests``. Migrations are left out:
they are frozen history, and one of the bots' migrations names the console migrations whose
indexes it replaced.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# What each package may import from the project (itself included).
MAY_IMPORT: dict[str, frozenset[str]] = {
    "planning": frozenset({"planning"}),
    "knowledge": frozenset({"knowledge", "planning"}),
    "bots": frozenset({"bots", "knowledge", "planning"}),
    "console": frozenset({"console", "bots", "knowledge", "planning"}),
    "evaluation": frozenset({"evaluation", "console", "bots", "knowledge", "planning"}),
    # The benchmarks time the planner on the networks the evaluation plays (its link settings).
    "ops": frozenset({"ops", "evaluation", "console", "bots", "knowledge", "planning", "loopback"}),
    "loopback": frozenset({"loopback"}),
}
PROJECT = frozenset(MAY_IMPORT) | {"tests"}


def imported_modules(source: str, module: str, *, is_package: bool = False) -> Iterator[str]:
    """Every module ``source`` (the text of ``module``) imports, wherever the import stands."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = module.split(".")
                base = parts if is_package else parts[:-1]
                base = base[: len(base) - (node.level - 1)]
                source = ".".join([*base, *([node.module] if node.module else [])])
            elif node.module:
                source = node.module
            else:
                continue
            yield source
            # ``from package import module`` imports the submodule too.
            for alias in node.names:
                yield f"{source}.{alias.name}"
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute | ast.Name)
            and (node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id)
            == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            yield node.args[0].value


def violations_in(source: str, module: str, *, is_package: bool = False) -> list[str]:
    package = module.split(".")[0]
    allowed = MAY_IMPORT[package]
    found = []
    for name in imported_modules(source, module, is_package=is_package):
        top = name.split(".")[0]
        if top in PROJECT and top not in allowed:
            found.append(f"{module} imports {name}")
    return found


def product_modules() -> Iterator[tuple[str, Path]]:
    for package in MAY_IMPORT:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.relative_to(ROOT).parts:
                continue
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            yield ".".join(parts[:-1] if parts[-1] == "__init__" else parts), path


def import_graph(package: str) -> dict[str, set[str]]:
    """Module -> the modules of ``package`` it imports (an import of a name from a package
    counts as an import of the submodule when there is one)."""
    modules = {
        module: path for module, path in product_modules() if module.split(".")[0] == package
    }

    def resolve(name: str) -> str | None:
        while name:
            if name in modules:
                return name
            name = name.rpartition(".")[0]
        return None

    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        source = path.read_text(encoding="utf-8")
        names = imported_modules(source, module, is_package=path.name == "__init__.py")
        found = {resolve(name) for name in names}
        graph[module] = {m for m in found if m is not None and m != module}
    return graph


def modules_in_cycles(graph: dict[str, set[str]]) -> set[str]:
    """Every module on an import cycle (Tarjan's strongly connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cyclic: set[str] = set()

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                cyclic.update(component)

    for node in graph:
        if node not in index:
            visit(node)
    return cyclic


# The way in and out of the bots: adapters, inbox, runtime, tasks, delivery. They used to form
# one 13-module import cycle with the service; the registry and injection broke it.
RUNTIME_FLOOR = (
    "bots.channels",
    "bots.inbox",
    "bots.runtime",
    "bots.tasks",
    "bots.outbound",
    "bots.messages",
    "bots.config",
    "bots.ratelimit",
    "bots.search_outage",
)


def test_the_runtime_and_the_channel_adapters_are_on_no_import_cycle() -> None:
    cyclic = modules_in_cycles(import_graph("bots"))
    caught = sorted(m for m in cyclic if m.startswith(RUNTIME_FLOOR))
    assert not caught, f"on an import cycle: {caught}"


def test_a_cycle_is_found() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert modules_in_cycles(graph) == {"a", "b", "c"}


def test_every_package_is_checked() -> None:
    """A new top-level package must be given its floor here, or it escapes the check."""
    packages = {
        p.name
        for p in ROOT.iterdir()
        if (p / "__init__.py").is_file() and p.name not in {"tests", "deploy"}
    }
    assert packages <= set(MAY_IMPORT), sorted(packages - set(MAY_IMPORT))


def test_dependencies_point_one_way() -> None:
    found = [
        violation
        for module, path in product_modules()
        for violation in violations_in(
            path.read_text(encoding="utf-8"), module, is_package=path.name == "__init__.py"
        )
    ]
    assert not found, "imports against the layering:\n" + "\n".join(found)


@pytest.mark.parametrize(
    ("module", "source"),
    [
        ("bots.audit", "from console import audit"),
        ("knowledge.apps", "def ready():\n    from console.startup import BOT_STARTERS\n"),
        ("bots.x", "import typing\nif typing.TYPE_CHECKING:\n    import console.models\n"),
        ("planning.x", "from ..bots import service"),
        ("console.loadtest", "from tests.channels import conftest"),
        ("console.x", "import loopback.slack"),
        ("knowledge.x", "importlib.import_module('bots.service')"),
        ("loopback.slack", "from bots.models import Case"),
    ],
)
def test_an_import_against_the_layering_is_caught(module: str, source: str) -> None:
    assert violations_in(source, module)


def test_imports_down_the_floors_are_allowed() -> None:
    assert not violations_in("from bots.models import Case\nimport planning.mass", "console.x")
    assert not violations_in("from .messages import Inbound", "bots.runtime")
    assert not violations_in("from loopback.slack import FakeSlack", "ops.loadtest.capture")
