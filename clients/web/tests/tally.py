"""tally.py - the ok / not ok lines the web table's checks print, counted
(check_web.py, check_game.py, check_relay.py)."""

counts = {"passed": 0, "failed": 0}


def check(ok, what, detail=""):
    """Print "ok - what", or "not ok - what: detail", and count it."""
    if ok:
        counts["passed"] += 1
        print("ok - %s" % what)
    else:
        counts["failed"] += 1
        print("not ok - %s%s" % (what, ": " + str(detail) if detail else ""))


def summary(name):
    """Print the counts under `name`; the exit status: 1 after a
    failure, else 0."""
    print("%s: %d passed, %d failed" % (name, counts["passed"],
                                        counts["failed"]))
    return 1 if counts["failed"] else 0
