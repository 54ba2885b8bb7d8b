/*  eol_outcome.c - what a failed morale check does (fall back, rout)
 *  and what befalls leaders and standards with the unit.  */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "eol_fire.h"
#include "eol_melee.h"
#include "eol_morale.h"
#include "eol_play.h"

/*  ---- morale outcomes ---- */

/*  Unit u falls back (or retires) `distance` straight away from point
 *  `from`, in formation, ending facing away if there is room
 *  (eol_fall_back_move: it stops short of enemies, friends and the
 *  table's edge).  Returns whether it faces away. */
static bool
fall_back (game_t *g, int u, vec2_t from, double distance)
{
    const eol_tables_t *t = tables (g);
    const situation_t *sit = game_situation (g);
    unit_t *x = unit_m (g, u);
    double away = geom_dist (from, x->fp.centre) > 1e-9
                ? geom_bearing (from, x->fp.centre)
                : geom_norm_deg (x->fp.facing + 180);
    vec2_t to = situation_move_towards (sit, x->fp.centre, away, distance);
    vec2_t end = eol_path_reach (t, sit, eol_mover (x), x->fp.centre, to,
                                 distance, NULL);
    return eol_fall_back_move (g, u, end, away);
}

/*  Leaders of unit u's side that were in contact with u where it stood
 *  (`before`) go with it to where it stands now, as a player moves them
 *  with their unit: each keeps his place about the unit (beside, behind),
 *  turned as the unit turned, and so stays in contact.  A leader whose
 *  place would stand him in an enemy unit stands behind the middle of
 *  the unit's rear instead.  Returns how many went. */
int
eol_carry_leaders (game_t *g, int u, const footprint_t *before)
{
    const eol_tables_t *t = tables (g);
    const unit_t *x = unit_c (g, u);
    vec2_t f0 = geom_heading_vec (before->facing);
    vec2_t r0 = geom_heading_vec (before->facing + 90);
    vec2_t f1 = geom_heading_vec (x->fp.facing);
    vec2_t r1 = geom_heading_vec (x->fp.facing + 90);
    double turned = x->fp.facing - before->facing;
    int went = 0;
    for (int l = 0; l < game_unit_count (g); l++) {
        if (l == u || !eol_is_leader (g, l) || !eol_in_play (g, l)
            || unit_c (g, l)->side != x->side)
            continue;
        unit_t *ld = unit_m (g, l);
        if (!maybe_within (&ld->fp, before, t->contact_cm)
            || footprint_distance (&ld->fp, before) > t->contact_cm)
            continue;
        double dx = ld->fp.centre.x - before->centre.x;
        double dy = ld->fp.centre.y - before->centre.y;
        double across = dx * r0.x + dy * r0.y, along = dx * f0.x + dy * f0.y;
        footprint_t to = ld->fp;
        to.centre.x = x->fp.centre.x + r1.x * across + f1.x * along;
        to.centre.y = x->fp.centre.y + r1.y * across + f1.y * along;
        to.facing = geom_norm_deg (ld->fp.facing + turned);
        bool in_enemy = false;
        for (int e = 0; e < game_unit_count (g) && !in_enemy; e++)
            in_enemy = is_enemy_unit (g, u, e)
                    && maybe_within (&to, &unit_c (g, e)->fp, 0)
                    && footprint_overlap (&to, &unit_c (g, e)->fp)
                       > SITUATION_OVERLAP_CM;
        if (in_enemy) {
            double back = x->fp.depth / 2 + to.depth / 2;
            to.centre.x = x->fp.centre.x - f1.x * back;
            to.centre.y = x->fp.centre.y - f1.y * back;
            to.facing = x->fp.facing;
        }
        ld->fp = to;
        went++;
        if (game_events_on (g))
            game_event (g, GAME_EVENT_MOVE, l, "%s goes with %s", ld->id,
                        x->id);
    }
    return went;
}

/*  Carry out a morale result on unit u (the attacker at `from`). */
void
eol_apply_morale (game_t *g, int u, const eol_morale_t *m, vec2_t from,
                  bool *fell_back, bool *routed)
{
    unit_t *x = unit_m (g, u);
    *fell_back = *routed = false;
    switch (m->result) {
    case EOL_MORALE_FALL_BACK:
    case EOL_MORALE_RETIRE: {
        bool retire = m->result == EOL_MORALE_RETIRE;
        double d = retire ? move_cm (g, u)
                          : move_in (g, u, FORMATION_COLUMN, x->arm);
        vec2_t before = x->fp.centre;
        footprint_t stood = x->fp;
        bool faced = fall_back (g, u, from, d);
        /* its leaders in contact go with it */
        eol_carry_leaders (g, u, &stood);
        if (!retire && x->formation != FORMATION_LOOSE)
            set_flag (g, u, EOL_F_DISORDERED);
        x->status |= STATUS_RAN_LAST_TURN | STATUS_FALLING_BACK;
        set_flag (g, u, EOL_F_FRESH);
        /* "If unit has fallen back: +1": a skirmish unit that retired
           has, unless eol.leaders.retire_is_fall_back says not */
        *fell_back = !retire || tables (g)->retire_is_fall_back;
        if (game_events_on (g))
            game_event (g, GAME_EVENT_MOVE, u, "%s %s %.1f\" (%.1f cm) to "
                        "(%.1f, %.1f) cm%s%s", x->id,
                        retire ? "retires" : "falls back",
                        in_inches (geom_dist (before, x->fp.centre)),
                        geom_dist (before, x->fp.centre),
                        x->fp.centre.x, x->fp.centre.y,
                        retire ? "" : ", disordered",
                        faced ? ", facing away" : "");
        break;
    }
    case EOL_MORALE_ROUT:
        *routed = true;
        eol_take_out (g, u, true, "routs off the table");
        break;
    case EOL_MORALE_STAND_DISORDERED:
        if (x->formation != FORMATION_LOOSE)
            set_flag (g, u, EOL_F_DISORDERED);
        break;
    default:
        break;
    }
}

/*  Leaders of u's side in contact with unit u after it lost `casualties`
 *  in a melee or fire: one die each, an effect on at most the chance;
 *  in melee a second die, 1-4 captured, 5-6 wounded or killed; under fire
 *  killed.  Either removes him.  Dice are thrown only when there is a
 *  chance. */
void
eol_leader_effects (game_t *g, int u, bool melee, int casualties,
                    bool fell_back, bool routed, dice_t *dice)
{
    const eol_tables_t *t = tables (g);
    const unit_t *x = unit_c (g, u);
    int q = eol_quarters (casualties, x->figures);
    int chance = eol_leader_chance (t, q, fell_back, routed);
    int fate_mod = eol_leader_fate_modifier (t, fell_back, routed);
    if (chance <= 0)
        return;
    for (int l = 0; l < game_unit_count (g); l++) {
        if (!eol_is_leader (g, l) || !eol_in_play (g, l)
            || unit_c (g, l)->side != x->side
            || !units_within (g, l, u, t->contact_cm))
            continue;
        game_dice_key (g, dice, l, GAME_DICE_OTHER, u);
        int d1 = dice_roll (dice, 6);
        int d2 = d1 <= chance && melee ? dice_roll (dice, 6) : 0;
        eol_leader_fate_t fate = eol_leader_fate (t, melee, chance, d1, d2,
                                                  fate_mod);
        if (fate == EOL_LEADER_UNHURT)
            continue;
        char why[96];
        if (melee)
            snprintf (why, sizeof why, "is %s (chance %d, threw %d, then %d"
                      "%+d)", fate == EOL_LEADER_CAPTURED ? "captured"
                      : "wounded or killed", chance, d1, d2, fate_mod);
        else
            snprintf (why, sizeof why, "is wounded or killed (chance %d, "
                      "threw %d)", chance, d1);
        eol_take_out (g, l, fate == EOL_LEADER_CAPTURED, why);
    }
}
