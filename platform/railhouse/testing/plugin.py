"""pytest plugin (entry point ``pytest11``): fixtures for railhouse titles."""
