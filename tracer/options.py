"""The command line's game and search options, each declared once, their choices read from the registries.

``--game`` and ``--algorithm`` take the registries' names; ``--turn`` what each game says;
every other game option (``--ai``, ``--scores``, ``--order``) is declared by its game's kind
and every search setting (``--cutoff``) by its search's kind.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any, TypeVar

import click
from click.core import ParameterSource
from click.shell_completion import CompletionItem

from . import games, search
from .commandline import complete_folder, complete_path
from .errors import InputError
from .outputs.files import FORMATS

F = TypeVar("F", bound=Callable[..., Any])


class RegistryParam(click.ParamType):
    """A name a registry (``tracer.games`` or ``tracer.search``) knows; the help lists ``listed()``."""

    def __init__(self, name: str, registry: Any, listed: Callable[[], list[str]]):
        self.name, self.registry, self.listed = name, registry, listed

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        try:
            return str(self.registry.find(str(value)).name)
        except InputError:
            self.fail(f"{value!r} is not one of {', '.join(map(repr, self.registry.names()))}.", param, ctx)

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "[" + "|".join(self.listed()) + "]"

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
        return [CompletionItem(n) for n in self.registry.names() if n.startswith(incomplete)]


def turn_option() -> Callable[[F], F]:
    """``--turn``: who moves first, in each game's own words (``X``/``O``, ``max``/``min``)."""
    said = "; ".join(kind.turn_help for kind in games.kinds() if kind.turns)
    turns = list(dict.fromkeys(turn for kind in games.kinds() for turn in kind.turns))
    return click.option("--turn", type=click.Choice(turns, case_sensitive=False), help=f"Side to move: {said}.")


def game_option() -> Callable[[F], F]:
    """``--game``: which game BOARD is written for (the help lists the names, not their aliases)."""
    names = RegistryParam("game", games, lambda: [kind.name for kind in games.kinds()])
    return click.option("--game", "game_name", type=names,
                        help="Read BOARD as this game (default: the game whose input it looks like).")


def game_settings(*names: str) -> Callable[[F], F]:
    """The options the games declare (``--ai``, ``--scores``, ``--order``), or only ``names``."""
    # The guide's game first: its options lead, and its declaration of a shared option counts.
    kinds = sorted(games.kinds(), key=lambda kind: not kind.reads_version1)
    declared: dict[str, games.GameOption] = {}
    for option in (option for kind in kinds for option in kind.options):
        declared.setdefault(option.name, option)
    chosen = [declared[name] for name in names] if names else list(declared.values())
    # An option several games take (``--order``) says what each of them makes of it.
    helps = {name: " ".join(dict.fromkeys(o.help for kind in kinds for o in kind.options if o.name == name))
             for name in declared}

    def apply(command: F) -> F:
        for option in reversed(chosen):
            said = option.help if names else helps[option.name]
            flag = "--" + option.name.replace("_", "-")  # in_a_row: --in-a-row
            if option.flag:
                command = click.option(flag, option.name, is_flag=True, help=said)(command)
                continue
            kind_of_value: Any = click.Choice(option.choices, case_sensitive=False) if option.choices else None
            command = click.option(flag, option.name, type=kind_of_value, default=option.default,
                                   metavar=option.metavar, show_default=option.default is not None,
                                   help=said)(command)
        return command

    return apply


def search_options(command: F) -> F:
    """``--algorithm`` and every search's settings (``--cutoff``), declared once each."""
    settings: dict[str, list[tuple[str, Any]]] = {}
    for kind in search.kinds():
        for name, setting in kind.settings.items():
            settings.setdefault(name, []).append((kind.name, setting))
    for name, owners in reversed(list(settings.items())):
        values = list(dict.fromkeys(v for _, s in owners for v in s.values))
        command = click.option(f"--{name}", f"setting_{name}", type=click.Choice(values), default=None,
                               help=owners[0][1].help)(command)
    said = ", ".join(f"{kind.name} ({kind.help})" for kind in search.kinds())
    return click.option("--algorithm", type=RegistryParam("algorithm", search, search.names),
                        default=search.baseline().name, show_default=True,
                        help=f"The search: {said}.")(command)


def game_options(command: F) -> F:
    """``--turn``, ``--game`` and the games' own options, then the search's (for ``run`` and ``quiz``)."""
    command = search_options(command)
    command = game_settings()(command)
    command = game_option()(command)
    return turn_option()(command)


def given_options(names: Collection[str]) -> list[str]:
    """Which of the running command's options ``names`` the user typed."""
    ctx = click.get_current_context(silent=True)
    if ctx is None:
        return []
    defaulted = (ParameterSource.DEFAULT, ParameterSource.DEFAULT_MAP, None)
    return [name for name in names if ctx.get_parameter_source(name) not in defaulted]


_OUTPUT_OPTIONS = [
    click.option("-o", "--output", metavar="PATH", shell_complete=complete_path,
                 help="Where to write the tree (default: the input's name + .svg; '-' = stdout)."),
    click.option("--format", "fmt", type=click.Choice(FORMATS),
                 help="Output format (default: from -o's suffix, else svg)."),
    click.option("--no-tree", is_flag=True, help="Write no tree file, only the log."),
    click.option("-q", "--quiet", is_flag=True, help="Print no recursion log."),
    click.option("--stats", is_flag=True,
                 help="Print a summary (calls per depth, outcomes, repeated positions) "
                      "instead of the log; no tree file unless -o or --format asks for one."),
    click.option("--log", "log_path", metavar="PATH", shell_complete=complete_path,
                 help="Write the recursion log to PATH (- for standard output)."),
    click.option("--full-log", is_flag=True,
                 help="Print the whole log on a terminal too (a long one is otherwise cut "
                      "after a few screenfuls, with a line saying how to see it all)."),
    click.option("--max-nodes", type=int, default=None, metavar="N",
                 help="Most boards to draw, at most 2000 (default: 100, a larger tree drawn "
                      "to the depth that fits; 1600 with --depth; figures: 64 each, 60 for "
                      "the overview)."),
    click.option("--depth", type=int, default=None, metavar="N",
                 help="Draw N levels; deeper subtrees become summary nodes."),
    click.option("--focus", type=int, default=1, metavar="CALL",
                 help="Draw the subtree of call CALL (and the path to it)."),
    click.option("--line", is_flag=True,
                 help="Draw only the chosen line of play, with the alternatives at each step."),
    click.option("--figures", "figures_dir", metavar="DIR", shell_complete=complete_folder,
                 help="Write the tutorial's figures (one per test-play, the overview, "
                      "index.html) into DIR; --format svg|png|pdf, --depth and --max-nodes "
                      "apply. No tree file then, unless -o asks for one."),
    click.option("--engine", type=click.Choice(["auto", "dot", "pure"]), default=None,
                 help="Layout engine: Graphviz's dot, the pip-installed graphviz-pure, or auto "
                      "(dot when on the PATH; default, or $TRACER_ENGINE)."),
    click.option("--scale", type=click.FloatRange(0.25, 8), default=1.0, metavar="X",
                 help="Enlarge PNGs X times (1 = 96 dpi; 2 or 3 for slides)."),
    click.option("--html", "html_path", metavar="PATH", shell_complete=complete_path,
                 help="Write a self-contained page that replays the trace step by step "
                      "(no tree file then unless -o or --format asks for one)."),
]


def output_options(command: F) -> F:
    """Options shared by ``run`` and ``render``: what to write and how much to draw."""
    for option in reversed(_OUTPUT_OPTIONS):
        command = option(command)
    return command
