/*  game.c - the general game: rulesets that can be played, the flat game
 *  state, and the phase loop every engine shares.  */
#include <assert.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "game.h"
#include "overlay.h"

/*  The engines this build knows.  A new ruleset adds its engine here. */
extern const game_engine_t s19_engine;
extern const game_engine_t eol_engine;
extern const game_engine_t e19_engine;
extern const game_engine_t bol_engine;
static const game_engine_t *const engines[] = { &s19_engine, &eol_engine,
                                                &e19_engine, &bol_engine,
                                                NULL };

struct game_rules_t {
    ruleset_t *ruleset;
    const game_engine_t *engine;
    void *tables;
};

struct game_t {
    const game_rules_t *rules;
    const scenario_t *scenario;
    situation_t *sit;
    int unit_count;
    int unit_cap;
    game_unit_t *units;
    int turn;
    int phase;
    bool over;
    game_result_t result;
    int8_t objective_holder[SCENARIO_MAX_OBJECTIVES];
    int side_extra[SIDE_COUNT][GAME_SIDE_EXTRA];
    uint64_t steps;
    uint32_t orders_given;   /* order_seq of the last order */
    uint64_t lineage;        /* game_table_key's serial: one a game_new,
                                taken by copies with the scenario */
    /* not copied: */
    game_event_fn *event_fn;
    void *event_arg;
    void *scratch;
    size_t scratch_size;
};

const game_engine_t *
game_engine_find (const char *name)
{
    for (int i = 0; name && engines[i]; i++)
        if (strcmp (engines[i]->name, name) == 0)
            return engines[i];
    return NULL;
}

const game_engine_t *
game_engine_of (const ruleset_t *rs)
{
    const char *base = rs ? ruleset_base_name (rs) : NULL;
    return rs ? game_engine_find (base ? base : ruleset_name (rs)) : NULL;
}

char *
game_read_file (const char *path, char *err, int errlen)
{
    assert (path && err && errlen > 0);
    FILE *f = fopen (path, "rb");
    if (!f) {
        snprintf (err, errlen, "%s - cannot open: %s", path, strerror (errno));
        return NULL;
    }
    size_t cap = 16384, len = 0;
    char *buf = malloc (cap);
    while (buf) {
        len += fread (buf + len, 1, cap - len - 1, f);
        if (len + 1 < cap)
            break;
        char *bigger = realloc (buf, cap * 2);
        if (!bigger) {
            free (buf);
            buf = NULL;
        }
        else {
            buf = bigger;
            cap *= 2;
        }
    }
    bool bad = ferror (f) != 0;
    fclose (f);
    if (!buf || bad) {
        snprintf (err, errlen, "%s - cannot read%s", path,
                  buf ? "" : ": out of memory");
        free (buf);
        return NULL;
    }
    buf[len] = 0;
    return buf;
}

game_rules_t *
game_rules_load_text (const char *text, const char *origin, char *err,
                      int errlen)
{
    assert (text && err && errlen > 0);
    if (!origin)
        origin = "(tables)";
    game_rules_t *self = calloc (1, sizeof *self);
    if (!self) {
        snprintf (err, errlen, "%s - out of memory", origin);
        return NULL;
    }
    self->ruleset = ruleset_load_text (text, origin, err, errlen);
    if (!self->ruleset)
        goto fail;
    self->engine = game_engine_of (self->ruleset);
    if (!self->engine) {
        snprintf (err, errlen, "%s - ruleset \"%s\" has no game engine: it "
                  "answers questions but cannot play battles", origin,
                  ruleset_name (self->ruleset));
        goto fail;
    }
    self->tables = self->engine->tables_load (text, origin, self->ruleset,
                                              err, errlen);
    if (!self->tables)
        goto fail;
    return self;
fail:
    game_rules_destroy (&self);
    return NULL;
}

game_rules_t *
game_rules_load (const char *path, char *err, int errlen)
{
    char *text = game_read_file (path, err, errlen);
    if (!text)
        return NULL;
    char *tables = overlay_resolve (text, path, err, errlen);
    free (text);
    if (!tables)
        return NULL;
    game_rules_t *self = game_rules_load_text (tables, path, err, errlen);
    free (tables);
    return self;
}

void
game_rules_destroy (game_rules_t **self_p)
{
    assert (self_p);
    game_rules_t *self = *self_p;
    if (!self)
        return;
    if (self->tables && self->engine)
        self->engine->tables_free (self->tables);
    ruleset_destroy (&self->ruleset);
    free (self);
    *self_p = NULL;
}

const ruleset_t *
game_rules_ruleset (const game_rules_t *self)
{
    return self->ruleset;
}

const game_engine_t *
game_rules_engine (const game_rules_t *self)
{
    return self->engine;
}

const void *
game_rules_tables (const game_rules_t *self)
{
    return self->tables;
}

const ruleset_t *
game_rules_finder (const char *name, void *arg)
{
    const game_rules_t *self = arg;
    if (self && name && strcmp (name, ruleset_name (self->ruleset)) == 0)
        return self->ruleset;
    return NULL;
}

/*  Room for `n` units in the game's own arrays. */
static int
make_room (game_t *self, int n)
{
    if (self->unit_cap >= n)
        return 0;
    game_unit_t *units = realloc (self->units, (size_t) n * sizeof *units);
    if (!units)
        return -1;
    self->units = units;
    self->unit_cap = n;
    return 0;
}

/*  The serials game_table_key tells games apart by. */
static atomic_uint_fast64_t lineages;

/*  A bare game of the scenario: its situation copied, no unit state. */
static game_t *
game_alloc (const game_rules_t *rules, const scenario_t *scenario)
{
    game_t *self = calloc (1, sizeof *self);
    if (!self)
        return NULL;
    self->rules = rules;
    self->scenario = scenario;
    self->lineage = atomic_fetch_add (&lineages, 1) + 1;
    self->sit = situation_dup (scenario_situation (scenario));
    self->unit_count = situation_unit_count (scenario_situation (scenario));
    if (!self->sit || make_room (self, self->unit_count > 0
                                           ? self->unit_count : 1) < 0) {
        game_destroy (&self);
        return NULL;
    }
    self->scratch_size = rules->engine->scratch_size (self);
    if (self->scratch_size > 0) {
        self->scratch = calloc (1, self->scratch_size);
        if (!self->scratch)
            game_destroy (&self);
    }
    return self;
}

game_t *
game_new (const game_rules_t *rules, const scenario_t *scenario, char *err,
          int errlen)
{
    assert (rules && scenario && err && errlen > 0);
    if (situation_ruleset (scenario_situation (scenario)) != rules->ruleset) {
        snprintf (err, errlen, "scenario \"%s\" is not under ruleset \"%s\"",
                  scenario_name (scenario), ruleset_name (rules->ruleset));
        return NULL;
    }
    game_t *self = game_alloc (rules, scenario);
    if (!self) {
        snprintf (err, errlen, "out of memory");
        return NULL;
    }
    memset (self->units, 0, (size_t) self->unit_count * sizeof *self->units);
    for (int i = 0; i < self->unit_count; i++) {
        self->units[i].order = order_hold ();
        self->units[i].current = order_hold ();
    }
    for (int i = 0; i < SCENARIO_MAX_OBJECTIVES; i++)
        self->objective_holder[i] = -1;
    for (int i = 0; i < scenario_objective_count (scenario); i++)
        self->objective_holder[i] =
            (int8_t) scenario_objective (scenario, i)->held_by;
    self->turn = 1;
    self->phase = 0;
    self->result.winner = -1;
    if (rules->engine->prepare (self, err, errlen) < 0) {
        game_destroy (&self);
        return NULL;
    }
    return self;
}

void
game_destroy (game_t **self_p)
{
    assert (self_p);
    game_t *self = *self_p;
    if (!self)
        return;
    situation_destroy (&self->sit);
    free (self->units);
    free (self->scratch);
    free (self);
    *self_p = NULL;
}

int
game_copy_into (game_t *dst, const game_t *src)
{
    assert (dst && src);
    if (dst == src)
        return 0;
    assert (dst->rules == src->rules);
    if (situation_copy_into (dst->sit, src->sit) < 0
        || make_room (dst, src->unit_count) < 0)
        return -1;
    memcpy (dst->units, src->units,
            (size_t) src->unit_count * sizeof *src->units);
    dst->scenario = src->scenario;
    dst->unit_count = src->unit_count;
    dst->turn = src->turn;
    dst->phase = src->phase;
    dst->over = src->over;
    dst->result = src->result;
    memcpy (dst->objective_holder, src->objective_holder,
            sizeof dst->objective_holder);
    memcpy (dst->side_extra, src->side_extra, sizeof dst->side_extra);
    dst->steps = src->steps;
    dst->orders_given = src->orders_given;
    dst->lineage = src->lineage;
    if (dst->scratch_size < src->scratch_size) {
        void *scratch = realloc (dst->scratch, src->scratch_size);
        if (!scratch)
            return -1;
        dst->scratch = scratch;
        dst->scratch_size = src->scratch_size;
    }
    return 0;
}

game_t *
game_dup (const game_t *src)
{
    assert (src);
    game_t *copy = game_alloc (src->rules, src->scenario);
    if (copy && game_copy_into (copy, src) < 0)
        game_destroy (&copy);
    return copy;
}

void
game_set_events (game_t *self, game_event_fn *fn, void *arg)
{
    self->event_fn = fn;
    self->event_arg = arg;
}

const game_rules_t *
game_rules (const game_t *self)
{
    return self->rules;
}

const game_engine_t *
game_engine (const game_t *self)
{
    return self->rules->engine;
}

const void *
game_tables (const game_t *self)
{
    return self->rules->tables;
}

const scenario_t *
game_scenario (const game_t *self)
{
    return self->scenario;
}

const situation_t *
game_situation (const game_t *self)
{
    return self->sit;
}

situation_t *
game_situation_mut (game_t *self)
{
    return self->sit;
}

int
game_turn (const game_t *self)
{
    return self->turn;
}

int
game_set_turn (game_t *self, int turn)
{
    if (turn < 1 || turn > scenario_turns (self->scenario))
        return -1;
    self->turn = turn;
    self->phase = 0;
    return 0;
}

void
game_refresh (game_t *self)
{
    const game_engine_t *engine = game_engine (self);
    if (engine->refresh)
        engine->refresh (self);
}

int
game_phase (const game_t *self)
{
    return self->phase;
}

void
game_dice_key (const game_t *self, dice_t *dice, int u, game_dice_deed_t deed,
               int other)
{
    assert (self && dice);
    if (!dice_keyed (dice))
        return;
    /* 16 bits a unit (offset past the sides' negative numbers), 8 the
       deed, the turn and phase above */
    uint64_t key = ((uint64_t) (self->turn & 0xFFFF) << 48)
                 ^ ((uint64_t) (self->phase & 0xFF) << 40)
                 ^ ((uint64_t) ((u + 8) & 0xFFFF) << 24)
                 ^ ((uint64_t) ((other + 8) & 0xFFFF) << 8)
                 ^ (uint64_t) deed;
    dice_key (dice, key);
}

const char *
game_phase_name (const game_t *self)
{
    return self->rules->engine->phase_name (self->phase);
}

int
game_phase_side (const game_t *self)
{
    return self->rules->engine->phase_side (self, self->phase);
}

bool
game_over (const game_t *self)
{
    return self->over;
}

void
game_result (const game_t *self, game_result_t *out)
{
    assert (out);
    if (self->over)
        *out = self->result;
    else {
        self->rules->engine->victory (self, out);
        out->over = false;
        out->winner = -1;
        out->turns = self->turn - 1;
    }
}

int
game_unit_count (const game_t *self)
{
    return self->unit_count;
}

const game_unit_t *
game_unit (const game_t *self, int u)
{
    assert (u >= 0 && u < self->unit_count);
    return &self->units[u];
}

game_unit_t *
game_unit_mut (game_t *self, int u)
{
    assert (u >= 0 && u < self->unit_count);
    return &self->units[u];
}

int
game_objective_holder (const game_t *self, int i)
{
    assert (i >= 0 && i < SCENARIO_MAX_OBJECTIVES);
    return self->objective_holder[i];
}

void
game_set_objective_holder (game_t *self, int i, int side)
{
    assert (i >= 0 && i < SCENARIO_MAX_OBJECTIVES);
    self->objective_holder[i] = (int8_t) side;
}

int *
game_side_extra (game_t *self, side_t side)
{
    return self->side_extra[side];
}

const int *
game_side_extra_const (const game_t *self, side_t side)
{
    return self->side_extra[side];
}

uint64_t
game_steps (const game_t *self)
{
    return self->steps;
}

void *
game_scratch (game_t *self)
{
    return self->scratch;
}

int
game_roll_off (const game_t *self, dice_t *dice, int faces, bool tie_stands,
               int *blue, int *red, int *throws)
{
    assert (self && dice && faces >= 1 && blue && red);
    game_dice_key (self, dice, -1, GAME_DICE_INITIATIVE, -1);
    int n = 0;
    do {
        *blue = dice_roll (dice, faces);
        *red = dice_roll (dice, faces);
        n++;
    } while (*blue == *red && !tie_stands && n < GAME_ROLL_OFF_MAX);
    if (throws)
        *throws = n;
    return *blue > *red ? SIDE_BLUE : *red > *blue ? SIDE_RED : -1;
}

bool
game_melee_lets_shoot (const game_t *self, int u)
{
    assert (self && u >= 0 && u < self->unit_count);
    return !self->units[u].in_melee
        || ruleset_settings (situation_ruleset (self->sit))->shoot_in_melee;
}

bool
game_line_of_fire_open (const game_t *self, int u, int e)
{
    assert (self && u >= 0 && u < self->unit_count && e >= 0
            && e < self->unit_count);
    const rules_settings_t *s =
        ruleset_settings (situation_ruleset (self->sit));
    return !s->units_mask_fire
        || !situation_fire_masked (self->sit, u,
                                   &situation_unit_const (self->sit, u)->fp,
                                   e, s->shoot_over_cm,
                                   s->fire_needs_whole_target);
}

int
game_last_turn (const game_t *self)
{
    assert (self);
    int turns = scenario_turns (self->scenario);
    const game_engine_t *e = game_engine (self);
    int limit = e->last_turn ? e->last_turn (self) : turns;
    if (limit > turns)
        limit = turns;
    return limit < 1 ? 1 : limit;
}

void
game_begin_phase (game_t *self, dice_t *dice)
{
    if (self->over)
        return;
    for (int i = 0; i < self->unit_count; i++)
        self->units[i].needs_order = 0;
    if (game_events_on (self))
        game_event (self, GAME_EVENT_PHASE, -1, "turn %d, %s", self->turn,
                    game_phase_name (self));
    self->rules->engine->begin_phase (self, dice);
}

bool
game_needs_order (const game_t *self, int u)
{
    assert (u >= 0 && u < self->unit_count);
    return !self->over && self->units[u].needs_order;
}

const char *
game_phase_title (const game_t *self, char *buf, int len)
{
    assert (buf && len > 0);
    const game_engine_t *engine = self->rules->engine;
    if (engine->phase_title)
        engine->phase_title (self, self->phase, buf, len);
    else
        snprintf (buf, (size_t) len, "%s", game_phase_name (self));
    return buf;
}

int
game_choice_side (const game_t *self)
{
    const game_engine_t *engine = self->rules->engine;
    return !self->over && engine->choice_side ? engine->choice_side (self)
                                              : -1;
}

void
game_choose_first (game_t *self, bool first)
{
    if (game_choice_side (self) >= 0)
        self->rules->engine->choose_first (self, first);
}

bool
game_unit_in_play (const game_t *self, int u)
{
    assert (self && u >= 0 && u < self->unit_count);
    return !self->units[u].gone
        && unit_figures_standing (situation_unit_const (self->sit, u)) > 0;
}

bool
game_unit_holds (const game_t *self, int u)
{
    assert (self && u >= 0 && u < self->unit_count);
    const game_engine_t *e = self->rules->engine;
    return e->holds ? e->holds (self, u) : game_unit_in_play (self, u);
}

/*  One word into the key: a multiply and a shift, so that equal
 *  words in different places give different keys. */
static uint64_t
key_mix (uint64_t key, uint64_t word)
{
    key = (key ^ word) * 0x9E3779B97F4A7C15ull;
    return key ^ (key >> 29);
}

/*  One word of a unit hashed alone, told from its neighbours by `place`:
 *  a bijection of the word for each place.  A unit's words are summed,
 *  so that their multiplies run side by side rather than one after the
 *  other (the keys are asked many times a playout). */
static inline uint64_t
word_hash (uint64_t word, uint64_t place)
{
    word = (word ^ place * 0xBF58476D1CE4E5B9ull) * 0x9E3779B97F4A7C15ull;
    word ^= word >> 32;
    return word * 0xD6E8FEB86659FD93ull;
}

static inline uint64_t
double_bits (double x)
{
    uint64_t bits;
    memcpy (&bits, &x, sizeof bits);
    return bits;
}

/*  Four 16-bit words from w[0..n) (n up to 4), packed into one word for
 *  word_hash: one multiply for four of a unit's small numbers. */
static inline uint64_t
pack16 (const int16_t *w, int n)
{
    uint64_t word = 0;
    for (int i = 0; i < n; i++)
        word |= (uint64_t) (uint16_t) w[i] << (16 * i);
    return word;
}

/*  The words of unit u that game_table_key covers, summed.  Small
 *  numbers share a word (weapon, wounded and figures standing; the
 *  stands' strengths four to a word), whose parts each keep their own
 *  bits, so that the sum still changes with any one of them. */
static uint64_t
unit_table_hash (const game_t *self, int u)
{
    const unit_t *x = situation_unit_const (self->sit, u);
    const game_unit_t *gu = &self->units[u];
    uint64_t h = word_hash (double_bits (x->fp.centre.x), 1)
               + word_hash (double_bits (x->fp.centre.y), 2)
               + word_hash (double_bits (x->fp.facing), 3)
               + word_hash (double_bits (x->fp.width), 4)
               + word_hash (double_bits (x->fp.depth), 5)
               + word_hash ((uint64_t) x->status << 32
                            ^ (uint64_t) x->formation << 24
                            ^ (uint64_t) x->side << 20
                            ^ (uint64_t) x->arm << 16 ^ gu->gone << 1
                            ^ gu->in_melee, 6)
               + word_hash ((uint64_t) (uint16_t) x->weapon << 48
                            ^ (uint64_t) (uint16_t) x->wounded << 32
                            ^ (uint32_t) (x->figures - x->killed), 7);
    uint64_t strengths = 0;
    for (int i = 0; i < x->stand_count; i++) {
        strengths |= (uint64_t) (uint16_t) x->stands[i].strength
                     << (16 * (i & 3));
        if ((i & 3) == 3 || i == x->stand_count - 1) {
            h += word_hash (strengths, 16 + (uint64_t) (i >> 2));
            strengths = 0;
        }
    }
    return h;
}

uint64_t
game_table_key (const game_t *self)
{
    assert (self);
    uint64_t key = key_mix (self->lineage,
                            (uint64_t) situation_terrain_count (self->sit));
    key = key_mix (key, (uint64_t) self->unit_count);
    for (int u = 0; u < self->unit_count; u++)
        key = key_mix (key, unit_table_hash (self, u));
    return key;
}

uint64_t
game_state_key (const game_t *self)
{
    assert (self);
    uint64_t key = key_mix (self->lineage ^ 0x5851F42D4C957F2Dull,
                            (uint64_t) situation_terrain_count (self->sit));
    key = key_mix (key, (uint64_t) self->unit_count);
    key = key_mix (key, (uint64_t) (uint32_t) self->turn << 32
                        ^ (uint32_t) self->phase);
    uint64_t sides = 0;
    for (int s = 0; s < SIDE_COUNT; s++)
        for (int i = 0; i < GAME_SIDE_EXTRA; i++)
            sides += word_hash ((uint64_t) (uint32_t) self->side_extra[s][i],
                                (uint64_t) (s * GAME_SIDE_EXTRA + i));
    key = key_mix (key, sides);
    for (int u = 0; u < self->unit_count; u++) {
        const game_unit_t *gu = &self->units[u];
        const int16_t *w = gu->ruleset_state.word;
        uint64_t h = unit_table_hash (self, u);
        for (int i = 0; i < GAME_UNIT_RULESET_WORDS; i += 4)
            h += word_hash (pack16 (w + i, GAME_UNIT_RULESET_WORDS - i < 4
                                           ? GAME_UNIT_RULESET_WORDS - i : 4),
                            64 + (uint64_t) i / 4);
        h += word_hash ((uint64_t) gu->commanded << 40
                        ^ (uint64_t) gu->moved_halves << 32
                        ^ (uint64_t) gu->load_halves << 24
                        ^ (uint64_t) gu->fired << 16
                        ^ (uint16_t) gu->left_standing, 80);
        key = key_mix (key, h);
    }
    return key;
}

double
game_charge_after_move_cm (const game_t *self, int u)
{
    assert (self && u >= 0 && u < self->unit_count);
    const game_engine_t *e = game_engine (self);
    return e->charge_after_move ? e->charge_after_move (self, u) : 0;
}

double
game_move_cm (const game_t *self, int u, const char *pace)
{
    assert (self && u >= 0 && u < self->unit_count);
    const game_engine_t *e = game_engine (self);
    unit_t moving = *situation_unit_const (self->sit, u);
    int f = e->move_formation ? e->move_formation (self, u) : -1;
    if (f >= 0 && f < FORMATION_COUNT)
        moving.formation = (formation_t) f;
    return ruleset_move_cm (situation_ruleset (self->sit), &moving, pace);
}

void
game_aim (const game_t *self, int u, int target, order_t *o)
{
    assert (self && o && u >= 0 && u < self->unit_count);
    const game_engine_t *e = game_engine (self);
    if (e->aim && target >= 0 && target < self->unit_count && target != u)
        e->aim (self, u, target, o);
}

bool
game_side_sees (const game_t *self, int side, int u)
{
    assert (self && u >= 0 && u < self->unit_count);
    for (int k = 0; k < self->unit_count; k++)
        if ((int) situation_unit_const (self->sit, k)->side == side
            && game_unit_in_play (self, k)
            && situation_can_see (self->sit, k, u, NULL, NULL))
            return true;
    return false;
}

bool
game_table_bound (const game_t *self, int u)
{
    assert (u >= 0 && u < self->unit_count);
    const game_engine_t *engine = self->rules->engine;
    return engine->table_bound && engine->table_bound (self, u);
}

const char *
game_table_bound_why (const game_t *self, int u, char *buf, int len)
{
    assert (buf && len > 0);
    buf[0] = '\0';
    if (!game_table_bound (self, u))
        return buf;
    const game_engine_t *engine = self->rules->engine;
    if (engine->table_bound_why)
        engine->table_bound_why (self, u, buf, len);
    else
        snprintf (buf, (size_t) len, "out of command");
    return buf;
}

int
game_legal_orders (const game_t *self, int u, order_t *out, int max)
{
    assert (u >= 0 && u < self->unit_count && out && max >= 1);
    return self->rules->engine->legal_orders (self, u, out, max);
}

bool
game_legal_charge (const game_t *self, int u, int target, order_t *out)
{
    assert (u >= 0 && u < self->unit_count && out);
    const game_engine_t *e = self->rules->engine;
    if (e->legal_charge)
        return e->legal_charge (self, u, target, out);
    order_t legal[GAME_MAX_LEGAL_ORDERS];
    int count = e->legal_orders (self, u, legal, GAME_MAX_LEGAL_ORDERS);
    for (int k = 0; k < count; k++)
        if (legal[k].kind == ORDER_CHARGE && legal[k].target == target) {
            *out = legal[k];
            return true;
        }
    return false;
}

/*  What every ruleset asks of an order before its own rules: a kind and
 *  pace of order.h, a point and facing that are numbers, a point for a
 *  move.  0, or -1 with err naming the unit. */
static int
order_well_formed (const game_t *self, int u, const order_t *o, char *err,
                   int errlen)
{
    const char *id = situation_unit_const (self->sit, u)->id;
    if ((int) o->kind < 0 || o->kind >= ORDER_KIND_COUNT
        || (int) o->pace < 0 || o->pace >= ORDER_PACE_COUNT) {
        snprintf (err, errlen, "%s: unknown order kind or pace", id);
        return -1;
    }
    if ((o->has_to && !(isfinite (o->to.x) && isfinite (o->to.y)))
        || (o->has_facing && !isfinite (o->facing))) {
        snprintf (err, errlen, "%s: the order's point or facing is not a "
                  "number", id);
        return -1;
    }
    if ((o->kind == ORDER_MOVE || o->kind == ORDER_TAKE_COVER) && !o->has_to) {
        snprintf (err, errlen, "%s: a %s order needs a point to go to", id,
                  order_kind_name (o->kind));
        return -1;
    }
    return 0;
}

int
game_check_order (const game_t *self, int u, const order_t *o, char *err,
                  int errlen)
{
    assert (o && err && errlen > 0);
    if (u < 0 || u >= self->unit_count) {
        snprintf (err, errlen, "no unit %d", u);
        return -1;
    }
    if (order_well_formed (self, u, o, err, errlen) < 0)
        return -1;
    return self->rules->engine->check_order (self, u, o, err, errlen);
}

int
game_apply_order (game_t *self, int u, const order_t *o, char *err,
                  int errlen)
{
    assert (o && err && errlen > 0);
    if (u < 0 || u >= self->unit_count) {
        snprintf (err, errlen, "no unit %d", u);
        return -1;
    }
    if (!game_needs_order (self, u)) {
        snprintf (err, errlen, "unit \"%s\" takes no order in %s",
                  situation_unit_const (self->sit, u)->id,
                  game_phase_name (self));
        return -1;
    }
    if (game_check_order (self, u, o, err, errlen) < 0)
        return -1;
    self->units[u].order = *o;
    self->units[u].ordered = 1;
    self->units[u].needs_order = 0;
    self->units[u].order_seq = ++self->orders_given;
    self->steps++;
    return 0;
}

void
game_resolve_phase (game_t *self, dice_t *dice)
{
    if (self->over)
        return;
    const game_engine_t *engine = self->rules->engine;
    engine->resolve_phase (self, dice);
    self->steps++;
    int next = engine->next_phase ? engine->next_phase (self, self->phase)
                                  : self->phase + 1;
    assert (next > self->phase);
    self->phase = next < engine->phase_count ? next : engine->phase_count;
    if (self->phase < engine->phase_count)
        return;
    /* the end of the turn */
    game_result_t r;
    memset (&r, 0, sizeof r);
    r.winner = -1;
    engine->victory (self, &r);
    r.turns = self->turn;
    if (!r.over && self->turn >= scenario_turns (self->scenario)) {
        r.over = true;
        if (!r.reason[0])
            snprintf (r.reason, sizeof r.reason, "the turn limit (%d)",
                      self->turn);
    }
    self->result = r;
    if (r.over) {
        self->phase = engine->phase_count - 1;
        self->over = true;
        if (game_events_on (self))
            game_event (self, GAME_EVENT_END, -1, "the battle ends after turn "
                        "%d: %s%s; %s", self->turn, r.winner < 0 ? "a draw"
                        : scenario_side_name (self->scenario,
                                              (side_t) r.winner),
                        r.winner < 0 ? "" : " win", r.reason);
        return;
    }
    self->phase = 0;
    self->turn++;
}

bool
game_events_on (const game_t *self)
{
    return self->event_fn != NULL;
}

void
game_event (game_t *self, game_event_kind_t kind, int unit, const char *fmt,
            ...)
{
    if (!self->event_fn)
        return;
    game_event_t ev;
    ev.kind = kind;
    ev.turn = self->turn;
    ev.phase = self->phase;
    ev.unit = unit;
    va_list ap;
    va_start (ap, fmt);
    vsnprintf (ev.text, sizeof ev.text, fmt, ap);
    va_end (ap);
    self->event_fn (self->event_arg, &ev);
}

const char *
game_event_kind_name (game_event_kind_t kind)
{
    static const char *names[GAME_EVENT_KIND_COUNT] = {
        "phase", "command", "move", "shoot", "melee", "status", "end" };
    return (int) kind >= 0 && kind < GAME_EVENT_KIND_COUNT ? names[kind] : "?";
}

/*  ---- victory ---- */

/*  Who holds objective i now (game_update_objectives). */
static int
objective_holder_now (const game_t *g, int i,
                      bool (*holds) (const game_t *g, int u))
{
    const scenario_objective_t *o = scenario_objective (g->scenario, i);
    footprint_t spot = { o->at, 0, 0.001, 0.001 };
    bool there[SIDE_COUNT] = { false, false };
    const situation_t *sit = g->sit;
    for (int u = 0; u < g->unit_count; u++) {
        const unit_t *x = situation_unit_const (sit, u);
        if (holds (g, u) && footprint_distance (&x->fp, &spot) <= o->radius)
            there[x->side] = true;
    }
    if (there[0] != there[1])
        return there[0] ? 0 : 1;
    return game_objective_holder (g, i);
}

void
game_update_objectives (game_t *g, bool (*holds) (const game_t *g, int u))
{
    assert (g && holds);
    for (int i = 0; i < scenario_objective_count (g->scenario); i++) {
        int now = objective_holder_now (g, i, holds);
        if (now != game_objective_holder (g, i) && game_events_on (g))
            game_event (g, GAME_EVENT_STATUS, -1, "objective %s is now held "
                        "by %s", scenario_objective (g->scenario, i)->id,
                        now < 0 ? "nobody" : side_name ((side_t) now));
        game_set_objective_holder (g, i, now);
    }
}

/*  The reason when the turn limit ends the battle, by the scenario's
 *  on_time rule. */
static void
judge_on_time (const game_t *g, const char *const *name, game_result_t *out)
{
    const scenario_t *sc = g->scenario;
    switch (scenario_on_time (sc)) {
    case SCENARIO_ON_TIME_SIDE:
        out->winner = scenario_on_time_side (sc);
        snprintf (out->reason, sizeof out->reason, "%s hold out to the "
                  "turn limit (%d)", name[out->winner], scenario_turns (sc));
        break;
    case SCENARIO_ON_TIME_DRAW:
        snprintf (out->reason, sizeof out->reason, "the turn limit (%d)",
                  scenario_turns (sc));
        break;
    default:
        if (out->objective_value[0] != out->objective_value[1]) {
            out->winner = out->objective_value[0] > out->objective_value[1]
                        ? SIDE_BLUE : SIDE_RED;
            snprintf (out->reason, sizeof out->reason, "the turn limit "
                      "(%d): %s hold the objectives (%d to %d)",
                      scenario_turns (sc), name[out->winner],
                      out->objective_value[out->winner],
                      out->objective_value[1 - out->winner]);
        }
        else
            snprintf (out->reason, sizeof out->reason, "the turn limit "
                      "(%d) with the objectives even (%d each)",
                      scenario_turns (sc), out->objective_value[0]);
    }
}

void
game_side_harm (const game_t *g, int side, double *lost, double *start)
{
    assert (g && lost && start);
    const game_engine_t *e = game_engine (g);
    if (!e->strength) {
        game_result_t r;
        game_result (g, &r);
        *lost = r.killed[side] + r.gone[side] + 0.5 * r.wounded[side];
        *start = r.figures[side];
        return;
    }
    *lost = *start = 0;
    for (int u = 0; u < game_unit_count (g); u++) {
        if ((int) game_unit_c (g, u)->side != side)
            continue;
        double now, was;
        e->strength (g, u, &now, &was);
        *lost += was - now;
        *start += was;
    }
}

void
game_judge_victory (const game_t *g, const game_victory_rules_t *v,
                    game_result_t *out)
{
    assert (g && v && v->side_lost && v->holds && out);
    const scenario_t *sc = g->scenario;
    const situation_t *start = scenario_situation (sc);
    memset (out, 0, sizeof *out);
    out->winner = -1;
    out->turns = g->turn;
    double frac[SIDE_COUNT];
    bool broken[SIDE_COUNT];
    double brk = scenario_army_break (sc);
    if (brk < 0 || v->break_is_ruleset)
        brk = v->army_break;
    for (int s = 0; s < SIDE_COUNT; s++) {
        int of;
        int lost = v->side_lost (g, (side_t) s, &of);
        frac[s] = of > 0 ? (double) lost / of : 1.0;
        broken[s] = frac[s] >= brk - 1e-9;
        out->break_share[s] = brk > 0 ? frac[s] / brk : 1.0;
    }
    for (int u = 0; u < g->unit_count; u++) {
        const unit_t *x = situation_unit_const (g->sit, u);
        const game_unit_t *gu = &g->units[u];
        int s = x->side;
        out->figures[s] += situation_unit_const (start, u)->figures;
        out->gone[s] += gu->left_standing;
        out->killed[s] += x->killed - gu->left_standing;
        if (v->count_wounded && !gu->gone)
            out->wounded[s] += x->wounded;
        out->units_left[s] += v->holds (g, u);
    }
    for (int i = 0; i < scenario_objective_count (sc); i++) {
        int h = game_objective_holder (g, i);
        if (h >= 0)
            out->objective_value[h] += scenario_objective (sc, i)->value;
    }
    const char *name[SIDE_COUNT] = { scenario_side_name (sc, SIDE_BLUE),
                                     scenario_side_name (sc, SIDE_RED) };
    judge_on_time (g, name, out);    /* were the turn limit now */
    out->on_time_winner = out->winner;
    out->winner = -1;
    out->reason[0] = '\0';
    out->over = true;
    if (out->units_left[0] == 0 && out->units_left[1] == 0)
        snprintf (out->reason, sizeof out->reason, "both sides are gone "
                  "from the table");
    else if (out->units_left[0] == 0 || out->units_left[1] == 0) {
        out->winner = out->units_left[0] == 0 ? SIDE_RED : SIDE_BLUE;
        snprintf (out->reason, sizeof out->reason, "%s have no unit left on "
                  "the table", name[1 - out->winner]);
    }
    else if (broken[0] || broken[1]) {
        if (broken[0] && broken[1] && fabs (frac[0] - frac[1]) < 1e-9)
            snprintf (out->reason, sizeof out->reason, "both armies break "
                      "together (%.0f%% lost each)", frac[0] * 100);
        else if (broken[0] && broken[1] && v->both_break_draw)
            snprintf (out->reason, sizeof out->reason, "both armies break "
                      "together (%s %.0f%%, %s %.0f%%): neither wins",
                      name[0], frac[0] * 100, name[1], frac[1] * 100);
        else {
            int loser = broken[0] && broken[1] ? (frac[0] > frac[1] ? 0 : 1)
                      : broken[0] ? 0 : 1;
            out->winner = 1 - loser;
            snprintf (out->reason, sizeof out->reason, "%s break: %.0f%% of "
                      "their %s (break at %.0f%%)", name[loser],
                      frac[loser] * 100,
                      v->lost_words ? v->lost_words : "figures lost",
                      brk * 100);
        }
    }
    else if (g->turn >= scenario_turns (sc))
        judge_on_time (g, name, out);
    else
        out->over = false;
}
