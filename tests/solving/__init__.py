"""The solving layer: the solver, limits, batches, the book, scores and their words."""
