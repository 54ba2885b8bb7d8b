/*  eol_morale.c - Empire of Liberty's 2D6 morale checks, leaders and
 *  standards.  */
#include <assert.h>
#include <stddef.h>
#include "eol_morale.h"

int
eol_quarters (int lost, int figures)
{
    if (figures <= 0 || lost <= 0)
        return 0;
    return 4 * lost / figures;
}

int
eol_morale_needed (const eol_tables_t *t, const eol_morale_in_t *in,
                   int *quarters)
{
    assert (t && in);
    int q = eol_quarters (in->lost, in->figures);
    int needed = t->morale_needed[in->grade]
               + q * t->morale_per_quarter_lost;
    if (in->why == EOL_CHECK_CASUALTIES
        || in->why == EOL_CHECK_FIRED_ON_CHARGING)
        needed += in->casualties_now * t->morale_per_casualty;
    if (in->skirmish)
        needed += t->morale_skirmish;
    if (in->leader_in_contact)
        needed += t->morale_leader;
    if (in->standard_captured)
        needed += t->morale_standard_captured;
    if (in->why == EOL_CHECK_CHARGED && in->fired_this_turn)
        needed += t->morale_charged_after_firing;
    if (quarters)
        *quarters = q;
    return needed;
}

eol_morale_result_t
eol_morale_result (const eol_tables_t *t, const eol_morale_in_t *in, int roll)
{
    int needed = eol_morale_needed (t, in, NULL);
    if (roll <= needed)
        return EOL_MORALE_PASS;
    bool small = roll - needed <= t->fall_back_margin;
    bool charging = in->why == EOL_CHECK_TO_CHARGE
                 || in->why == EOL_CHECK_FIRED_ON_CHARGING;
    if (charging)
        return small ? EOL_MORALE_STAND_AND_FIRE : EOL_MORALE_STAND_DISORDERED;
    if (small)
        return in->skirmish ? EOL_MORALE_RETIRE : EOL_MORALE_FALL_BACK;
    return EOL_MORALE_ROUT;
}

void
eol_morale_check (const eol_tables_t *t, const eol_morale_in_t *in,
                  dice_t *dice, eol_morale_t *out)
{
    assert (t && in && dice && out);
    out->base = t->morale_needed[in->grade];
    out->needed = eol_morale_needed (t, in, &out->quarters);
    out->roll = dice_roll_sum (dice, t->morale_dice, 6);
    out->failed_by = out->roll > out->needed ? out->roll - out->needed : 0;
    out->result = eol_morale_result (t, in, out->roll);
}

const char *
eol_morale_result_words (eol_morale_result_t r)
{
    static const char *words[EOL_MORALE_RESULT_COUNT] = {
        "passes", "falls back", "retires", "routs", "stands and fires",
        "stands disordered" };
    return (int) r >= 0 && r < EOL_MORALE_RESULT_COUNT ? words[r] : "?";
}

const char *
eol_check_words (eol_check_t why)
{
    static const char *words[EOL_CHECK_COUNT] = {
        "for casualties", "to charge", "against a charge",
        "under fire while charging" };
    return (int) why >= 0 && why < EOL_CHECK_COUNT ? words[why] : "?";
}

/*  "If unit has fallen back: +1; if unit has routed: +2": what it adds,
 *  whichever die it is read on. */
static int
broken_bonus (const eol_tables_t *t, bool fell_back, bool routed)
{
    return (fell_back ? t->leader_fell_back : 0)
         + (routed ? t->leader_routed : 0);
}

int
eol_leader_chance (const eol_tables_t *t, int quarters, bool fell_back,
                   bool routed)
{
    int pips = quarters * t->leader_chance_per_quarter;
    if (t->leader_broken_adds_to == EOL_BROKEN_ADDS_TO_CHANCE)
        pips += broken_bonus (t, fell_back, routed);
    return pips;
}

int
eol_leader_fate_modifier (const eol_tables_t *t, bool fell_back, bool routed)
{
    return t->leader_broken_adds_to == EOL_BROKEN_ADDS_TO_FATE_DIE
         ? broken_bonus (t, fell_back, routed) : 0;
}

eol_leader_fate_t
eol_leader_fate (const eol_tables_t *t, bool melee, int chance,
                 int effect_die, int fate_die, int fate_mod)
{
    if (effect_die > chance)
        return EOL_LEADER_UNHURT;
    if (!melee)
        return EOL_LEADER_KILLED;
    return fate_die + fate_mod <= t->leader_captured_max ? EOL_LEADER_CAPTURED
                                                         : EOL_LEADER_KILLED;
}

bool
eol_standard_lost (const eol_tables_t *t, int chance, int effect_die,
                   int fate_die, int fate_mod)
{
    return effect_die <= chance
        && fate_die + fate_mod > t->leader_captured_max;
}
