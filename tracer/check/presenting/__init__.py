"""Presenting what the check found: the result object (``result``), its report (``report``,
``facts``, ``words``), and the learner's calls as a trace for ``trace``'s own outputs
(``learner_trace``, ``trees``)."""
