"""The component tables (cards by deck, rooms, tokens, tracks) as plain data with their sources,
and the accessors the rule families read them through. Knows the core, no rule family."""
