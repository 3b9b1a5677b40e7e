"""Judging the recorded calls: the program's score scale (``scales``), the first call that
departs from a correct search (``departure``, ``windows`` for alpha-beta), the verdict
(``verdict``) and the known mistakes that match it (``mistakes``, ``alphabeta_mistakes``)."""
