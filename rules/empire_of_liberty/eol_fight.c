/*  eol_fight.c - Empire of Liberty's melee and charges: contact, the
 *  rounds of melee, the charge and the fire that meets it.  */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "eol_fire.h"
#include "eol_melee.h"
#include "eol_morale.h"
#include "eol_play.h"

/*  ---- melee ---- */

/*  Which stretches of one edge of unit u touch an enemy unit: touched[i]
 *  for the point just ahead of the i-th of FRONT_SAMPLES even stretches
 *  (edge 0 its front, left to right; 1 its rear).  Returns how many. */
static int
edge_touched (const game_t *g, int u, int edge, bool touched[FRONT_SAMPLES])
{
    const eol_tables_t *t = tables (g);
    const unit_t *x = unit_c (g, u);
    vec2_t c[4];
    footprint_corners (&x->fp, c);     /* front-left, front-right, ... */
    vec2_t a = edge == 0 ? c[0] : c[2], b = edge == 0 ? c[1] : c[3];
    vec2_t out = geom_heading_vec (x->fp.facing + (edge == 0 ? 0 : 180));
    int n = 0;
    for (int i = 0; i < FRONT_SAMPLES; i++) {
        double s = (i + 0.5) / FRONT_SAMPLES;
        /* the point just ahead of this stretch of the edge */
        vec2_t p = { a.x + (b.x - a.x) * s + out.x * t->contact_cm,
                     a.y + (b.y - a.y) * s + out.y * t->contact_cm };
        touched[i] = false;
        for (int e = 0; e < game_unit_count (g) && !touched[i]; e++)
            touched[i] = is_enemy_unit (g, u, e)
                      && footprint_contains (&unit_c (g, e)->fp, p);
        n += touched[i];
    }
    return n;
}

double
eol_contact_fraction (const game_t *g, int u)
{
    bool touched[FRONT_SAMPLES];
    int edges = unit_c (g, u)->formation == FORMATION_LOOSE ? 2 : 1;
    int best = 0;
    for (int edge = 0; edge < edges; edge++) {
        int n = edge_touched (g, u, edge, touched);
        if (n > best)
            best = n;
    }
    return (double) best / FRONT_SAMPLES;
}

int
eol_front_bases_touched (const game_t *g, int u, int bases)
{
    if (bases < 1)
        return 0;
    if (bases > FRONT_SAMPLES)
        bases = FRONT_SAMPLES;
    bool touched[FRONT_SAMPLES];
    edge_touched (g, u, 0, touched);
    int n = 0;
    for (int b = 0; b < bases; b++) {
        bool hit = false;
        for (int i = b * FRONT_SAMPLES / bases;
             i < (b + 1) * FRONT_SAMPLES / bases && !hit; i++)
            hit = touched[i];
        n += hit;
    }
    return n;
}

int
eol_melee_dice (const game_t *g, int u)
{
    const eol_tables_t *t = tables (g);
    const unit_t *x = unit_c (g, u);
    if (!eol_in_play (g, u) || eol_is_leader (g, u))
        return 0;
    int standing = unit_figures_standing (x);
    if (x->formation == FORMATION_LOOSE) {
        /* a skirmish figure is a base of its own: those along the part
           of the front (or rear) in contact */
        int ranks = t->skirmish_ranks < standing ? t->skirmish_ranks : standing;
        double files = ranks > 0 ? ceil ((double) standing / ranks) : 0;
        return eol_dice_nearest (files * eol_contact_fraction (g, u));
    }
    /* formed: every figure on each front base in contact, the standing
       figures spread evenly over the bases; a column's front is its
       first base, a gun's its one base */
    double figures = standing;
    int front_bases = eol_bases (t, x);
    if (is_artillery (g, u))
        front_bases = 1;
    else if (x->formation == FORMATION_COLUMN) {
        figures = eol_fire_figures (FORMATION_COLUMN, standing,
                                    eol_type_info (t, x)->base_figures);
        front_bases = 1;
    }
    int touched = eol_front_bases_touched (g, u, front_bases);
    return eol_dice_nearest (figures * touched / front_bases);
}

/*  The enemy unit u fights: the one of the group in contact with it
 *  nearest its front's middle. */
static int
melee_opponent (const game_t *g, int u, const int *group, int k)
{
    const unit_t *x = unit_c (g, u);
    vec2_t fwd = geom_heading_vec (x->fp.facing);
    vec2_t front = { x->fp.centre.x + fwd.x * x->fp.depth / 2,
                     x->fp.centre.y + fwd.y * x->fp.depth / 2 };
    int best = -1;
    double bd = INFINITY;
    for (int i = 0; i < k; i++) {
        int e = group[i];
        if (!is_enemy_unit (g, u, e)
            || !units_within (g, u, e, tables (g)->contact_cm))
            continue;
        double d = footprint_point_distance (&unit_c (g, e)->fp, front);
        if (d < bd) {
            bd = d;
            best = e;
        }
    }
    return best;
}

/*  The units in contact with unit u, through contact, into group (its
 *  size at most max); returns the count. */
static int
melee_group (const game_t *g, int u, int *group, int max)
{
    double contact = tables (g)->contact_cm;
    int k = 0;
    group[k++] = u;
    for (int i = 0; i < k; i++)
        for (int e = 0; e < game_unit_count (g) && k < max; e++) {
            if (!is_enemy_unit (g, group[i], e)
                || !units_within (g, group[i], e, contact))
                continue;
            bool in = false;
            for (int j = 0; j < k && !in; j++)
                in = group[j] == e;
            if (!in)
                group[k++] = e;
        }
    return k;
}

/*  Standards of unit u after a melee round: its own (if it still has it)
 *  and those it holds may be lost to the enemy it fought. */
static void
standard_effects (game_t *g, int u, int opponent, int casualties,
                  bool fell_back, bool routed, dice_t *dice)
{
    const eol_tables_t *t = tables (g);
    const unit_t *x = unit_c (g, u);
    bool own = t->standard_carried[type_of (g, u)]
            && !(flags (g, u) & EOL_F_STANDARD_LOST);
    int held = eol_state_const (game_unit (g, u))->standards_held;
    if (!own && held <= 0)
        return;
    int chance = eol_leader_chance (t, eol_quarters (casualties, x->figures),
                                    fell_back, routed);
    int fate_mod = eol_leader_fate_modifier (t, fell_back, routed);
    if (chance <= 0)
        return;
    game_dice_key (g, dice, u, GAME_DICE_OTHER, opponent);
    int d1 = dice_roll (dice, 6);
    int d2 = d1 <= chance ? dice_roll (dice, 6) : 0;
    if (!eol_standard_lost (t, chance, d1, d2, fate_mod))
        return;
    int lost = (own ? 1 : 0) + (held > 0 ? held : 0);
    if (own)
        set_flag (g, u, EOL_F_STANDARD_LOST);
    eol_state (game_unit_mut (g, u))->standards_held = 0;
    if (opponent >= 0)
        eol_state (game_unit_mut (g, opponent))->standards_held =
            (int16_t) (eol_state_const (game_unit (g, opponent))->standards_held
                       + lost);
    if (game_events_on (g))
        game_event (g, GAME_EVENT_STATUS, u, "%s loses %s%s%s to %s (chance "
                    "%d, threw %d and %d%+d)", x->id,
                    own ? "its standard" : "",
                    own && held > 0 ? " and " : "",
                    held > 0 ? "the standards it held" : "",
                    opponent >= 0 ? unit_c (g, opponent)->id : "the enemy",
                    chance, d1, d2, fate_mod);
}

/*  One round of the melee that unit `u` is in.  Units roll when they have
 *  not rolled this turn, and the charger and the charged unit always
 *  (a charge's second round; with eol.melee.earlier_chargers_roll the
 *  units that charged earlier this turn too).  The dice are thrown, the
 *  casualties land together; then unit by unit (u's first, then the
 *  units in contact as they are found) its morale check and what it
 *  does, the throws for its leaders, the throws for its standards.
 *  Every unit of the melee has spent its action. */
static void
melee_round (game_t *g, int u, int charger, int charged, dice_t *dice)
{
    const eol_tables_t *t = tables (g);
    int group[MAX_GROUP];
    int k = melee_group (g, u, group, MAX_GROUP);
    if (k < 2)
        return;
    int dice_n[MAX_GROUP], kills[MAX_GROUP], opp[MAX_GROUP], lost[MAX_GROUP];
    for (int i = 0; i < k; i++) {
        kills[i] = lost[i] = 0;
        opp[i] = melee_opponent (g, group[i], group, k);
        int v = group[i];
        /* "If a charge produces a second round of melee in a turn, the
           charged unit may roll again, but other non-charging units will
           not": a unit that charged earlier this turn rolls again only
           with eol.melee.earlier_chargers_roll */
        bool rolls = !(flags (g, v) & EOL_F_MELEED) || v == charger
                  || v == charged
                  || (t->earlier_chargers_roll && charger >= 0
                      && (flags (g, v) & EOL_F_CHARGED));
        dice_n[i] = rolls && opp[i] >= 0 ? eol_melee_dice (g, v) : 0;
    }
    for (int i = 0; i < k; i++) {
        int v = group[i];
        if (dice_n[i] <= 0)
            continue;
        const unit_t *x = unit_c (g, v);
        eol_fighter_t fighter = eol_fighter (type_of (g, v), x->arm,
                                             x->formation);
        bool rough = eol_in_rough (t, game_situation (g), x->fp.centre);
        /* "Mounted get -2 to dice in rough ... Skirmishers get a +1 to
           dice in rough": mounted skirmishers are both */
        int mod = eol_melee_modifier (t, eol_grade (t, x), is_mounted (g, v),
                                      x->formation == FORMATION_LOOSE, rough,
                                      eol_disordered (g, v));
        int rolls[48];
        game_dice_key (g, dice, v, GAME_DICE_MELEE, opp[i]);
        kills[i] = eol_melee_kills (t, dice_n[i], mod, t->kill_on[fighter],
                                    dice, rolls, 48);
        if (game_events_on (g)) {
            char r[160] = "";
            size_t used = 0;
            for (int j = 0; j < dice_n[i] && j < 48 && used < sizeof r - 4; j++)
                used += (size_t) snprintf (r + used, sizeof r - used, "%s%d",
                                           j ? " " : "", rolls[j]);
            game_event (g, GAME_EVENT_MELEE, v, "%s (%s) rolls %d dice at %s, "
                        "killing on %d+ (%d, modifier %+d): [%s]: %d killed",
                        x->id, eol_fighter_name (fighter), dice_n[i],
                        unit_c (g, opp[i])->id, t->kill_on[fighter] - mod,
                        t->kill_on[fighter], mod, r, kills[i]);
        }
    }
    /* casualties land together */
    for (int i = 0; i < k; i++)
        for (int j = 0; j < k; j++)
            if (opp[i] == group[j])
                lost[j] += kills[i];
    for (int i = 0; i < k; i++) {
        set_flag (g, group[i], EOL_F_MELEED | EOL_F_ACTED);
        lost[i] = eol_kill_figures (g, group[i], lost[i]);
    }
    /* morale, leaders, standards */
    for (int i = 0; i < k; i++) {
        int v = group[i];
        /* "If unit has fallen back: +1; if unit has routed: +2": a unit
           destroyed outright has done neither, in melee as under fire */
        bool fell_back = false, routed = false;
        if (lost[i] > 0 && eol_in_play (g, v)) {
            vec2_t from = { 0, 0 };
            int m = 0;
            for (int j = 0; j < k; j++)
                if (unit_c (g, group[j])->side != unit_c (g, v)->side) {
                    from.x += unit_c (g, group[j])->fp.centre.x;
                    from.y += unit_c (g, group[j])->fp.centre.y;
                    m++;
                }
            from.x /= m > 0 ? m : 1;
            from.y /= m > 0 ? m : 1;
            eol_morale_t mr;
            eol_check_morale (g, v, EOL_CHECK_CASUALTIES, lost[i], dice, &mr);
            eol_apply_morale (g, v, &mr, from, &fell_back, &routed);
        }
        eol_leader_effects (g, v, true, lost[i], fell_back, routed, dice);
        standard_effects (g, v, opp[i], lost[i], fell_back, routed, dice);
    }
    eol_update_contacts (g);
}

/*  Melees that go on from the last turn: every unit in contact rolls. */
void
eol_fight_melees (game_t *g, dice_t *dice)
{
    for (int u = 0; u < game_unit_count (g); u++)
        if (eol_in_play (g, u) && game_unit (g, u)->in_melee
            && !(flags (g, u) & EOL_F_MELEED)) {
            if (game_events_on (g))
                game_event (g, GAME_EVENT_MELEE, u, "the melee of %s goes on",
                            unit_c (g, u)->id);
            melee_round (g, u, -1, -1, dice);
        }
}

/*  ---- charges ---- */

/*  The face of a target that a charger lines up on: its middle, the
 *  axis along it, the bearing out of it, half its length, and how far
 *  along the axis from the middle the charger's centre stands. */
typedef struct {
    vec2_t mid, axis;
    double normal, half, along;
} face_t;

/*  How near (cm) a point of a target's edge must lie to a face's line to
 *  be on that face: far finer than any table measure, coarser than the
 *  arithmetic's rounding (a corner is on two faces). */
#define FACE_EDGE_CM 1e-6

/*  The face of target footprint `tf` that charger footprint `f`,
 *  touching it, struck: the front or rear (`front_rear`) on the side
 *  `sign` (+1 front or right flank, -1 rear or left flank) of tf's
 *  centre, with f's centre `lx` across the target and `ly` along its
 *  facing. */
static face_t
face_of (const footprint_t *tf, bool front_rear, double sign, double lx,
         double ly)
{
    vec2_t fwd = geom_heading_vec (tf->facing);
    vec2_t right = geom_heading_vec (tf->facing + 90);
    face_t face;
    if (front_rear) {
        face.normal = tf->facing + (sign > 0 ? 0 : 180);
        face.mid.x = tf->centre.x + fwd.x * sign * tf->depth / 2;
        face.mid.y = tf->centre.y + fwd.y * sign * tf->depth / 2;
        face.axis = right;
        face.half = tf->width / 2;
        face.along = lx;
    }
    else {
        face.normal = tf->facing + (sign > 0 ? 90 : 270);
        face.mid.x = tf->centre.x + right.x * sign * tf->width / 2;
        face.mid.y = tf->centre.y + right.y * sign * tf->width / 2;
        face.axis = fwd;
        face.half = tf->depth / 2;
        face.along = ly;
    }
    return face;
}

/*  The face of target footprint `tf` that charger footprint `f`,
 *  touching it, struck.  The text says only "Charges are moves made
 *  straight forward which result in a combat contact"; which face is
 *  eol.melee.charge_face.  "contact" (a player's reading): the face the
 *  charger touches, the one tf's point nearest f lies on; at a corner
 *  (on two faces), the one f's front meets more squarely (its facing
 *  most nearly against the face's outward bearing).  "centre": the face
 *  f's centre lies off, as a share of the target's width and depth.
 *  The centre decides too when the contact says nothing (f overlapping
 *  tf, or meeting a corner square to neither face). */
static face_t
struck_face (const eol_tables_t *t, const footprint_t *f,
             const footprint_t *tf)
{
    vec2_t fwd = geom_heading_vec (tf->facing);
    vec2_t right = geom_heading_vec (tf->facing + 90);
    double dx = f->centre.x - tf->centre.x, dy = f->centre.y - tf->centre.y;
    double lx = dx * right.x + dy * right.y;      /* across the target */
    double ly = dx * fwd.x + dy * fwd.y;          /* along its facing */
    if (t->charge_face == EOL_CHARGE_FACE_CONTACT) {
        vec2_t p = footprint_nearest_point (f, tf);     /* of the target */
        double px = (p.x - tf->centre.x) * right.x
                  + (p.y - tf->centre.y) * right.y;
        double py = (p.x - tf->centre.x) * fwd.x + (p.y - tf->centre.y) * fwd.y;
        bool on_fr = fabs (fabs (py) - tf->depth / 2) <= FACE_EDGE_CM;
        bool on_flank = fabs (fabs (px) - tf->width / 2) <= FACE_EDGE_CM;
        double sfr = py >= 0 ? 1 : -1, sfl = px >= 0 ? 1 : -1;
        if (on_fr && on_flank) {
            /* a corner: how squarely f faces into each face */
            vec2_t cf = geom_heading_vec (f->facing);
            double into_fr = -sfr * (cf.x * fwd.x + cf.y * fwd.y);
            double into_fl = -sfl * (cf.x * right.x + cf.y * right.y);
            if (fabs (into_fr - into_fl) > 1e-9) {
                on_fr = into_fr > into_fl;
                on_flank = !on_fr;
            }
        }
        if (on_fr != on_flank)
            return on_fr ? face_of (tf, true, sfr, lx, ly)
                         : face_of (tf, false, sfl, lx, ly);
    }
    double u = lx / (tf->width / 2), v = ly / (tf->depth / 2);
    if (fabs (v) >= fabs (u))
        return face_of (tf, true, v >= 0 ? 1 : -1, lx, ly);
    return face_of (tf, false, u >= 0 ? 1 : -1, lx, ly);
}

/*  Charger footprint `f` with its front against `face` (0.01 cm off it,
 *  facing into it), its centre `along` from the face's middle. */
static footprint_t
on_face (const footprint_t *f, const face_t *face, double along)
{
    vec2_t n = geom_heading_vec (face->normal);
    footprint_t out = *f;
    out.facing = geom_norm_deg (face->normal + 180);
    out.centre.x = face->mid.x + face->axis.x * along
                 + n.x * (f->depth / 2 + 0.01);
    out.centre.y = face->mid.y + face->axis.y * along
                 + n.y * (f->depth / 2 + 0.01);
    return out;
}

/*  Is unit e one a charger may not stand on: in play, not the charger
 *  u nor its target, not a leader (a leader steps aside). */
static bool
solid (const game_t *g, int u, int target, int e)
{
    return e != u && e != target && eol_in_play (g, e)
        && !eol_is_leader (g, e);
}

/*  The step (cm) at which a charge's path is swept for units in its way:
 *  finer than the thinnest footprint (a skirmish line, 3/4" deep) less
 *  the overlap that is only contact. */
#define CHARGE_SWEEP_CM 0.25

/*  The step (cm) by which a charger lining up slides along the face it
 *  struck to find room. */
#define LINE_UP_STEP_CM 0.25

/*  Charger u, having struck `target` at footprint `struck` (moved
 *  straight, its path clear: charge_blocker), lined up on the face it
 *  struck: its front against that face, as much of the two in contact as
 *  their widths allow, nearest where it struck.  Players line up base to
 *  base; the text leaves it to them.  That place may be taken by a unit
 *  standing beside the target, or by one already in contact with it
 *  (stands_on): the charger then slides along the face, away from every
 *  unit it would stand on there and onto no other, to the nearest place
 *  free, its front still meeting the face; with none, it stays where it
 *  struck, not lined up. */
static footprint_t
lined_up (const game_t *g, int u, int target, const footprint_t *struck)
{
    const footprint_t *from = &unit_c (g, u)->fp;
    face_t face = struck_face (tables (g), struck, &unit_c (g, target)->fp);
    double limit = fabs (face.half - struck->width / 2);
    double at = fmax (-limit, fmin (limit, face.along));
    footprint_t best = on_face (struck, &face, at);
    /* how far a slide may go: the front meeting the face by a step */
    double reach = face.half + struck->width / 2 - LINE_UP_STEP_CM;
    int near_buf[SITUATION_NEAR_WAY_MAX];
    int n_near = situation_units_near_way (game_situation (g), &best,
                                           reach + fabs (at), 0, near_buf,
                                           SITUATION_NEAR_WAY_MAX);
    const int *near = n_near >= 0 ? near_buf : NULL;
    int n = near ? n_near : game_unit_count (g);
    /* the units it would stand on there, and the ways away from them */
    int on[SITUATION_NEAR_WAY_MAX], k_on = 0;
    bool way_ok[2] = { true, true };             /* +axis, -axis */
    for (int i = 0; i < n; i++) {
        int e = near ? near[i] : i;
        if (!solid (g, u, target, e)
            || !stands_on (from, &best, &unit_c (g, e)->fp))
            continue;
        if (k_on == SITUATION_NEAR_WAY_MAX)
            return *struck;
        on[k_on++] = e;
        vec2_t ec = unit_c (g, e)->fp.centre;
        double off = (best.centre.x - ec.x) * face.axis.x
                   + (best.centre.y - ec.y) * face.axis.y;
        if (off < 0)
            way_ok[0] = false;                   /* +axis goes into it */
        if (off > 0)
            way_ok[1] = false;
    }
    if (k_on == 0)
        return best;
    /* the nearest free place, the way towards where it struck first */
    double first = face.along < at ? -1 : 1;
    int steps = (int) ceil (2 * reach / LINE_UP_STEP_CM);
    for (int k = 1; k <= steps && (way_ok[0] || way_ok[1]); k++)
        for (int w = 0; w < 2; w++) {
            double sign = w == 0 ? first : -first;
            int way = sign > 0 ? 0 : 1;
            double a = at + sign * k * LINE_UP_STEP_CM;
            if (!way_ok[way])
                continue;
            if (fabs (a) > reach) {
                way_ok[way] = false;
                continue;
            }
            footprint_t f = on_face (struck, &face, a);
            bool free = true;
            for (int i = 0; i < n && way_ok[way]; i++) {
                int e = near ? near[i] : i;
                if (!solid (g, u, target, e)
                    || !stands_on (from, &f, &unit_c (g, e)->fp))
                    continue;
                free = false;
                bool before = false;
                for (int j = 0; j < k_on && !before; j++)
                    before = on[j] == e;
                if (!before)
                    way_ok[way] = false;         /* a unit further on */
            }
            if (free)
                return f;
        }
    return *struck;
}

/*  Where charger u would stand touching `target` moved straight (within
 *  echelon_max_deg of its facing), before it lines up on the face it
 *  struck, into *out; returns the cost in cm of movement less the
 *  contact distance, INFINITY when the target is not ahead or the path
 *  is impassable. */
static double
charge_straight (const game_t *g, int u, int target, footprint_t *out)
{
    const eol_tables_t *t = tables (g);
    const unit_t *x = unit_c (g, u);
    const unit_t *y = unit_c (g, target);
    footprint_t fp = x->fp;
    vec2_t pa = footprint_nearest_point (&y->fp, &fp);   /* of the charger */
    vec2_t pb = footprint_nearest_point (&fp, &y->fp);   /* of the target */
    double len = geom_dist (pa, pb);
    *out = fp;
    if (len > 1e-9) {
        double bearing = geom_bearing (pa, pb);
        if (fabs (eol_turn (x->fp.facing, bearing)) > t->echelon_max_deg + 1e-6)
            return INFINITY;
        fp.centre.x += pb.x - pa.x;
        fp.centre.y += pb.y - pa.y;
    }
    *out = fp;
    if (!ahead_of_front (&fp, footprint_nearest_point (&fp, &y->fp))
        && len > 1e-9)
        return INFINITY;
    double cost = eol_path_cost (t, game_situation (g), eol_mover (x),
                                 x->fp.centre, fp.centre);
    if (!isfinite (cost))
        return INFINITY;
    /* touching within contact distance is contact */
    return cost > t->contact_cm ? cost - t->contact_cm : 0;
}

double
eol_charge_footprint (const game_t *g, int u, int target, footprint_t *out)
{
    footprint_t fp;
    double cost = charge_straight (g, u, target, &fp);
    if (out)
        *out = lined_up (g, u, target, &fp);
    return cost;
}

/*  The unit that stands in the way of charger u going straight from its
 *  place to footprint `to` (touching its target): the first unit in play,
 *  friend or enemy, other than u and the target, that the charger's
 *  footprint overlaps on the way by more than SITUATION_OVERLAP_CM (base
 *  contact) and more than it does where it starts; -1 when the way is
 *  clear.  "Charges are the only way in which a unit may come into
 *  contact with an enemy unit": a charge meets its target first, or it
 *  is not this charge.  Leaders are no units here: a leader steps
 *  aside.  With eol.movement.pass_through_friends friendly units are not
 *  in the way either (the charger may not end on one: lined_up).  Only
 *  the units near the path (situation_units_near_way) are
 *  looked at, in the order of their indices, as a look at every unit
 *  would find them. */
static int
charge_blocker (const game_t *g, int u, int target, const footprint_t *to)
{
    const footprint_t *from = &unit_c (g, u)->fp;
    bool through = tables (g)->pass_through_friends;
    double len = geom_dist (from->centre, to->centre);
    int steps = (int) ceil (len / CHARGE_SWEEP_CM);
    int near_buf[SITUATION_NEAR_WAY_MAX];
    int n_near = situation_units_near_way (game_situation (g), from, len, 0,
                                           near_buf, SITUATION_NEAR_WAY_MAX);
    const int *near = n_near >= 0 ? near_buf : NULL;
    int n = near ? n_near : game_unit_count (g);
    for (int s = 1; s <= steps; s++) {
        footprint_t f = *from;
        double a = (double) s / steps;
        f.centre.x += (to->centre.x - from->centre.x) * a;
        f.centre.y += (to->centre.y - from->centre.y) * a;
        for (int i = 0; i < n; i++) {
            int e = near ? near[i] : i;
            if (solid (g, u, target, e)
                && !(through && unit_c (g, e)->side == unit_c (g, u)->side)
                && stands_on (from, &f, &unit_c (g, e)->fp))
                return e;
        }
    }
    return -1;
}

/*  Did the charged `target`, having failed its check (fallen back,
 *  retired, or routed off the table), stay where charger footprint
 *  `contact` (the place the charge strikes) still touches it: in play
 *  and within contact of it, as a move's step judges a touch (a friend
 *  right behind it, the table's edge, left it no ground to give up). */
static bool
caught (const game_t *g, int target, const footprint_t *contact)
{
    const footprint_t *tf = &unit_c (g, target)->fp;
    double limit = tables (g)->contact_cm + 0.01;
    return eol_in_play (g, target) && maybe_within (contact, tf, limit)
        && footprint_distance (contact, tf) <= limit;
}

int
eol_charge_check (const game_t *g, int u, int target, char *err, int errlen)
{
    const unit_t *x = unit_c (g, u);
    if (eol_is_leader (g, u) || is_artillery (g, u)) {
        snprintf (err, errlen, "%s: %s do not charge", x->id,
                  eol_is_leader (g, u) ? "leaders" : "guns");
        return -1;
    }
    if (x->formation == FORMATION_COLUMN) {
        snprintf (err, errlen, "%s: units in column may not charge", x->id);
        return -1;
    }
    if (game_unit (g, u)->in_melee) {
        snprintf (err, errlen, "%s: already in melee", x->id);
        return -1;
    }
    if (!is_enemy_unit (g, u, target)) {
        snprintf (err, errlen, "%s: charge unit %d, which is no enemy unit in "
                  "play", x->id, target);
        return -1;
    }
    double reach = move_cm (g, u);
    double cost = eol_charge_footprint (g, u, target, NULL);
    if (!isfinite (cost)) {
        snprintf (err, errlen, "%s: %s is not straight ahead (a charge is a "
                  "move straight forward, echelon within %.0f degrees)",
                  x->id, unit_c (g, target)->id, tables (g)->echelon_max_deg);
        return -1;
    }
    if (cost > reach + 1e-6) {
        snprintf (err, errlen, "%s: %s is %.1f\" of movement away, beyond its "
                  "%.1f\" move", x->id, unit_c (g, target)->id,
                  in_inches (cost), in_inches (reach));
        return -1;
    }
    footprint_t to;
    charge_straight (g, u, target, &to);
    int in_way = charge_blocker (g, u, target, &to);
    if (in_way >= 0) {
        bool enemy = unit_c (g, in_way)->side != x->side;
        snprintf (err, errlen, "%s: %s%s stands in the way of its charge on "
                  "%s (a charge is a move straight forward to contact, and "
                  "the only way to contact an enemy%s)", x->id,
                  enemy ? "" : "friendly ", unit_c (g, in_way)->id,
                  unit_c (g, target)->id,
                  enemy ? ": charge it instead" : "");
        return -1;
    }
    return 0;
}

/*  Unit u charges `target` (eol_play.h).  A target that fails its check
 *  and stays touching the place the charge strikes (caught) is charged
 *  home where it now stands, as a target that stands is but without its
 *  fire: "Charges are moves made straight forward which result in a
 *  combat contact", "Once in combat contact ... will roll melee dice";
 *  eol.melee.charge_catches_failed_target false halts the charge short
 *  of it instead. */
void
eol_do_charge (game_t *g, int u, int target, dice_t *dice)
{
    unit_t *x = unit_m (g, u);
    char err[SOLO_ERR_MAX];
    set_flag (g, u, EOL_F_ACTED);
    if (eol_charge_check (g, u, target, err, sizeof err) < 0) {
        if (game_events_on (g))
            game_event (g, GAME_EVENT_MOVE, u, "no charge: %s", err);
        return;
    }
    footprint_t contact;
    eol_charge_footprint (g, u, target, &contact);
    if (game_events_on (g))
        game_event (g, GAME_EVENT_MOVE, u, "%s is ordered to charge %s",
                    x->id, unit_c (g, target)->id);
    eol_morale_t m;
    bool fb, rt;
    eol_morale_result_t r = eol_check_morale (g, u, EOL_CHECK_TO_CHARGE, 0, dice, &m);
    if (r == EOL_MORALE_STAND_AND_FIRE) {
        eol_fire (g, u, target, false, dice);
        return;
    }
    if (r == EOL_MORALE_STAND_DISORDERED) {
        eol_apply_morale (g, u, &m, x->fp.centre, &fb, &rt);
        return;
    }
    set_flag (g, u, EOL_F_CHARGED);
    /* the charging unit goes in: the target checks */
    r = eol_check_morale (g, target, EOL_CHECK_CHARGED, 0, dice, &m);
    if (r != EOL_MORALE_PASS) {
        eol_apply_morale (g, target, &m, x->fp.centre, &fb, &rt);
        if (!caught (g, target, &contact)) {
            footprint_t stood = x->fp;
            x->fp = contact;            /* into the ground it gave up */
            eol_carry_leaders (g, u, &stood);
            if (game_events_on (g))
                game_event (g, GAME_EVENT_MOVE, u, "%s charges into the "
                            "ground %s gave up, to (%.1f, %.1f) cm", x->id,
                            unit_c (g, target)->id, x->fp.centre.x,
                            x->fp.centre.y);
            eol_update_contacts (g);
            return;
        }
        if (!tables (g)->charge_catches_failed_target) {
            /* the other reading: the charge stops short of it */
            footprint_t straight, stood = x->fp;
            charge_straight (g, u, target, &straight);
            int stop = eol_advance_short (g, u, straight.centre, target);
            eol_carry_leaders (g, u, &stood);
            if (game_events_on (g) && stop == target)
                game_event (g, GAME_EVENT_MOVE, u, "%s halts short of %s, "
                            "which could not get clear, at (%.1f, %.1f) cm "
                            "(a charge ends at a unit that fails its check)",
                            x->id, unit_c (g, target)->id, x->fp.centre.x,
                            x->fp.centre.y);
            eol_update_contacts (g);
            return;
        }
        /* it could not get away: the charge goes home on it where it
           stands now (it did not stand, so it does not fire) */
        footprint_t again;
        if (isfinite (eol_charge_footprint (g, u, target, &again)))
            contact = again;
        if (game_events_on (g))
            game_event (g, GAME_EVENT_MOVE, u, "%s could not get clear of "
                        "%s's charge", unit_c (g, target)->id, x->id);
    }
    /* it stands: and fires, if it has not fired */
    else if (!game_unit (g, target)->fired && eol_can_fire (g, target)
             && eol_fire_dice_at (g, target, u, true, NULL, 0) > 0) {
        int kills = eol_fire (g, target, u, true, dice);
        set_flag (g, target, EOL_F_ACTED);
        if (!eol_in_play (g, u))
            return;
        if (kills > 0) {
            r = eol_check_morale (g, u, EOL_CHECK_FIRED_ON_CHARGING, kills, dice,
                              &m);
            if (r == EOL_MORALE_STAND_AND_FIRE) {
                eol_fire (g, u, target, false, dice);
                return;
            }
            if (r == EOL_MORALE_STAND_DISORDERED) {
                eol_apply_morale (g, u, &m, x->fp.centre, &fb, &rt);
                return;
            }
        }
    }
    if (!eol_in_play (g, target))
        return;
    /* its leaders in contact charge with it ("Leader in contact with
       unit: +1"; "Leaders in contact with a unit involved in a melee may
       be killed or captured") */
    footprint_t stood = x->fp;
    x->fp = contact;
    eol_carry_leaders (g, u, &stood);
    if (game_events_on (g))
        game_event (g, GAME_EVENT_MOVE, u, "%s charges home on %s at (%.1f, "
                    "%.1f)", x->id, unit_c (g, target)->id, x->fp.centre.x,
                    x->fp.centre.y);
    eol_update_contacts (g);
    set_flag (g, target, EOL_F_ACTED);
    melee_round (g, u, u, target, dice);
}
