"""Building the situation on the table as protocol messages.

Names are the protocol's enum names in lower case without their prefix:
side "red", arm "cavalry", quality "raw", formation "square", terrain kind
"woods", cover "hard", status flags "ran_last_turn", ...  The other names
the daemon reads in a situation file are read too: quality "veteran",
"good", "poor", "elite", formation "skirmish", "circle" (ALIASES).  Lengths are
centimetres; facing is a compass bearing (0 faces +y, 90 faces +x); the
origin is the near left corner of the table.

    from solo_client import situation as s
    sit = s.situation(180, 120,
        terrain=[s.rect("copse", "woods", 20, 70, 50, 100)],
        units=[s.unit("red-1", "red", 60, 80, facing=180, width=12, depth=3),
               s.unit("blue-1", "blue", 60, 40, facing=0, width=12, depth=3)])
"""

from google.protobuf import json_format

from .proto import pb

# Enum type -> prefix of its value names in solo.proto.
_PREFIX = {
    "Side": "SIDE_", "Arm": "ARM_", "Quality": "QUALITY_",
    "Formation": "FORMATION_", "TerrainKind": "TERRAIN_", "Cover": "COVER_",
}


# The other names the daemon reads for an enum's values, each with the
# protocol's name it stands for: the core's own (rules/unit.c,
# quality_parse and formation_parse) and every ruleset's names of the
# qualities (the `qualities` group of rules/data/<ruleset>/tables.cfg:
# Empire of Liberty grades its troops poor, green, average, veteran,
# elite).  The wire carries the number, so a name is the same number
# whatever the ruleset; tests/test_client.py checks this table against
# those files.
ALIASES = {
    "Quality": {"veteran": "regular", "good": "regular", "poor": "raw",
                "elite": "hero"},
    "Formation": {"circle": "square", "skirmish": "loose"},
}

# Each ruleset's own names of the qualities, where it has its own (the
# `qualities` groups): what describe_game and table() print for them.
RULESET_QUALITY_NAMES = {
    "bolivar": {"raw": "raw", "green": "inferior", "regular": "ordinary",
                "hero": "superior"},
    "empire_of_liberty": {"raw": "poor", "green": "green",
                          "average": "average", "regular": "veteran",
                          "hero": "elite"},
    "europe19": {"raw": "rabble", "green": "levy", "average": "average",
                 "regular": "elite", "hero": "fanatic"},
}

# Each ruleset's own words for the formations of an arm (the
# `formation_words` groups): guns "limbered" and "unlimbered".  The daemon
# reads them in a unit of that ruleset and gives them in replies
# (Unit.formation_word); tests/test_client.py checks this table against
# the files.
RULESET_FORMATION_WORDS = {
    "bolivar": {"artillery": {"line": "deployed", "column": "limbered"}},
    "empire_of_liberty": {"artillery": {"line": "unlimbered",
                                        "column": "limbered"}},
    "europe19": {"artillery": {"line": "unlimbered", "column": "limbered"}},
}


# A house-rule overlay names its base's grades and words unless it
# changes them: seed 000's house rules over 4 Page Bolivar.
RULESET_QUALITY_NAMES["liberators_house"] = RULESET_QUALITY_NAMES["bolivar"]
RULESET_FORMATION_WORDS["liberators_house"] = \
    RULESET_FORMATION_WORDS["bolivar"]


def learn_rulesets(hello):
    """Take each ruleset's own grade names and formation words from a
    Hello reply (its RulesetInfo: `grades` with `grade_values`, and
    `formation_words`) into RULESET_QUALITY_NAMES and
    RULESET_FORMATION_WORDS, so that a ruleset the daemon serves and this
    module does not know (a player's house-rule overlay) is read and
    named as the daemon reads it.  Client.hello() does this for every
    reply; the tables above serve a client that has not said hello.
    Returns the names of the rulesets learnt."""
    learnt = []
    for info in hello.rulesets:
        qualities = {}
        for grade, number in zip(info.grades, info.grade_values):
            core = enum_name("Quality", number)
            if grade.lower() != core:
                qualities[core] = grade.lower()
        words = {}
        for fw in info.formation_words:
            arm = enum_name("Arm", fw.arm)
            words.setdefault(arm, {})[enum_name("Formation", fw.formation)] = \
                fw.word.lower()
        if qualities:
            RULESET_QUALITY_NAMES[info.name] = qualities
        if words:
            RULESET_FORMATION_WORDS[info.name] = words
        learnt.append(info.name)
    return learnt


def enum_value(enum_name, prefix, value, field):
    """The number of `value` ("red", "SIDE_RED" or 1) in enum `enum_name`;
    names are read in any case, and the other names of ALIASES too
    ("elite" is QUALITY_HERO).

    Raises ValueError naming `field` and the accepted names."""
    enum = getattr(pb(), enum_name)
    aliases = ALIASES.get(enum_name, {})
    if isinstance(value, int) and not isinstance(value, bool):
        if value in enum.values():
            return value
    elif isinstance(value, str):
        name = value.upper()
        if name.startswith(prefix):
            name = name[len(prefix):]
        name = aliases.get(name.lower(), name.lower()).upper()
        if prefix + name in enum.keys():
            return enum.Value(prefix + name)
    accepted = [k[len(prefix):].lower() for k in enum.keys()]
    accepted += ["%s (%s)" % (alias, name)
                 for alias, name in sorted(aliases.items())]
    raise ValueError("%s: unknown %s %r (one of: %s)"
                     % (field, enum_name, value, ", ".join(accepted)))


def quality_value(value, ruleset, field):
    """The Quality number of `value`: `ruleset`'s own name of a grade
    first (as the daemon reads a unit of that ruleset), else the
    protocol's names and aliases (enum_value)."""
    if isinstance(value, str):
        for core, own in RULESET_QUALITY_NAMES.get(ruleset, {}).items():
            if own == value.lower():
                return pb().Quality.Value("QUALITY_" + core.upper())
    return enum_value("Quality", "QUALITY_", value, field)


def formation_value(value, ruleset, arm, field):
    """The Formation number of `value`: `ruleset`'s own word for a
    formation of `arm` first ("limbered" guns), else the protocol's names
    and aliases (enum_value)."""
    if isinstance(value, str) and isinstance(arm, str):
        words = RULESET_FORMATION_WORDS.get(ruleset, {}).get(arm.lower(), {})
        for core, own in words.items():
            if own == value.lower():
                return pb().Formation.Value("FORMATION_" + core.upper())
    return enum_value("Formation", "FORMATION_", value, field)


def enum_name(enum_name_, number):
    """The short lower-case name of an enum number ("red" for SIDE_RED)."""
    enum = getattr(pb(), enum_name_)
    return enum.Name(number)[len(_PREFIX[enum_name_]):].lower()


def quality_name(number, ruleset=""):
    """The name of a quality as `ruleset` calls it ("elite" for
    QUALITY_HERO in empire_of_liberty), else the protocol's ("hero"); a
    ruleset without names of its own, or "", gives the protocol's."""
    name = enum_name("Quality", number)
    return RULESET_QUALITY_NAMES.get(ruleset, {}).get(name, name)


def point(x, y):
    return pb().Point(x=float(x), y=float(y))


def terrain(id, kind, polygon, cover="default"):
    """A terrain feature: polygon is a list of (x, y), 3 or more."""
    feature = pb().TerrainFeature(
        id=id,
        kind=enum_value("TerrainKind", "TERRAIN_", kind, "terrain %s: kind" % id),
        cover=enum_value("Cover", "COVER_", cover, "terrain %s: cover" % id))
    for x, y in polygon:
        feature.polygon.add(x=float(x), y=float(y))
    return feature


def rect(id, kind, x0, y0, x1, y1, cover="default"):
    """A rectangular terrain feature between two corners."""
    return terrain(id, kind, [(x0, y0), (x1, y0), (x1, y1), (x0, y1)], cover)


_STATUS_FLAGS = None


def status_flags():
    """The names of the status flags of a unit, from the protocol."""
    global _STATUS_FLAGS
    if _STATUS_FLAGS is None:
        _STATUS_FLAGS = [f.name for f in pb().UnitStatus.DESCRIPTOR.fields]
    return _STATUS_FLAGS


def unit(id, side, x, y, facing=0.0, width=10.0, depth=3.0,
         arm="infantry", quality="regular", weapon="musket",
         formation=None, figures=12, status=(), last_enemy_seen=None,
         troop_type="", stands=(), ruleset="", **fields):
    """A unit: its footprint (centre x, y, facing, width along its front,
    depth), what it is, and its state.

    quality: "regular" (also "veteran", "good"), "hero" ("elite"),
    "raw" ("poor"), "average" or "green"; with `ruleset`, also that
    ruleset's own names of them first (europe19's "elite" is regular,
    its "fanatic" hero).
    formation defaults to "mounted" for cavalry and "line" otherwise
    ("skirmish" is "loose", "circle" is "square").
    troop_type: a name from the ruleset's troop types ("heavy_armour",
    "civilians" in skirmish19); "" is the arm's usual troops.
    status: names of the flags that are set ("loaded", "shock", ...).
    last_enemy_seen: (x, y) for a unit falling back.
    stands: a unit made of stands (seed 003: one or two, each with its
    own resolve): each stand's start, or (start, strength now).
    fields: any other field of Unit by name (wounded, killed, officers,
    ncos, drummers, buglers, bayonet, platoon).
    """
    where = "unit %s" % id
    if formation is None:
        formation = "mounted" if arm == "cavalry" else "line"
    msg = pb().Unit(
        id=id,
        side=enum_value("Side", "SIDE_", side, where + ": side"),
        arm=enum_value("Arm", "ARM_", arm, where + ": arm"),
        quality=quality_value(quality, ruleset, where + ": quality"),
        formation=formation_value(formation, ruleset, arm,
                                  where + ": formation"),
        weapon=weapon, troop_type=troop_type, figures=figures,
        centre=point(x, y), facing=float(facing),
        width=float(width), depth=float(depth))
    for flag in status:
        if flag not in status_flags():
            raise ValueError("%s: unknown status flag %r (one of: %s)"
                             % (where, flag, ", ".join(status_flags())))
        setattr(msg.status, flag, True)
    if last_enemy_seen is not None:
        msg.last_enemy_seen.CopyFrom(point(*last_enemy_seen))
        msg.has_last_enemy_seen = True
    for st in stands:
        start, strength = (st, st) if isinstance(st, int) else st
        msg.stands.add(start=start, strength=strength)
    for name, value in fields.items():
        if name not in msg.DESCRIPTOR.fields_by_name:
            raise ValueError("%s: Unit has no field %r" % (where, name))
        setattr(msg, name, value)
    return msg


def situation(width, depth, units=(), terrain=(), ruleset=""):
    """The whole table: its size, terrain features and units."""
    msg = pb().Situation(ruleset=ruleset, table_width=float(width),
                         table_depth=float(depth))
    msg.terrain.extend(terrain)
    msg.units.extend(units)
    return msg


def table(sit):
    """A Situation (a GameState's `situation`) as plain data for drawing:
    {"ruleset", "width", "depth", "terrain": [{"id", "kind", "cover",
    "polygon": [(x, y), ...]}], "units": [{"id", "side", "arm",
    "troop_type", "quality", "formation", "x", "y", "facing", "width",
    "depth", "figures", "wounded", "killed", "stands": [(start,
    strength), ...]}]}, with the enums' short
    names ("town", "hard", "red") and the qualities as the situation's
    ruleset names them ("elite" in Empire of Liberty, "hero" in
    skirmish19); troop_type is "" for the arm's usual troops."""
    return {
        "ruleset": sit.ruleset,
        "width": sit.table_width,
        "depth": sit.table_depth,
        "terrain": [{"id": f.id, "kind": enum_name("TerrainKind", f.kind),
                     "cover": enum_name("Cover", f.cover),
                     "polygon": [(p.x, p.y) for p in f.polygon]}
                    for f in sit.terrain],
        "units": [{"id": u.id, "side": enum_name("Side", u.side),
                   "arm": enum_name("Arm", u.arm),
                   "troop_type": u.troop_type,
                   "quality": quality_name(u.quality, sit.ruleset),
                   "formation": enum_name("Formation", u.formation),
                   "x": u.centre.x,
                   "y": u.centre.y, "facing": u.facing, "width": u.width,
                   "depth": u.depth, "figures": u.figures,
                   "wounded": u.wounded, "killed": u.killed,
                   "stands": [(st.start, st.strength) for st in u.stands]}
                  for u in sit.units],
    }


def to_dict(message):
    """A message as plain Python data (the protocol's JSON mapping, with
    the .proto field names and every field present)."""
    try:
        return json_format.MessageToDict(
            message, preserving_proto_field_name=True,
            including_default_value_fields=True)
    except TypeError:   # protobuf 5.26 renamed the option
        return json_format.MessageToDict(
            message, preserving_proto_field_name=True,
            always_print_fields_with_no_presence=True)


def from_dict(message_type, data):
    """A message of `message_type` ("Situation", "Unit", ...) from plain
    data in the protocol's JSON mapping, as the web table saves it."""
    return json_format.ParseDict(data, getattr(pb(), message_type)())
