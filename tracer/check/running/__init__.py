"""Running the learner's program: its file loaded under a recording host (``hosts/``), in a
guarded process (``processes``), its search calls read back as records (``record``), the
whole check driven (``run``), and the same for a function of this Python session (``notebook``)."""
