"""``trace check``: run a learner's own minimax and hold it, call by call, against the guide's.

``tracer.check_function(minimax, "X.OX.XOO.")`` (also called as ``tracer.check(...)``,
see ``tracer/__init__.py``) checks a function defined in this Python session (a
notebook's), as ``trace check FILE`` checks a program, and returns a ``CheckResult``
that shows itself in Jupyter.
"""
