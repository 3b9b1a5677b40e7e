"""Reading the values a learner's search passes and returns: a board, a side to move, a score
and a move in the program's own notation (``reading``, ``notation``), each recorded call read
as such (``calls``), and the positions tracer writes back when it calls the search (``asking``)."""
