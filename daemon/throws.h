/*  throws.h - the dice a player throws for his own shooting and melee
 *  under each ruleset, as its text says, for Hello (RulesetInfo.throws).
 */
#ifndef SOLOD_THROWS_H
#define SOLOD_THROWS_H

typedef struct {
    const char *action;      /* "shooting" or "melee" */
    const char *step;        /* "to hit", "damage", "hits"... */
    int sides;               /* a D`sides` */
    const char *count;       /* how many, in words */
    int score;               /* the score each die needs; 0: by a table */
    const char *text;        /* the rule in the text's words */
} throw_t;

#define THROWS_MAX 4         /* throws of one ruleset, at most */

/*  The throws of the ruleset played by engine `name` (a house-rule
 *  overlay's: its base's), and how many; 0 for a ruleset this file does
 *  not know (its Hello lists none). */
int throws_of (const char *name, const throw_t **out);

#endif
