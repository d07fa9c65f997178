"""Stýrivolt question kinds: scoring (see stytvolt.styrivolt.quiz)."""
