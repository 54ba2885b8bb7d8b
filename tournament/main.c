/*  main.c - solo-tournament: run a tournament, be a worker, report,
 *  replay a game.  */
#include <stdio.h>

int
main (int argc, char **argv)
{
    (void) argc;
    (void) argv;
    fprintf (stderr, "solo-tournament: not yet\n");
    return 2;
}
