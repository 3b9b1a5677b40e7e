"""Presenting what the check found: the result object that holds and writes it (``result``),
its report (``report``, ``facts``, ``words``), and the learner's calls as a trace for
``trace``'s own outputs (``learner_trace``, ``trees``)."""
