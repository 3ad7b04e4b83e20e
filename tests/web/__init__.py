"""link4 serve's application: its API, its guards, its page."""
