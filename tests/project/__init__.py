"""The project: documentation, examples, packaging, typing, fuzz targets."""
