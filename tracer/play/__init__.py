"""The game against the AI: the match, its terminal screen and the files a decision is saved as."""
