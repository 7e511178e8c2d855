"""The engine's core: state, frames (steps, chance nodes, choices), actions, the engine loop and
the shape of a ruleset. No rule knowledge lives here: a rule family, a ruleset and the data
tables sit in the layers above (see docs/architecture.md)."""
