"""link4's tests, grouped as the package is (docs/layout.md)."""
