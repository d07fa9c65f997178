"""Stýrivolt question kinds: stock (see stytvolt.styrivolt.quiz)."""
