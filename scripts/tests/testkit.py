"""What the tooling tests share: a pass/fail counter that prints failures
and ends a run with the line "N passed, N failed"."""


class Results:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, ok, label, detail=""):
        """Count one check; print the label (and detail) when it failed."""
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL %s" % label)
            if detail:
                print("  " + str(detail)[:1500].replace("\n", "\n  "))
        return ok

    def finish(self):
        """Print the closing line; return the exit status."""
        print("%d passed, %d failed" % (self.passed, self.failed))
        return 1 if self.failed else 0


def sigint_default():
    """preexec_fn for a child a test sends SIGINT to: Ctrl-C's default
    action.  A test run in the background of a non-interactive shell starts
    with SIGINT ignored, which its children inherit, and Python then never
    raises KeyboardInterrupt: the child would not notice the signal."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_DFL)
