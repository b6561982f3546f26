"""Four small CR releases written for the citation tests, modelled on what real releases do to
rule numbers (a keyword inserted before others shifts them; a keyword removed shifts them
back, so one number names three keywords over four releases; a subrule inserted shifts the
letters after it; a section inserted shifts the sections after it; a rule reworded keeps its
number). Every rule has a *concept* — which rule it is, whatever its number — so a test can
check a rewritten citation against the CR text of the target release.
"""

from __future__ import annotations

from crfile import cr_text

#: release effective date → the date statement of its file
DATES = {
    "2031-03-03": "March 3, 2031",
    "2031-09-09": "September 9, 2031",
    "2032-05-05": "May 5, 2032",
    "2033-01-01": "January 1, 2033",
}
R1, R2, R3, R4 = DATES

_TEXT = {
    "general": "These test rules describe a small game for two or more players.",
    "deathtouch": "Deathtouch",
    "deathtouch.static": "Deathtouch is a static ability.",
    "deathtouch.any": (
        "Any nonzero amount of damage dealt by a source with deathtouch is enough to destroy "
        "a creature."
    ),
    "deathtouch.destroy": (
        "A creature dealt damage by a source with deathtouch since the last time state-based "
        "actions were checked is destroyed."
    ),
    "defender": "Defender",
    "defender.static": "Defender is a static ability. A creature with defender can't attack.",
    "flying": "Flying",
    "flying.evasion": "Flying is an evasion ability.",
    "flying.block": "A creature with flying can't be blocked except by creatures with flying or reach.",
    "flying.block2": (
        "A creature with flying can't be blocked except by creatures with flying and/or reach."
    ),
    "gravestorm": "Gravestorm",
    "gravestorm.trigger": (
        "Gravestorm is a triggered ability that functions on the stack. Gravestorm means "
        "that when you cast this spell, you copy it for each permanent put into a graveyard "
        "this turn."
    ),
    "poisonous": "Poisonous",
    "poisonous.trigger": (
        "Poisonous is a triggered ability. Poisonous N means that whenever this creature "
        "deals combat damage to a player, that player gets N poison counters."
    ),
    "poisonous.multiple": "If a creature has multiple instances of poisonous, each triggers separately.",
    "trample": "Trample",
    "trample.static": (
        "Trample is a static ability that modifies the rules for assigning an attacking "
        "creature's combat damage."
    ),
    "sba.life": "If a player has 0 or less life, that player loses the game.",
    "sba.draw": (
        "If a player attempted to draw a card from a library with no cards in it since the "
        "last time state-based actions were checked, that player loses the game."
    ),
    "sba.token": (
        "If a token is phased out, or is in a zone other than the battlefield, it ceases to exist."
    ),
    "sba.poison": "If a player has ten or more poison counters, that player loses the game.",
    "sba.toughness": (
        "If a creature has toughness 0 or less, it's put into its owner's graveyard. "
        "Regeneration can't replace this event."
    ),
    "prep.1": "Preparation cards have a prepared side and an unprepared side.",
    "control.1": "Some cards allow a player to control another player's turn.",
    "control.2": "Only one player can control another player at a time.",
}


def _keywords(release: str) -> list[tuple[str, str]]:
    """``[(concept, …)]`` of section 702 in document order (rules, each followed by its
    subrules)."""
    death = ["deathtouch", "deathtouch.static", "deathtouch.destroy"]
    if release >= R3:
        death = ["deathtouch", "deathtouch.static", "deathtouch.any", "deathtouch.destroy"]
    fly = ["flying", "flying.evasion", "flying.block"]
    groups = [death]
    if R2 <= release < R4:
        groups.append(["defender", "defender.static"])
    groups.append(fly)
    if release >= R3:
        groups.append(["gravestorm", "gravestorm.trigger"])
    groups.append(["poisonous", "poisonous.trigger", "poisonous.multiple"])
    groups.append(["trample", "trample.static"])
    reworded = {"flying.block": "flying.block2"} if release >= R3 else {}  # same rule
    return [(c, _TEXT[reworded.get(c, c)]) for g in groups for c in g]


def rules(release: str) -> list[tuple[str, str, str]]:
    """``[(number, concept, text)]`` of every rule and subrule of ``release`` (sections
    are ``(number, "section:<title>", title)``)."""
    out: list[tuple[str, str, str]] = [("100", "section:General", "General")]
    out.append(("100.1", "general", _TEXT["general"]))
    out.append(("702", "section:Keyword Abilities", "Keyword Abilities"))
    rule = 0
    letter = 0
    for concept, text in _keywords(release):
        if "." not in concept:
            rule += 1
            letter = 0
            out.append((f"702.{rule}", concept, text))
        else:
            out.append((f"702.{rule}{'abcdefghjk'[letter]}", concept, text))
            letter += 1
    out.append(("704", "section:State-Based Actions", "State-Based Actions"))
    out.append(("704.5", "sba", "The following are state-based actions."))
    sba = ["sba.life", "sba.draw", "sba.poison", "sba.toughness"]
    if release >= R3:
        sba = ["sba.life", "sba.draw", "sba.token", "sba.poison", "sba.toughness"]
    out += [(f"704.5{'abcdefghjk'[i]}", c, _TEXT[c]) for i, c in enumerate(sba)]
    control = [("control.1", _TEXT["control.1"]), ("control.2", _TEXT["control.2"])]
    if release >= R4:
        out.append(("722", "section:Preparation Cards", "Preparation Cards"))
        out.append(("722.1", "prep.1", _TEXT["prep.1"]))
        out.append(("723", "section:Controlling Another Player", "Controlling Another Player"))
        out += [(f"723.{i + 1}", c, t) for i, (c, t) in enumerate(control)]
    else:
        out.append(("722", "section:Controlling Another Player", "Controlling Another Player"))
        out += [(f"722.{i + 1}", c, t) for i, (c, t) in enumerate(control)]
    return out


def concept(release: str, number: str) -> str | None:
    """Which rule ``number`` is in ``release`` (``None``: no such number)."""
    return next((c for n, c, _ in rules(release) if n == number), None)


def text(release: str, number: str) -> str | None:
    """The text of ``number`` in ``release``."""
    return next((t for n, _, t in rules(release) if n == number), None)


def cr_file(release: str) -> str:
    """The whole CR file of ``release`` in the official text format."""
    chapters = {"1": "Game Concepts", "7": "Additional Rules"}
    body = []
    seen = set()
    for number, _concept, text_ in rules(release):
        ch = number[0]
        if ch not in seen:
            seen.add(ch)
            body.append(f"{ch}. {chapters[ch]}")
        if "." not in number:
            body.append(f"{number}. {text_}")
        elif number[-1].isdigit():
            body.append(f"{number}. {text_}")
        else:
            body.append(f"{number} {text_}")
    return cr_text(
        "\n\n".join(body) + "\n",
        glossary="Deathtouch\nA keyword ability. See rule 702.1.\n",
        date=f"These rules are effective as of {DATES[release]}.",
    )
