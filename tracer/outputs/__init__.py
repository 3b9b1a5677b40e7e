"""Outputs: what a run can write (log, tree, figures, page, JSON), checked before anything is written."""
