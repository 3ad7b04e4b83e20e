"""The command line: each link4 command as a user runs it."""
