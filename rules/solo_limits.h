/*  limits.h - the hard limits of the rules core, as named constants.
 *
 *  Every limit here is checked on input; a breach is a reported error,
 *  never a crash or a silent truncation.
 */
#ifndef SOLO_LIMITS_H
#define SOLO_LIMITS_H

#define SOLO_ID_MAX            32     /* bytes of an id, terminator included */
#define SOLO_NAME_MAX          48     /* bytes of a table name (weapon, ...) */
#define SOLO_MAX_UNITS         16384  /* units in one situation */
#define SOLO_MAX_TERRAIN       1024   /* terrain features in one situation */
#define SOLO_MAX_VERTICES      256    /* vertices of one terrain polygon */
#define SOLO_MAX_TABLE_CM      100000.0 /* longest table side: 1 km */
#define SOLO_MAX_FIGURES       10000  /* figures in one unit */
#define SOLO_MAX_STANDS        8      /* stands (bases) of one unit: seed
                                         000's columns have up to 8 */
#define SOLO_MAX_STAND_STRENGTH 100   /* a stand's strength (resolve, ...) */
#define SOLO_MAX_WEAPONS       32     /* rows of a weapons table */
#define SOLO_MAX_TROOP_TYPES   32     /* rows of a troop-types table */
#define SOLO_ERR_MAX           512    /* bytes of an error message: room
                                         for a wrapped one and its list
                                         of known keys */

#endif
