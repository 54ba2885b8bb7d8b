"""Answers in plain words, for examples and consoles."""


def describe(decision):
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
    if g.has_destination:
        lines.append("Move: to (%.1f, %.1f), %.1f cm%s%s, facing %.0f deg"
                     % (g.destination.x, g.destination.y, g.move_distance,
                        " at " + g.pace if g.pace else "",
                        " into " + g.cover_id if g.cover_id else "",
                        g.facing))
    else:
        lines.append("Stays where it is, facing %.0f deg" % g.facing)
    if g.shoot_target_id:
        lines.append("Shoots at: %s" % g.shoot_target_id)
    return lines
