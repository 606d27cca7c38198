"""railhouse.testing: pytest fixtures and the conformance suite every title runs."""
