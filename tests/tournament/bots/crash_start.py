"""Dies before saying anything."""

import sys

sys.exit(3)
