/*  s19_command.c - seed 002's command dice and activation costs.  */
#include <assert.h>
#include "s19_command.h"

int
s19_command_dice (const s19_tables_t *t, quality_t quality,
                  bool drummer_or_bugler, bool officer_busy)
{
    assert (t);
    if ((int) quality < 0 || quality >= QUALITY_COUNT)
        quality = QUALITY_REGULAR;
    int n = t->command_dice[quality];
    if (drummer_or_bugler)
        n += t->command_drummer_dice;
    if (officer_busy)
        n += t->command_busy_dice;
    return n < 0 ? 0 : n;
}

int
s19_activation_cost (const s19_tables_t *t, const unit_t *u)
{
    assert (t && u);
    int standing = unit_figures_standing (u);
    if (standing <= 0)
        return 0;
    int each = t->cost_loyal;
    bool router = (u->status & STATUS_ROUTING)
               || (t->ran_is_router && (u->status & STATUS_RAN_LAST_TURN));
    if (router)
        each = t->cost_routing;
    else if (u->status & STATUS_DISLOYAL)
        each = t->cost_disloyal;
    return t->cost_per_figure ? each * standing : each;
}

double
s19_command_distance (const rules_settings_t *s, bool enclosed)
{
    assert (s);
    return enclosed ? s->command_enclosed_cm : s->command_open_cm;
}
