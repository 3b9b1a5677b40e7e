"""Reading the learner's source before it runs: its search functions, their parameters and
board variables, in JavaScript (``js*``) and Python (``pysource``), told as the same
``SourceFacts`` (``sourcefacts``)."""
