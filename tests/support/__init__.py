"""What the tests share: reference implementations, the benchmark sets, a server, a browser."""
