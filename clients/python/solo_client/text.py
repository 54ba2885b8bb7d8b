"""Answers in plain words, for examples and consoles."""

from __future__ import annotations

from typing import Iterable

from google.protobuf.message import Message


def describe(decision: Message) -> str:
    """A UnitDecision as a few lines of text: the factors, the roll, the
    action and its geometry, and what every face of the die gives."""
    d = decision
    g = d.geometry
    who = "the player's die" if d.roll_from_player else \
        "the daemon's die, seed %d" % d.seed
    lines = ["%s (%s): RF %d (%s), rolled %d (%s)"
             % (d.unit_id or "look-up", d.arm, d.rf, d.rf_band, d.roll, who)]
    for f in d.factors:
        lines.append("  %+d %-22s %s" % (f.value, f.name, f.reason))
    lines.append("Action: %s%s" % (d.action, ", charge!" if d.charge else ""))
    lines.append("Morale: %s - %s" % (d.morale, d.morale_text))
    if d.unit_id:       # a unit on a table, not a bare table look-up
        lines.extend(_geometry(g))
    lines.append("Every roll: " + " | ".join(
        "%d %s%s" % (o.roll, o.action, "*" if o.charge else "")
        for o in d.outcomes))
    lines.extend("Warning: " + w for w in d.warnings)
    lines.append("Decided by: %s (%s, tables %s)"
                 % (d.layer, d.ruleset, d.tables_hash[:12]))
    return "\n".join(lines)


def _geometry(g):
    lines = []
    if g.nearest_enemy_id:
        lines.append("Nearest enemy: %s at %.1f cm (in weapon range: %s)"
                     % (g.nearest_enemy_id, g.nearest_enemy_distance,
                        "yes, " + g.range_band if g.enemy_in_weapon_range
                        else "no"))
    if g.formation:
        # the formation it takes before it moves (a europe19 line: column)
        lines.append("Forms: %s, before it moves" % g.formation)
    if g.has_destination:
        lines.append("Move: to (%.1f, %.1f), %.1f cm%s%s, facing %.0f deg"
                     % (g.destination.x, g.destination.y, g.move_distance,
                        " at " + g.pace if g.pace else "",
                        " into " + g.cover_id if g.cover_id else "",
                        g.facing))
    else:
        lines.append("Stays where it is, facing %.0f deg" % g.facing)
    if g.charge_target_id:
        # not always the nearest enemy: one beyond reach is passed over
        lines.append("Charges: %s" % g.charge_target_id)
    if g.shoot_target_id:
        lines.append("Shoots at: %s" % g.shoot_target_id)
    elif g.no_shot:
        lines.append("Shoots at nothing: %s%s"
                     % (g.no_shot.replace("_", " "),
                        ", " + g.no_shot_unit_id if g.no_shot_unit_id
                        else ""))
    return lines


def describe_orders(orders: Message, units: Iterable[Message] = ()) -> str:
    """A SideOrders (Client.ask_side) as lines of text: the side, the
    command dice, then each unit's order with the layer that decided it,
    the formation it takes (when the order changes it) and why; last the
    search's figures and how many orders each layer gave.

    units: the Unit messages of the table (a GameState's units, or the
    Situation asked about), to show each unit's troop type and quality
    beside its order; none given, none shown.  A unit not among them is
    shown without."""
    from .situation import enum_name
    known = {u.id: u for u in units}
    head = "%s (%s), turn %d, %s" % (enum_name("Side", orders.side),
                                     orders.side_name, orders.turn,
                                     orders.phase)
    if orders.game_id:
        head += ", game %s" % orders.game_id
    lines = [head + " - seed %d" % orders.seed]
    lines.extend("Command: %s" % c for c in orders.command_roll)
    for o in orders.orders:
        text = o.text
        if o.has_formation:
            formation = enum_name("Formation", o.formation)
            # The daemon's words say it already ("..., forming square").
            if "forming " + formation not in text:
                text += ", forming %s" % formation
        lines.append("  %-14s [%s] %s%s" % (o.unit_id, o.layer, text,
                                            " - CHARGE" if o.charge else ""))
        u = known.get(o.unit_id)
        if u is not None:
            lines.append("  %-14s %s" % ("", _unit_kind(u, orders.ruleset)))
        if o.tabletop:
            lines.append("  %-14s on the table: %s" % ("", o.tabletop))
        if o.why:
            lines.append("  %-14s %s" % ("", o.why))
    f = orders.search
    if f.strategy and f.strategy != "table":
        lines.append("Search (%s): %d playouts in %.1f ms; value of the plan "
                     "%.2f%s" % (f.strategy, f.playouts, f.elapsed_ms,
                                 f.value, "; stopped early" if f.stopped
                                 else ""))
        if f.plans_alike and f.verdict:
            lines.append("  " + f.verdict)
    lines.extend("Warning: " + w for w in orders.warnings)
    lines.append("Decided by: %d commander, %d table (%s, tables %s)"
                 % (orders.commanded, len(orders.orders) - orders.commanded,
                    orders.ruleset, orders.tables_hash[:12]))
    return "\n".join(lines)


def describe_game(state: Message) -> str:
    """A GameState (Client.open_game, show_game) as lines of text: the
    game and its turn, then each unit: side, troop type, quality (as the
    game's ruleset names it), formation, strength and where it stands."""
    from .situation import enum_name
    removed = set(state.removed)
    lines = ["Game %s: %s - %s (%s, tables %s)"
             % (state.game_id, state.scenario, state.title, state.ruleset,
                state.tables_hash[:12]),
             "Turn %d of %d; %d updates accepted; blue: %s, red: %s"
             % (state.turn, state.turns, state.sequence, state.blue_name,
                state.red_name)]
    for u in state.units:
        where = "out of play" if u.id in removed else \
            "at (%.1f, %.1f) facing %.0f" % (u.centre.x, u.centre.y, u.facing)
        lines.append("  %-14s %-4s %s; %d figures, %d wounded, %d killed; %s"
                     % (u.id, enum_name("Side", u.side),
                        _unit_kind(u, state.ruleset), u.figures, u.wounded,
                        u.killed, where))
    lines.extend("Warning: " + w for w in state.warnings)
    return "\n".join(lines)


def _unit_kind(u, ruleset):
    """"regular_infantry, veteran, line": the unit's troop type (its arm
    when it has none), quality in the ruleset's words, formation."""
    from .situation import enum_name, quality_name
    return "%s, %s, %s" % (u.troop_type or enum_name("Arm", u.arm),
                           quality_name(u.quality, ruleset),
                           enum_name("Formation", u.formation))
