"""Stýrivolt question kinds: names (see stytvolt.styrivolt.quiz)."""
