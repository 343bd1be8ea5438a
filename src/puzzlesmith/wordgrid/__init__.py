"""Column-word grids: `CreateOptions` here; the model, solver, creator and formats by name."""

from puzzlesmith.wordgrid.options import CreateOptions

__all__ = ["CreateOptions"]
