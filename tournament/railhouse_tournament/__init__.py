"""The trio tournament runner."""
