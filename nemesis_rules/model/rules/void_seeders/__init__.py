"""The Void Seeders expansion's rule families (void-seeders-rulebook.txt). The ruleset value that
puts them together with the base game's is :mod:`nemesis_rules.model.rulesets.void_seeders`;
importing this package registers nothing. The families:

* :mod:`.setup` and :mod:`.bag` — setup, the Intruder bag with Void Seeder, Blank and Insanity
  tokens, bag development (step 9);
* :mod:`.insanity` — the Insanity track: :func:`raise_insanity` / :func:`lower_insanity`;
* :mod:`.panic` and :mod:`.panic_effects` — Panic cards, the Interruption window, the 14 effects;
* :mod:`.encounter` — Encounter tokens and the Surprise Attack;
* :mod:`.seeders` — placing miniatures (the next lower type when one runs out);
* :mod:`.lairs` — Lairs: revealing, Noise rolls, destruction, the Despoiler's death;
* :mod:`.injuries` — per-type Injury checks, defeat, combat die faces;
* :mod:`.lurking` — the Event Phase steps, Fire Damage and step 8 (Lurking);
* :mod:`.event_cards`, :mod:`.attack_cards` — the Void Seeder decks;
* :mod:`.changes` — Rest / Shower Room / Canteen / Surgery / Antidote / Laboratory entry points;
* :mod:`.end` — the Contamination check at the end of the game.
"""
