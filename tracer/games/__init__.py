"""Games: what a search explores. A game supplies states; searches and renderers only ask it."""
