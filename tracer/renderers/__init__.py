"""Renderers: a trace turned into text, diagrams, pages or questions, asking the game's and the search's words."""
