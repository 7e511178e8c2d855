"""nemesis-rules."""
