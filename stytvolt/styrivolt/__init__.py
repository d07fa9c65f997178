"""Stýrivolt: the Faroese game of two chosen suits (Kvívík rules)."""
