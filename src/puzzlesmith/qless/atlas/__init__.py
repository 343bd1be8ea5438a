"""The Q-Less atlas: a stored result for every roll of the real dice."""
