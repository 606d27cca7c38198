"""Rounds and steps: the state machine of a game."""
