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
