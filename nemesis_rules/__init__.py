"""An executable formal model of Nemesis and its Void Seeders expansion, built to check the rules.

The public API, by subpackage (each lists its names in ``__all__``):

* :mod:`nemesis_rules.model` — the engine: :func:`~nemesis_rules.model.start` a game,
  :func:`~nemesis_rules.model.legal_actions`, :func:`~nemesis_rules.model.check`,
  :func:`~nemesis_rules.model.step` / :func:`~nemesis_rules.model.apply`; the declared words of
  a record in :mod:`nemesis_rules.model.data.vocabulary`.
* :mod:`nemesis_rules.record` — game records (JSON Lines), state snapshots, replay, their JSON Schemas.
* :mod:`nemesis_rules.rulebook` — the clause catalogue with citations, rulings, specification numbers.
* :mod:`nemesis_rules.board` — the ship as data and a frozen graph.
* :mod:`nemesis_rules.players` — seeded random players and ``play_game``.
* :mod:`nemesis_rules.invariants` — named invariants, the checker, fuzz campaigns.
* :mod:`nemesis_rules.prove` — Z3 proofs held to the engine.
* :mod:`nemesis_rules.findings` — the conflict situations and the report of ``nemesis-rules check``.
* :mod:`nemesis_rules.conformance` — the conformance suite, its protocol and runner.
* :mod:`nemesis_rules.errors` — the error types every layer raises.

A short session::

    from nemesis_rules.model import start, legal_actions, step
    from nemesis_rules.record import to_snapshot

    state = start("base", players=2)
    state = step(state, legal_actions(state)[0]).state
    snapshot = to_snapshot(state)            # JSON, exactly; from_snapshot reads it back

Importing this package loads none of its subpackages (the command line starts quickly); import
the one you use.
"""

__version__ = "0.1.0"

__all__ = [
    "__version__",
    "board",
    "conformance",
    "errors",
    "findings",
    "invariants",
    "model",
    "players",
    "prove",
    "record",
    "rulebook",
]
