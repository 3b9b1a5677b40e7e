"""Presenting what the check found: what it found (``findings``), the result object that writes
it (``result``), its report (``report``, ``facts``, ``words``), and the learner's calls as a
trace for ``trace``'s own outputs (``learner_trace``, ``trees``)."""
