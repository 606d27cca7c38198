"""railhouse: the platform on which 18xx railway games are played by programs."""

__version__ = "0.1.0"
