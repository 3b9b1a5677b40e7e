"""``trace check DIR`` / ``trace check FILE FILE …``: the single check's options wired through to
each submission's own ``trace check`` (``runner.py``), and the class's result printed."""

from __future__ import annotations

import os
from typing import Any

import click

from ..commandline import Failure
from ..errors import InputError
from .submissions import is_program

#: The class check's own parameters, not passed to each submission's check (``-o`` names the
#: file the class's result goes to, e.g. Gradescope's ``results/results.json``).
CLASS_ONLY = {"paths", "fmt", "entry", "jobs", "memory", "report_dir", "tree_path"}
#: The single check's files that name one program's outputs: a class writes --report instead.
ONE_PROGRAM_OUTPUTS = {"log_path": "--log", "side_by_side": "--side-by-side", "html_path": "--html"}
#: The teacher's own files each check reads: copied into each scratch copy.
TEACHER_FILES = {"with_files": "--with", "stdin_path": "--stdin"}


def is_class(paths: tuple[str, ...], fmt: str, entry: str | None, jobs: int | None, report: str | None) -> bool:
    """A folder, several program files, or a class's own option or format."""
    return (os.path.isdir(paths[0]) or (len(paths) > 1 and all(is_program(os.path.basename(p)) for p in paths))
            or fmt in ("csv", "gradescope") or any(v is not None for v in (entry, jobs, report)))


def run_class_command(ctx: click.Context, paths: tuple[str, ...]) -> bool:
    """Check the class ``paths`` name, if they name one (else False: a single check)."""
    from .runner import ClassOptions, run_class

    params = ctx.params
    if not is_class(paths, params["fmt"], params.get("entry"), params.get("jobs"), params.get("report_dir")):
        return False
    for name, option in ONE_PROGRAM_OUTPUTS.items():
        if params.get(name):
            raise Failure(f"{option} writes one program's file; for a class, --report DIR writes each "
                          "submission's pages", 2)
    class_paths, board = _paths_and_board(list(paths))
    teacher = [("BOARD", board)] if board else []
    teacher += [(TEACHER_FILES["with_files"], f) for f in params.get("with_files") or ()]
    if params.get("stdin_path"):
        teacher.append((TEACHER_FILES["stdin_path"], params["stdin_path"]))
    for option, path in teacher:
        if option != "--with" and not os.path.isfile(path):
            raise InputError("no such file" + ("" if option == "BOARD" else f" ({option})"), path)
    options = ClassOptions(check_args=passed_through(ctx), teacher_files=teacher, entry=params.get("entry"),
                           jobs=params.get("jobs"), timeout=params["timeout"], boards=params.get("boards"),
                           memory_mb=params["memory"], report=params.get("report_dir"),
                           result_file=params.get("tree_path"))
    output = params.get("tree_path")
    _prepare_outputs(options.report, output)
    result = run_class(class_paths, options, progress=True)
    _print(result, params["fmt"], output)
    if options.report:
        from .page import write_page

        write_page(result, options.report)
    if not result.ok:
        ctx.exit(1)
    return True


def _prepare_outputs(report: str | None, output: str | None) -> None:
    """Refuse, before any submission runs, a class page or result file that cannot be written
    (``--report`` makes its folder; ``-o``'s must exist)."""
    from ..outputs.files import check_output_path

    if report:
        try:
            os.makedirs(report, exist_ok=True)
        except OSError as exc:
            raise Failure(f"--report: cannot make the folder {report}: {exc.strerror}", 1) from None
        check_output_path(os.path.join(report, "index.html"), "--report")
    if output:
        check_output_path(output, "-o")


def _paths_and_board(paths: list[str]) -> tuple[list[str], str | None]:
    """A class folder may be followed by a BOARD file, the position every check starts from."""
    if len(paths) == 2 and os.path.isdir(paths[0]) and not os.path.isdir(paths[1]) \
            and not is_program(os.path.basename(paths[1])):
        return paths[:1], paths[1]
    for path in paths[1:] if len(paths) > 1 else ():
        if not is_program(os.path.basename(path)) or os.path.isdir(path):
            raise Failure(f"{path}: a class is one folder (and a BOARD), or several program files "
                          "(.py, .js, .mjs, .html)", 2)
    return paths, None


def passed_through(ctx: click.Context) -> list[str]:
    """The single check's options the user gave, spelled as its command line spells them."""
    from click.core import ParameterSource

    args: list[str] = []
    for param in ctx.command.params:
        name = param.name or ""
        if (name in CLASS_ONLY or name in ONE_PROGRAM_OUTPUTS or name in TEACHER_FILES
                or not isinstance(param, click.Option)
                or ctx.get_parameter_source(name) in (ParameterSource.DEFAULT, None)):
            continue
        value: Any = ctx.params[name]
        spelling = max(param.opts, key=len)
        if param.is_flag:
            args += [spelling] if value else []
        elif param.multiple:
            for item in value:
                args += [spelling, str(item)]
        elif value is not None:
            args += [spelling, str(value)]
    return args


def _print(result: Any, fmt: str, output: str | None) -> None:
    text = {"json": result.to_json, "csv": result.to_csv, "gradescope": result.to_gradescope}.get(fmt, result.__str__)()
    if not output or output == "-":
        click.echo(text, nl=False)
        return
    from ..outputs.files import atomic_writer

    with atomic_writer(output) as handle:
        handle.write(text)
