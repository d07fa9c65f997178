"""What every game shares: cards, errors, reasons, rule switches, the state protocol, the registry
and the helpers of trick games.  Games use these; nothing here knows any one game."""
