/*  overlay.h - house rules as a ruleset of their own: a base ruleset's
 *  table file plus the changes a player keeps over it.
 *
 *  An overlay's table file names its base and gives only what it
 *  changes, at the same paths as the base's table file:
 *
 *      name = "my_house";                 # its own name and title
 *      title = "My house rules over 4 Page Bolivar";
 *      base = "bolivar";                  # the ruleset it changes
 *      partial = true;                    # optional: it cannot honour
 *                                         # all it describes (RULINGS.md)
 *      settings = { rally_per_12_inches = true; };   # the changes
 *
 *  A scalar replaces the base's; a list or an array replaces the base's
 *  whole; a group is merged member by member.  Every path it gives must
 *  be one the base has (a misspelt setting is an error naming it and its
 *  line): a rule that is not a number is code in the base's engine,
 *  switched by a named setting the base's table file declares.
 *
 *  The base is found beside the overlay in the data folder
 *  (DIR/../BASE/tables.cfg for an overlay at DIR/tables.cfg), or at
 *  `base_file`, a path relative to the overlay's folder.  A base may not
 *  itself be an overlay.
 *
 *  The merged text the loaders read ends with a group that says what it
 *  is made of, read back by ruleset_load_text:
 *
 *      overlay = { base = "bolivar"; base_tables_hash = "...";
 *                  tables_hash = "..."; partial = true; };
 *
 *  where tables_hash is the overlay file's own; the ruleset's hash
 *  (ruleset_tables_hash) is the merged text's, so a change to either
 *  file is another set of tables.
 */
#ifndef SOLO_OVERLAY_H
#define SOLO_OVERLAY_H

#include <stdbool.h>

/*  Bytes of a base name, terminator included. */
#define OVERLAY_BASE_MAX 48

/*  True when `text` reads as a table file with a top-level `base` (an
 *  overlay's).  False for a plain table file and for text that does not
 *  read at all (its loader reports the error). */
bool overlay_is (const char *text);

/*  The table text its loaders read for the table file at `path` whose
 *  bytes are `text`: a plain table file's text as it is, an overlay's
 *  merged over its base as described above.  A new NUL-terminated buffer
 *  (free it), or NULL with `err` as "file:line - reason" (the overlay's
 *  line, or the base's file when it cannot be read). */
char *overlay_resolve (const char *text, const char *path, char *err,
                       int errlen);

/*  overlay_resolve for an overlay kept anywhere (a player's house rules
 *  file): a base named without base_file and not found beside the
 *  overlay's folder is looked for in `base_dir` (BASE_DIR/BASE/
 *  tables.cfg, the data folder of the rulesets).  base_dir NULL:
 *  overlay_resolve. */
char *overlay_resolve_in (const char *text, const char *path,
                          const char *base_dir, char *err, int errlen);

#endif
