"""Stýrivolt question kinds: play (see stytvolt.styrivolt.quiz)."""
