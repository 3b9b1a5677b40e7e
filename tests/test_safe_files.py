"""Writing outputs never destroys what it should not (issue 9): devices, links, modes,
temporary files, full disks, read-only folders, closed standard output."""

from __future__ import annotations

import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

import tracer
from tracer.errors import EnvironmentFault, InputError, RenderError
from tracer.outputs.files import atomic_writer, same_file, write_atomically, write_stdout

ROOT = os.geteuid() == 0
needs_root = pytest.mark.skipif(not ROOT, reason="mknod, chown and mount need root (CI runs as root)")


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


@needs_root
def test_a_character_device_is_written_not_replaced(tmp_path: Path) -> None:
    null = tmp_path / "null"
    os.mknod(null, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # same numbers as /dev/null
    write_atomically(null, b"some bytes")
    assert stat.S_ISCHR(os.stat(null).st_mode)
    assert os.stat(null).st_rdev == os.makedev(1, 3)
    assert leftovers(tmp_path) == []


@needs_root
def test_a_full_device_is_one_environment_fault(tmp_path: Path) -> None:
    full = tmp_path / "full"
    os.mknod(full, 0o666 | stat.S_IFCHR, os.makedev(1, 7))  # like /dev/full
    with pytest.raises(EnvironmentFault, match="disk is full"):
        write_atomically(full, b"x" * 100_000)
    assert stat.S_ISCHR(os.stat(full).st_mode)


def test_a_fifo_is_written_directly(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    import threading

    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    write_atomically(fifo, "through the pipe\n")
    reader.join(timeout=10)
    assert got == [b"through the pipe\n"]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_dev_stdout_like_paths_write_to_the_descriptor(tmp_path: Path) -> None:
    # Standard output redirected to a file: renaming over /proc/self/fd/1's target
    # would leave the process writing to a deleted file.
    target = tmp_path / "out.txt"
    code = textwrap.dedent("""
        import sys
        from tracer.outputs.files import write_atomically
        print("before", flush=True)
        write_atomically("/dev/stdout", "middle\\n")
        print("after", flush=True)
    """)
    with open(target, "w") as out:
        subprocess.run([sys.executable, "-c", code], stdout=out, check=True)
    assert target.read_text() == "before\nmiddle\nafter\n"


def test_a_symlink_chain_is_followed_and_kept(tmp_path: Path) -> None:
    real = tmp_path / "real.txt"
    real.write_text("old")
    (tmp_path / "mid").symlink_to("real.txt")
    link = tmp_path / "link.txt"
    link.symlink_to(tmp_path / "mid")
    write_atomically(link, "new")
    assert link.is_symlink() and (tmp_path / "mid").is_symlink()
    assert real.read_text() == "new"
    assert leftovers(tmp_path) == []


def test_a_dangling_symlink_creates_its_target(tmp_path: Path) -> None:
    link = tmp_path / "link.txt"
    link.symlink_to("made.txt")
    write_atomically(link, "new")
    assert link.is_symlink() and (tmp_path / "made.txt").read_text() == "new"


def test_a_hard_link_keeps_its_other_names(tmp_path: Path) -> None:
    first = tmp_path / "a.txt"
    first.write_text("old contents, longer than the new")
    second = tmp_path / "b.txt"
    os.link(first, second)
    write_atomically(first, "new")
    assert second.read_text() == "new"
    assert os.stat(first).st_ino == os.stat(second).st_ino
    assert leftovers(tmp_path) == []


def test_a_file_keeps_its_mode(tmp_path: Path) -> None:
    path = tmp_path / "secret.txt"
    path.write_text("old")
    path.chmod(0o600)
    write_atomically(path, "new")
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    path.chmod(0o640)
    with atomic_writer(path, "w") as handle:
        handle.write("newer")
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640


@needs_root
def test_a_file_keeps_its_owner_when_root_rewrites_it(tmp_path: Path) -> None:
    path = tmp_path / "theirs.txt"
    path.write_text("old")
    os.chown(path, 1234, 5678)
    write_atomically(path, "new")
    assert (os.stat(path).st_uid, os.stat(path).st_gid) == (1234, 5678)


def test_a_new_file_gets_the_modes_open_would_give(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        write_atomically(tmp_path / "new.txt", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(tmp_path / "new.txt").st_mode) == 0o640


def test_an_exception_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "keep.txt"
    path.write_text("old")
    with pytest.raises(ZeroDivisionError), atomic_writer(path) as handle:
        handle.write("half")
        raise ZeroDivisionError
    assert path.read_text() == "old"
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_mid_write_leaves_no_temporary(tmp_path: Path, signum: int) -> None:
    path = tmp_path / "out.txt"
    path.write_text("old")
    # Python's own SIGINT handler, even when the tests run where SIGINT is ignored (a
    # background job of a script): that is what a command typed at a terminal has.
    code = textwrap.dedent(f"""
        import signal, sys, time
        signal.signal(signal.SIGINT, signal.default_int_handler)
        from tracer.outputs.files import atomic_writer
        with atomic_writer({str(path)!r}) as handle:
            handle.write("half")
            print("writing", flush=True)
            time.sleep(30)
    """)
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
    assert child.stdout is not None
    assert child.stdout.readline() == b"writing\n"
    assert len(leftovers(tmp_path)) == 1  # the temporary exists while writing
    child.send_signal(signum)
    child.communicate(timeout=10)
    # The conventional end: the process dies of the signal (an uncaught
    # KeyboardInterrupt also ends Python by SIGINT).
    assert child.returncode == -signum
    assert leftovers(tmp_path) == []
    assert path.read_text() == "old"


def test_a_long_legal_name_still_works(tmp_path: Path) -> None:
    name = "n" * 250 + ".svg"  # legal (NAME_MAX is 255) but not once ".XXXXXXXX" is added
    write_atomically(tmp_path / name, "fine")
    assert (tmp_path / name).read_text() == "fine"
    assert leftovers(tmp_path) == []


def test_a_missing_folder_is_one_environment_fault(tmp_path: Path) -> None:
    with pytest.raises(EnvironmentFault, match="cannot write"):
        write_atomically(tmp_path / "nowhere" / "x.txt", "x")


def test_a_folder_as_target_is_refused(tmp_path: Path) -> None:
    with pytest.raises(EnvironmentFault, match="folder"):
        write_atomically(tmp_path, "x")


def test_environment_fault_exits_1_like_a_render_error() -> None:
    assert issubclass(EnvironmentFault, RenderError)


@pytest.fixture
def open_tmp() -> Iterator[Path]:
    """A folder every user can reach (pytest's tmp_path is inside a root-only folder)."""
    path = Path(tempfile.mkdtemp(dir="/tmp"))
    path.chmod(0o755)
    yield path
    for folder in path.rglob("*"):
        if folder.is_dir():
            folder.chmod(0o755)
    shutil.rmtree(path)


def system_program(name: str) -> str:
    """A program every Linux has (mount, umount), found even on a PATH that holds only
    a virtual environment's programs."""
    import shutil

    found = shutil.which(name) or shutil.which(name, path="/usr/sbin:/usr/bin:/sbin:/bin")
    assert found is not None, f"{name} is missing"
    return found


def run_as_nobody(code: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run ``code`` as an unprivileged user, for permission checks root would bypass.

    The user runs a copy of the tracer under test in a folder it may read: the
    repository may sit in a folder only root can enter (a mutation run's copy does),
    and Python would then quietly import another tracer (an installed one) instead.
    """
    command = [sys.executable, "-c", code]
    if ROOT:
        command = [system_program("setpriv"), "--reuid=65534", "--regid=65534", "--clear-groups", *command]
    readable = Path(tempfile.mkdtemp(dir="/tmp"))
    try:
        readable.chmod(0o755)
        package = Path(tracer.__file__).parent
        shutil.copytree(package, readable / "tracer", ignore=shutil.ignore_patterns("__pycache__"))
        env = dict(os.environ, PYTHONPATH=str(readable), PYTHONDONTWRITEBYTECODE="1")
        checked = f"import tracer; assert tracer.__file__.startswith({str(readable)!r}), tracer.__file__\n"
        command[-1] = checked + code
        return subprocess.run(command, cwd=cwd, capture_output=True, text=True, env=env, timeout=60)
    finally:
        shutil.rmtree(readable)


def read_only_folder(parent: Path, name: str, text: str) -> Path:
    """A folder nobody may write to, holding one file ``name`` with ``text``."""
    folder = parent / "ro"
    folder.mkdir()
    (folder / name).write_text(text)
    folder.chmod(0o555)
    parent.chmod(0o755)
    return folder


def test_a_read_only_folder_is_one_line(open_tmp: Path) -> None:
    folder = read_only_folder(open_tmp, "old.txt", "old")
    code = textwrap.dedent("""
        from tracer.errors import EnvironmentFault
        from tracer.outputs.files import write_atomically
        for name in ("new.txt", "old.txt"):
            try:
                write_atomically(name, "x")
            except EnvironmentFault as exc:
                print(exc)
    """)
    done = run_as_nobody(code, folder)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 2 and all("Permission denied" in line for line in lines), lines
    assert sorted(p.name for p in folder.iterdir()) == ["old.txt"]
    assert (folder / "old.txt").read_text() == "old"


def tiny_tmpfs(tmp_path: Path) -> Path:
    mount = tmp_path / "tiny"
    mount.mkdir()
    done = subprocess.run([system_program("mount"), "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mount)],
                          capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    return mount


@needs_root
def test_a_full_disk_keeps_the_old_file(tmp_path: Path) -> None:
    mount = tiny_tmpfs(tmp_path)
    try:
        path = mount / "out.svg"
        path.write_text("old")
        with pytest.raises(EnvironmentFault, match="disk is full"):
            write_atomically(path, b"x" * 200_000)
        assert path.read_text() == "old"
        assert leftovers(mount) == []
    finally:
        subprocess.run([system_program("umount"), str(mount)], check=True)


def test_same_file_sees_through_links(tmp_path: Path) -> None:
    a = tmp_path / "a.txt"
    a.write_text("x")
    (tmp_path / "s").symlink_to(a)
    os.link(a, tmp_path / "h")
    assert same_file(a, tmp_path / "s")
    assert same_file(tmp_path / "h", tmp_path / "s")
    assert same_file(tmp_path / "new", tmp_path / "." / "new")
    assert not same_file(a, tmp_path / "new")
    assert same_file("-", "-") and not same_file("-", a)


STDOUT_CODE = textwrap.dedent("""
    import sys
    from tracer.errors import EnvironmentFault
    from tracer.outputs.files import write_stdout
    try:
        write_stdout(b"x" * 200000)
    except EnvironmentFault as exc:
        print(exc, file=sys.stderr)
        sys.exit(1)
""")


def test_standard_output_on_dev_full_is_one_line() -> None:
    with open("/dev/full", "wb") as full:
        done = subprocess.run([sys.executable, "-c", STDOUT_CODE], stdout=full,
                              stderr=subprocess.PIPE, text=True)
    assert done.returncode == 1
    assert done.stderr.splitlines() == ["cannot write to standard output: the disk is full"]


@pytest.mark.parametrize("how", ["closed", "broken pipe"])
def test_closed_or_broken_standard_output_is_one_line(how: str) -> None:
    if how == "closed":
        # As `python -c CODE >&-` would start it (without a shell: descriptor 1 closed).
        done = subprocess.run([sys.executable, "-c", STDOUT_CODE], preexec_fn=lambda: os.close(1),
                              stderr=subprocess.PIPE, text=True)
    else:
        child = subprocess.Popen([sys.executable, "-c", STDOUT_CODE], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)
        assert child.stdout is not None
        child.stdout.close()  # the reader is gone before the writer starts
        _, err = child.communicate(timeout=30)
        done = subprocess.CompletedProcess([], child.returncode, None, err)
    assert done.returncode == 1, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("cannot write to standard output"), lines


def test_write_stdout_writes(capfdbinary: pytest.CaptureFixture[bytes]) -> None:
    write_stdout(b"bytes\n")
    write_stdout("text\n")
    sys.stdout.flush()
    assert capfdbinary.readouterr().out == b"bytes\ntext\n"


def test_the_default_output_in_a_read_only_folder_is_one_line(open_tmp: Path) -> None:
    folder = read_only_folder(open_tmp, "board.txt", "X . O\nX . X\nO O .\n")
    code = "import sys; from tracer.cli import main; sys.argv = ['trace', 'board.txt', '-q']; main()"
    done = run_as_nobody(code, folder)
    assert done.returncode == 1, done.stderr
    assert done.stderr.splitlines() == ["trace: error: cannot write board.svg: Permission denied"]
    assert sorted(p.name for p in folder.iterdir()) == ["board.txt"]


@pytest.mark.parametrize("how", ["/dev/full", "closed"])
def test_the_cli_on_a_full_or_closed_standard_output_is_one_line(how: str) -> None:
    command = [sys.executable, "-m", "tracer", "--example", "near-endgame", "--no-tree"]
    if how == "closed":
        done = subprocess.run(command, preexec_fn=lambda: os.close(1), stderr=subprocess.PIPE, text=True)
    else:
        with open(how, "wb") as full:
            done = subprocess.run(command, stdout=full, stderr=subprocess.PIPE, text=True)
    assert done.returncode == 1
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("trace: error: cannot write to standard output")


def test_check_writable_finds_what_can_be_known_before_writing(open_tmp: Path) -> None:
    tmp_path = open_tmp
    from tracer.outputs.files import check_writable

    check_writable(tmp_path / "new.svg")
    with pytest.raises(EnvironmentFault, match="does not exist"):
        check_writable(tmp_path / "missing" / "x.svg")
    with pytest.raises(EnvironmentFault, match="folder"):
        check_writable(tmp_path)
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    tmp_path.chmod(0o755)
    code = textwrap.dedent("""
        from tracer.errors import EnvironmentFault
        from tracer.outputs.files import check_writable
        try:
            check_writable("x.svg")
        except EnvironmentFault as exc:
            print(exc)
    """)
    done = run_as_nobody(code, folder)
    assert done.stdout.strip() == "cannot write x.svg: the folder " + str(folder) + " is not writable"


# ---- every command's files go through the one planner -------------------------------------------


@pytest.mark.parametrize("target", ["board.txt", "link.html"])
def test_compare_never_writes_its_page_over_its_board(cli, tmp_path: Path, target: str) -> None:
    board = tmp_path / "board.txt"
    board.write_text("X.OX.XOO.\n")
    (tmp_path / "link.html").symlink_to(board)
    result = cli("compare", "board.txt", "--html", target)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"trace: error: --html: '{target}' would be written by --html "
                                    "and is also the input")
    assert board.read_text() == "X.OX.XOO.\n" and result.stdout == ""


def test_compare_writes_its_page_through_the_planner(cli, tmp_path: Path) -> None:
    result = cli("compare", "--example", "near-endgame", "--html", "c.html")
    assert result.exit_code == 0, result.output
    assert result.stderr == "trace: wrote c.html (7 trees side by side)\n"
    assert (tmp_path / "c.html").read_text().count("<svg") == 8  # seven trees and one legend
    assert leftovers(tmp_path) == []


def test_a_saved_decision_is_all_or_nothing(tmp_path: Path) -> None:
    """Every kind of a decision goes through the planner: one that cannot be written
    (its folder's name taken by a file) leaves none of the others behind."""
    from tracer.play.match import choose_move
    from tracer.play.saving import save_decision

    (tmp_path / "move-6-figures").write_text("not a folder")
    decision = choose_move(tracer.Board("X.OX.XOO."), "X", number=6)
    with pytest.raises(InputError):
        save_decision(decision.trace, tmp_path / "move-6", ["svg", "json", "figures", "html"])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["move-6-figures"]
