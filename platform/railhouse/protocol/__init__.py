"""Bot protocol ``railhouse/1``: message types, codec, observation patches, referee session.

See ``docs/protocol.md``.  Nothing here does I/O: the tournament runner and the
compliance checker wrap :class:`~railhouse.protocol.referee.Referee` with processes.
"""

from railhouse.protocol.messages import PROTOCOL

__all__ = ["PROTOCOL"]
