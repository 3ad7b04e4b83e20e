"""The players: every level, one compiled player, at every entry point."""
