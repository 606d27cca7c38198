"""Built-in bots."""
