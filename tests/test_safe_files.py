"""Writing outputs never destroys what it should not (issue 9): devices, links, modes,
temporary files, full disks, read-only folders, closed standard output."""

from __future__ import annotations

import errno
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
from typing import Any

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


def tiny_tmpfs(tmp_path: Path, options: str = "size=64k") -> Path:
    mount = tmp_path / "tiny"
    mount.mkdir()
    done = subprocess.run([system_program("mount"), "-t", "tmpfs", "-o", options, "tmpfs", str(mount)],
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


@needs_root
def test_a_real_read_only_file_system_is_one_line(tmp_path: Path) -> None:
    mount = tiny_tmpfs(tmp_path, "size=64k,ro")
    try:
        with pytest.raises(EnvironmentFault) as caught:
            write_atomically(mount / "out.svg", "x")
        assert str(caught.value) == f"cannot write {mount / 'out.svg'}: the file system is read-only"
        assert list(mount.iterdir()) == []
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
    # A closed descriptor says so; a pipe gives the system's own words for its error.
    reason = "it is closed" if how == "closed" else os.strerror(errno.EPIPE)
    assert done.stderr.splitlines() == [f"cannot write to standard output: {reason}"]


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


# ---- each promise of the safe writer, pinned (issue 25) ------------------------------------------


@pytest.mark.parametrize(("error", "reason"), [
    (OSError(errno.EACCES, "Permission denied", "out.svg"), "Permission denied"),  # strerror, not repr
    (OSError("no number, only words"), "no number, only words"),  # no strerror: the message itself
    (OSError(errno.ENOSPC, "No space left on device"), "the disk is full"),
    (OSError(errno.EDQUOT, "Disk quota exceeded"), "the disk is full"),
    (OSError(errno.EROFS, "Read-only file system"), "the file system is read-only"),
])
def test_an_os_error_is_one_line_naming_the_file_and_its_reason(error: OSError, reason: str) -> None:
    from tracer.outputs.safe_write import fault

    assert str(fault("out.svg", error)) == f"cannot write out.svg: {reason}"


def raise_os_error(number: int, words: str):  # type: ignore[no-untyped-def]
    """A stand-in for an os function that fails as the file system would."""
    def fail(*args: object, **kwargs: object) -> None:
        raise OSError(number, words)
    return fail


def test_a_read_only_file_system_is_one_line_with_nothing_written(cli, tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    # A file system mounted read-only passes the permission check (root may write anything,
    # os.access may not know the mount) and refuses the first file made on it.
    (tmp_path / "board.txt").write_text("X.OX.XOO.\n")
    (tmp_path / "board.svg").write_text("the earlier tree")
    handlers = signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)
    monkeypatch.setattr(tempfile, "mkstemp", raise_os_error(errno.EROFS, "Read-only file system"))
    result = cli("board.txt", "-q")
    assert result.exit_code == 1
    assert result.stderr == "trace: error: cannot write board.svg: the file system is read-only\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.svg", "board.txt"]
    assert (tmp_path / "board.svg").read_text() == "the earlier tree"
    # The run's handlers for SIGTERM and Ctrl-C are given back once no temporary exists.
    assert (signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)) == handlers


@pytest.mark.parametrize("call", ["fchmod", "replace"])
def test_a_failure_after_the_temporary_exists_removes_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          call: str) -> None:
    """Setting the mode (refused on some file systems) or renaming into place fails: one
    line, the old file as it was, no temporary left, the signal handlers given back."""
    path = tmp_path / "out.txt"
    path.write_text("old")
    before = signal.getsignal(signal.SIGTERM)
    monkeypatch.setattr(os, call, raise_os_error(errno.EPERM, "Operation not permitted"))
    with pytest.raises(EnvironmentFault) as caught:
        write_atomically(path, "new")
    assert str(caught.value) == f"cannot write {path}: Operation not permitted"
    assert path.read_text() == "old"
    assert leftovers(tmp_path) == []
    assert signal.getsignal(signal.SIGTERM) == before


def test_a_failure_moving_staged_files_into_place_is_one_line(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from tracer.outputs.safe_write import staged_writes

    path = tmp_path / "out.txt"
    path.write_text("old")
    read_only = pytest.raises(EnvironmentFault, match="^cannot write .*out.txt: the file system is read-only$")
    with read_only, staged_writes():
        write_atomically(path, "new")
        monkeypatch.setattr(os, "replace", raise_os_error(errno.EROFS, "Read-only file system"))
    assert path.read_text() == "old"
    assert leftovers(tmp_path) == []


def test_a_write_after_staged_writes_is_written_at_once(tmp_path: Path) -> None:
    from tracer.outputs.safe_write import staged_writes

    with staged_writes():
        write_atomically(tmp_path / "a.txt", "a")
        assert not (tmp_path / "a.txt").exists()  # staged: moved in only at the block's end
    assert (tmp_path / "a.txt").read_text() == "a"
    write_atomically(tmp_path / "b.txt", "b")  # outside any block: in place when it returns
    assert (tmp_path / "b.txt").read_text() == "b"
    assert leftovers(tmp_path) == []


def chain(folder: Path, hops: int) -> Path:
    """``link0 -> link1 -> … -> real.txt``: a path reaching real.txt through ``hops`` symlinks."""
    (folder / "real.txt").write_text("old")
    target = "real.txt"
    for number in reversed(range(hops)):
        (folder / f"link{number}").symlink_to(target)
        target = f"link{number}"
    return folder / target


def test_a_chain_of_links_is_followed_up_to_the_documented_limit(tmp_path: Path) -> None:
    # README: a chain of up to 63 symlinks is followed; a longer one, or a loop, is refused.
    (tmp_path / "ok").mkdir()
    write_atomically(chain(tmp_path / "ok", 63), "new")
    assert (tmp_path / "ok" / "real.txt").read_text() == "new"
    (tmp_path / "long").mkdir()
    start = chain(tmp_path / "long", 64)
    with pytest.raises(EnvironmentFault) as caught:
        write_atomically(start, "new")
    assert str(caught.value) == f"cannot write {start}: too many symlinks"
    assert (tmp_path / "long" / "real.txt").read_text() == "old"


def test_a_loop_of_links_is_refused_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "a").symlink_to("b")
    (tmp_path / "b").symlink_to("a")
    with pytest.raises(EnvironmentFault) as caught:
        write_atomically(tmp_path / "a", "x")
    assert str(caught.value) == f"cannot write {tmp_path / 'a'}: too many symlinks"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a", "b"]


def test_same_file_sees_through_a_linked_folder_and_knows_standard_output(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "linked").symlink_to("real")
    # Neither exists yet: the same file all the same, once the folder's link is followed.
    assert same_file(tmp_path / "linked" / "new.svg", tmp_path / "real" / "new.svg")
    # "-" is standard output, never the file named "-" in the current folder.
    monkeypatch.chdir(tmp_path)
    assert not same_file("-", "./-") and not same_file(tmp_path / "-", "-")
    assert same_file("./-", tmp_path / "-")


def test_a_folder_linked_to_dev_fd_writes_to_the_descriptor(tmp_path: Path) -> None:
    # fds -> /dev/fd: "fds/1" is this process's standard output, like /dev/stdout.
    target = tmp_path / "out.txt"
    (tmp_path / "fds").symlink_to("/dev/fd")
    code = textwrap.dedent(f"""
        from tracer.outputs.files import write_atomically
        print("before", flush=True)
        write_atomically({str(tmp_path / "fds" / "1")!r}, "middle\\n")
        print("after", flush=True)
    """)
    with open(target, "w") as out:
        done = subprocess.run([sys.executable, "-c", code], stdout=out, stderr=subprocess.PIPE, text=True)
    assert done.returncode == 0, done.stderr
    assert target.read_text() == "before\nmiddle\nafter\n"


@pytest.mark.parametrize("name", ["1", "3"])
def test_a_pipe_named_like_a_descriptor_is_written_itself(name: str) -> None:
    """A FIFO whose path merely ends in a number (/tmp/X/1) is that FIFO, not descriptor 1."""
    folder = Path(tempfile.mkdtemp(dir="/tmp"))
    try:
        fifo = folder / name
        os.mkfifo(fifo)
        reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # a reader, so the write can open
        try:
            write_atomically(fifo, "through the pipe\n")
            assert os.read(reader, 100) == b"through the pipe\n"
        finally:
            os.close(reader)
    finally:
        shutil.rmtree(folder)


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_new_file_gets_rw_for_all_less_the_umask(tmp_path: Path, umask: int, mode: int) -> None:
    # POSIX: open(..., O_CREAT, 0666) gives 0666 & ~umask; the umask itself is left as it was.
    old = os.umask(umask)
    try:
        write_atomically(tmp_path / "new.txt", "x")
        assert os.umask(umask) == umask
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(tmp_path / "new.txt").st_mode) == mode


def test_an_emptied_hard_linked_file_is_empty_under_every_name(tmp_path: Path) -> None:
    first = tmp_path / "a.txt"
    first.write_text("old contents")
    os.link(first, tmp_path / "b.txt")
    write_atomically(first, b"")
    assert (tmp_path / "b.txt").read_bytes() == b"" and first.read_bytes() == b""
    assert leftovers(tmp_path) == []


def test_a_user_may_replace_a_file_it_does_not_own_in_its_folder(open_tmp: Path) -> None:
    """POSIX: a writable folder (no sticky bit) lets its user replace anyone's file; only
    root may give the new file the old one's owner, so a user simply becomes its owner."""
    folder = open_tmp / "shared"
    folder.mkdir()
    folder.chmod(0o777)
    (folder / "theirs.txt").write_text("old")
    (folder / "theirs.txt").chmod(0o644)
    done = run_as_nobody("from tracer.outputs.files import write_atomically\n"
                         "write_atomically('theirs.txt', 'new')", folder)
    assert done.returncode == 0, done.stderr
    assert (folder / "theirs.txt").read_text() == "new"
    assert sorted(p.name for p in folder.iterdir()) == ["theirs.txt"]


HANDLERS_GIVEN_BACK = textwrap.dedent("""
    import signal
    from pathlib import Path
    from tracer.errors import EnvironmentFault
    from tracer.outputs.safe_write import atomic_writer, temporary_folder, write_atomically

    def mine(signum, frame):
        pass

    # SIGINT as the process started with it (ignored when started in the background).
    interrupt = signal.getsignal(signal.SIGINT)

    def given_back(after):
        got = signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)
        assert got == (mine, interrupt), f"after {after}: {got}"

    signal.signal(signal.SIGTERM, mine)
    write_atomically("a.txt", "a")
    given_back("a write")
    with atomic_writer("b.txt") as outer:
        write_atomically("c.txt", "c")
        outer.write("b")
    given_back("a write inside another")
    try:
        with atomic_writer("d.txt"):
            raise ZeroDivisionError
    except ZeroDivisionError:
        pass
    given_back("a write ended by an exception")
    with temporary_folder(Path("figs")):
        pass
    given_back("a temporary folder")
    try:
        with temporary_folder(Path("missing/figs")):
            pass
    except EnvironmentFault:
        pass
    given_back("a temporary folder that could not be made")
    print("all given back")
""")


def test_the_signal_handlers_are_given_back_after_every_write(tmp_path: Path) -> None:
    # In a process of its own: the handlers a program had before are known for sure.
    done = subprocess.run([sys.executable, "-c", HANDLERS_GIVEN_BACK], cwd=tmp_path, capture_output=True,
                          text=True, timeout=60)
    assert done.stdout == "all given back\n", done.stderr
    assert leftovers(tmp_path) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt", "b.txt", "c.txt"]


def test_a_write_from_another_thread_works(tmp_path: Path) -> None:
    # Only the main thread may set signal handlers: another thread writes without them.
    import threading

    errors: list[BaseException] = []

    def write() -> None:
        try:
            write_atomically(tmp_path / "t.txt", "from a thread")
        except BaseException as exc:  # noqa: BLE001 - handed to the test's thread
            errors.append(exc)

    thread = threading.Thread(target=write)
    thread.start()
    thread.join(timeout=30)
    assert errors == [] and (tmp_path / "t.txt").read_text() == "from a thread"


def test_a_temporary_folder_that_cannot_be_made_gives_the_handlers_back(tmp_path: Path) -> None:
    from tracer.outputs.safe_write import temporary_folder

    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(EnvironmentFault, match="cannot write"), temporary_folder(tmp_path / "no" / "figs"):
        pass
    assert signal.getsignal(signal.SIGTERM) == before


def test_a_temporary_folder_that_cannot_be_removed_is_no_traceback(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    # The files are in place already: a folder the system will not remove (busy) is left, quietly.
    from tracer.outputs.safe_write import temporary_folder

    before = signal.getsignal(signal.SIGTERM)
    with temporary_folder(tmp_path / "figs") as staging:
        (staging / "inner").mkdir()
        monkeypatch.setattr(os, "rmdir", raise_os_error(errno.EBUSY, "Device or resource busy"))
    monkeypatch.undo()
    assert signal.getsignal(signal.SIGTERM) == before


@pytest.mark.parametrize("scenario", ["after another write", "with another write done inside",
                                      "in a temporary folder"])
def test_sigterm_removes_the_temporary_in_every_write(tmp_path: Path, scenario: str) -> None:
    path = tmp_path / "out.txt"
    path.write_text("old")
    body = {
        "after another write": "write_atomically('first.txt', 'done')\nwith atomic_writer('out.txt') as f:",
        "with another write done inside": "with atomic_writer('out.txt') as f:\n"
                                          "    write_atomically('inner.txt', 'done')",
        "in a temporary folder": "with temporary_folder(Path('figs')) as f:",
    }[scenario]
    code = ("import time\nfrom pathlib import Path\n"
            "from tracer.outputs.safe_write import atomic_writer, temporary_folder, write_atomically\n"
            f"{body}\n    print('writing', flush=True)\n    time.sleep(30)\n")
    child = subprocess.Popen([sys.executable, "-c", code], cwd=tmp_path, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
    assert child.stdout is not None
    assert child.stdout.readline() == b"writing\n"
    assert len(leftovers(tmp_path)) == 1  # the temporary file (or folder) exists while writing
    child.send_signal(signal.SIGTERM)
    child.communicate(timeout=10)
    assert child.returncode == -signal.SIGTERM
    assert leftovers(tmp_path) == []
    assert path.read_text() == "old"


GUARDED_PRINT = textwrap.dedent("""
    import os, sys
    from tracer.errors import EnvironmentFault
    from tracer.outputs.safe_write import stdout_guard
    before = sorted(os.listdir("/proc/self/fd"))
    try:
        with stdout_guard():
            print("a short line, still in Python's buffer when the block ends")
    except EnvironmentFault as exc:
        if sorted(os.listdir("/proc/self/fd")) != before:
            sys.exit(f"descriptors leaked: {before} became {sorted(os.listdir('/proc/self/fd'))}")
        print(exc, file=sys.stderr)
        sys.exit(1)
""")


def test_text_left_in_the_buffer_on_a_full_output_is_one_line() -> None:
    """Text printed inside the guard is flushed by it, and once that fails, Python's own
    flush at exit must not print a second error (nor any descriptor be left open)."""
    buffered = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}
    with open("/dev/full", "wb") as full:
        done = subprocess.run([sys.executable, "-c", GUARDED_PRINT], stdout=full,
                              stderr=subprocess.PIPE, text=True, env=buffered)
    assert done.stderr.splitlines() == ["cannot write to standard output: the disk is full"]
    assert done.returncode == 1


def test_a_closed_standard_output_is_not_a_terminal() -> None:
    # Like isatty() on a closed descriptor: no terminal, so a PNG may be sent there (and fails).
    closed = os.open(os.devnull, os.O_WRONLY)
    os.close(closed)
    assert os.isatty(closed) is False
    command = [sys.executable, "-m", "tracer", "--example", "near-endgame", "-o", "-", "--format", "png"]
    done = subprocess.run(command, preexec_fn=lambda: os.close(1), stderr=subprocess.PIPE, text=True)
    assert done.stderr.splitlines() == ["trace: error: cannot write to standard output: it is closed"]
    assert done.returncode == 1


def buffered_python(code: str, **kwargs: Any) -> subprocess.CompletedProcess[bytes]:
    """Run ``code`` with Python's ordinary buffering of standard output (as a user's shell
    would start it, even where the tests run with PYTHONUNBUFFERED)."""
    env = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}
    env.update(kwargs.pop("env", {}))
    kwargs.setdefault("stdout", subprocess.PIPE)
    kwargs.setdefault("stderr", subprocess.PIPE)
    return subprocess.run([sys.executable, "-c", code], env=env, timeout=60, **kwargs)


def test_standard_output_keeps_the_order_things_were_written_in() -> None:
    code = textwrap.dedent("""
        import os
        from click import echo
        from tracer.outputs.safe_write import utf8_stdout, write_stdout
        print("printed first")
        write_stdout(b"bytes second\\n")
        print("printed third")
        with utf8_stdout() as stream:
            stream.write("α → ∞ fourth\\n")
        echo("echoed fifth")
        os.write(1, b"straight to the descriptor, sixth\\n")
    """)
    for encoding in ("utf-8", "cp1252"):
        done = buffered_python(code, env={"PYTHONIOENCODING": encoding})
        assert done.stdout.decode("utf-8").splitlines() == [
            "printed first", "bytes second", "printed third", "α → ∞ fourth", "echoed fifth",
            "straight to the descriptor, sixth"], (encoding, done.stderr)


def test_a_few_bytes_on_a_full_standard_output_are_one_line() -> None:
    # Few enough to sit in Python's buffer: write_stdout itself must find the full disk.
    code = STDOUT_CODE.replace('b"x" * 200000', 'b"a short line\\n"')
    with open("/dev/full", "wb") as full:
        done = buffered_python(code, stdout=full, stderr=subprocess.PIPE)
    assert done.stderr.decode().splitlines() == ["cannot write to standard output: the disk is full"]
    assert done.returncode == 1


def test_standard_output_without_a_byte_layer_gets_text(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from tracer.outputs.safe_write import utf8_stdout

    text_only = io.StringIO()  # like a program's own stand-in for sys.stdout: no .buffer
    monkeypatch.setattr(sys, "stdout", text_only)
    write_stdout("written as text\n")
    with utf8_stdout() as stream:
        stream.write("α through utf8_stdout\n")
    assert text_only.getvalue() == "written as text\nα through utf8_stdout\n"


def test_a_closed_standard_output_object_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from tracer.outputs.safe_write import stdout_guard

    closed = io.StringIO()
    closed.close()
    monkeypatch.setattr(sys, "stdout", closed)
    with pytest.raises(EnvironmentFault) as caught, stdout_guard():
        print("lost")
    assert str(caught.value) == "cannot write to standard output: it is closed"


def test_the_stdout_guard_blames_standard_output_only_for_its_own_errors(tmp_path: Path) -> None:
    """An error of another file inside the guarded block is that file's, never reported as
    "cannot write to standard output"."""
    from tracer.outputs.safe_write import stdout_guard

    with pytest.raises(FileNotFoundError), stdout_guard():
        (tmp_path / "missing.txt").read_text()
    with pytest.raises(ValueError, match="invalid literal"), stdout_guard():
        int("not a number")


def test_a_value_error_is_not_blamed_on_a_stand_in_standard_output(monkeypatch: pytest.MonkeyPatch) -> None:
    # A program's stand-in for sys.stdout that cannot say whether it is closed is not closed.
    from tracer.outputs.safe_write import stdout_guard

    class Lines:
        def __init__(self) -> None:
            self.written: list[str] = []

        def write(self, text: str) -> int:
            self.written.append(text)
            return len(text)

        def flush(self) -> None:
            pass

    monkeypatch.setattr(sys, "stdout", Lines())
    with pytest.raises(ValueError, match="invalid literal"), stdout_guard():
        int("not a number")


def test_a_full_standard_output_in_another_encoding_is_one_line() -> None:
    code = textwrap.dedent("""
        import sys
        from tracer.errors import EnvironmentFault
        from tracer.outputs.safe_write import utf8_stdout
        try:
            with utf8_stdout() as stream:
                stream.write("α short\\n")
        except EnvironmentFault as exc:
            print(exc, file=sys.stderr)
            sys.exit(1)
    """)
    with open("/dev/full", "wb") as full:
        done = buffered_python(code, stdout=full, env={"PYTHONIOENCODING": "cp1252"})
    assert done.stderr.decode().splitlines() == ["cannot write to standard output: the disk is full"]
    assert done.returncode == 1


@pytest.mark.parametrize("name", ["utf-8", "UTF8", "utf_8", "latin-1", "cp1252", "ascii", None,
                                  "no-such-encoding"])
def test_is_utf8_agrees_with_the_codecs_registry(name: str | None) -> None:
    import codecs

    from tracer.outputs.safe_write import is_utf8

    try:
        expected = name is not None and codecs.lookup(name) == codecs.lookup("utf-8")
    except LookupError:  # an encoding Python does not know is not UTF-8
        expected = False
    assert is_utf8(name) is expected
