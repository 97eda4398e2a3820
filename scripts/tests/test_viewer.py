#!/usr/bin/python3
"""The trace viewer (`spgsim view`, docs/viewer.md) in a real browser:
headless Chromium driven by Selenium (Debian's chromium, chromium-driver
and python3-selenium; ci/deps.sh installs them for the tests).

  1. `spgsim view` writes a page for a suite scenario with an --actual
     trace that is the golden with one value changed (a planted divergence
     at a known frame and field), and `--page` plus `--data-js` write the
     page and its data apart;
  2. the page, opened from disk (file://), logs no error (level SEVERE),
     draws the map on its canvas, shows frame 0 at the golden's x/y, and
     the keys move it: right one frame, shift+right ten, left and
     shift+left back, End to the last frame, space plays and pauses; at
     every stop the position shown is the golden's row;
  3. the planted divergence is marked at its frame and field (the
     summary, the timeline tick, and the table cell at that frame), and
     the core is marked as agreeing with the golden;
  4. the secondary collision path toggle redraws a Sonic 2 map whose two
     paths differ;
  5. the page alone loads its data with ?s=ID and ?data=PATH from file://,
     and says so when there is none;
  6. a special-stage scenario (Sonic 1's rotating maze), with an --actual
     trace with a planted divergence: no error, the maze drawn (walls and
     bumpers in their colours), the keys step the player to the golden's
     x/y, the stage angle shown is the golden's, the divergence marked.

    /usr/bin/python3 scripts/tests/test_viewer.py [--spgsim build/spgsim]

Ends with "N passed, N failed".  Without Chromium, its driver or Selenium
the browser checks are skipped (saying why) and only the others count.
"""
import argparse
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testkit import Results  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SCENARIO = "running/top-speed-frame-128"
PLANT_FRAME = 57
PLANT_FIELD = "ground_speed"
# A Sonic 2 scenario whose two collision paths differ.
S2_SCENARIO = "sonic2/paths/two-paths-secondary"
# A special-stage scenario: a maze of every kind of block, the stage turning.
SS_SCENARIO = "special_stage/mixed-chains"
SS_PLANT_FRAME = 300
SS_PLANT_FIELD = "x_speed"


def run(cmd):
    return subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, universal_newlines=True)


def read_golden(path):
    """The golden's rows as dicts of ints, and its lines (for planting)."""
    with open(path) as f:
        lines = f.read().splitlines(True)
    body = [l for l in lines if not l.startswith("#")]
    rows = [dict((k, int(v)) for k, v in r.items())
            for r in csv.DictReader(body)]
    return rows, lines


def plant(lines, frame, field, out):
    """The golden with row `frame`'s `field` changed by one."""
    header = None
    with open(out, "w") as f:
        for l in lines:
            if l.startswith("#"):
                f.write(l)
                continue
            cells = l.rstrip("\n").split(",")
            if header is None:
                header = cells
            elif int(cells[0]) == frame:
                i = header.index(field)
                cells[i] = str(int(cells[i]) + 1)
            f.write(",".join(cells) + "\n")


def browser():
    """A headless Chromium, or (None, why not)."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError as e:
        return None, "python3-selenium is not installed (%s)" % e
    chrome = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver") or (
        "/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver")
        else None)
    if chrome is None or driver is None:
        return None, "chromium or chromedriver is not installed"
    opts = webdriver.ChromeOptions()
    opts.binary_location = chrome
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu",
              "--disable-dev-shm-usage", "--window-size=1280,1000"):
        opts.add_argument(a)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        d = webdriver.Chrome(service=Service(driver), options=opts)
    except Exception as e:  # noqa: BLE001 - any start failure is "unavailable"
        return None, "chromium did not start: %s" % str(e).splitlines()[0]
    d.set_page_load_timeout(30)
    return d, None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spgsim", default=os.path.join(ROOT, "build", "spgsim"))
    args = ap.parse_args()
    spgsim = os.path.abspath(args.spgsim)
    r = Results()
    if not os.path.exists(spgsim):
        r.check(False, "spgsim is built", spgsim + " does not exist (make)")
        return r.finish()

    tmp = tempfile.mkdtemp(prefix="spgsim-viewer-")
    try:
        return run_tests(r, spgsim, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def run_tests(r, spgsim, tmp):
    golden_path = os.path.join(ROOT, "golden", SCENARIO + ".csv")
    scen = os.path.join(ROOT, "scenarios", SCENARIO + ".yaml")
    rows, lines = read_golden(golden_path)
    actual = os.path.join(tmp, "actual.csv")
    plant(lines, PLANT_FRAME, PLANT_FIELD, actual)

    # ---- 1. the files ------------------------------------------------------
    page = os.path.join(tmp, "view.html")
    p = run([spgsim, "view", scen, "--actual", actual, "-o", page])
    r.check(p.returncode == 0 and os.path.exists(page),
            "spgsim view --actual -o writes the page", p.stderr)
    bare = os.path.join(tmp, "site", "viewer.html")
    os.makedirs(os.path.join(tmp, "site", "data", "running"))
    p = run([spgsim, "view", "--page", "-o", bare])
    r.check(p.returncode == 0, "spgsim view --page", p.stderr)
    data_js = os.path.join(tmp, "site", "data", SCENARIO + ".js")
    p = run([spgsim, "view", "--data-js", scen, "-o", data_js])
    r.check(p.returncode == 0, "spgsim view --data-js", p.stderr)
    with open(data_js) as f:
        text = f.read()
    prefix = "window.SPG_VIEW_DATA = "
    data = None
    if r.check(text.startswith(prefix) and text.rstrip().endswith(";"),
               "--data-js is one assignment", text[:80]):
        data = json.loads(text[len(prefix):text.rstrip().rindex(";")])
        r.check([t["label"] for t in data["traces"]] == ["golden", "core"]
                and data["traces"][1]["divergence"] is None
                and len(data["traces"][0]["rows"]) == len(rows),
                "the data holds the golden and the core, which agree",
                [t["label"] for t in data["traces"]])
    s2 = os.path.join(tmp, "s2.html")
    p = run([spgsim, "view",
             os.path.join(ROOT, "scenarios", S2_SCENARIO + ".yaml"),
             "-o", s2])
    r.check(p.returncode == 0, "spgsim view of a Sonic 2 scenario", p.stderr)
    ss_rows, ss_lines = read_golden(
        os.path.join(ROOT, "golden", SS_SCENARIO + ".csv"))
    ss_actual = os.path.join(tmp, "ss-actual.csv")
    plant(ss_lines, SS_PLANT_FRAME, SS_PLANT_FIELD, ss_actual)
    ss_page = os.path.join(tmp, "ss.html")
    p = run([spgsim, "view",
             os.path.join(ROOT, "scenarios", SS_SCENARIO + ".yaml"),
             "--actual", ss_actual, "-o", ss_page])
    r.check(p.returncode == 0 and os.path.exists(ss_page),
            "spgsim view of a special-stage scenario, with --actual",
            p.stderr)

    # ---- the browser ---------------------------------------------------------
    d, why = browser()
    if d is None:
        print("SKIP the browser checks: " + why)
        return r.finish()
    try:
        browser_tests(r, d, page, bare, s2, rows)
        special_browser_tests(r, d, ss_page, ss_rows)
    finally:
        d.quit()
    return r.finish()


def severe(d):
    return [e for e in d.get_log("browser") if e.get("level") == "SEVERE"]


def browser_tests(r, d, page, bare, s2, rows):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    def status():
        st = d.find_element(By.ID, "status")
        return (int(st.get_attribute("data-frame")),
                st.get_attribute("data-x"), st.get_attribute("data-y"))

    def at_golden(label, frame):
        """The page shows `frame` at the golden's x/y (the status line's
        attributes and the golden's own entry in it)."""
        f, x, y = status()
        g = d.find_element(By.CSS_SELECTOR, '#status .pos[data-label="golden"]')
        want = (frame, str(rows[frame]["x"]), str(rows[frame]["y"]))
        r.check((f, x, y) == want and
                (g.get_attribute("data-x"), g.get_attribute("data-y")) ==
                want[1:], label, "page %r, golden %r" % ((f, x, y), want))

    def press(*keys):
        ActionChains(d).send_keys(*keys).perform()

    def shift(key):
        ActionChains(d).key_down(Keys.SHIFT).send_keys(key) \
            .key_up(Keys.SHIFT).perform()

    # ---- 2. the page, the map, the keys --------------------------------------
    d.get("file://" + page)
    r.check(severe(d) == [], "no console errors on load", severe(d))
    r.check(d.find_element(By.ID, "error").text == "", "no error shown",
            d.find_element(By.ID, "error").text)
    cv = d.find_element(By.ID, "map")
    cells = int(cv.get_attribute("data-cells") or 0)
    solid = d.execute_script(
        "var c = document.getElementById('map'), g = c.getContext('2d');"
        "var p = g.getImageData(0, 0, c.width, c.height).data, n = 0;"
        "for (var i = 0; i < p.length; i += 4)"
        "  if (p[i] === 0x60 && p[i+1] === 0x60 && p[i+2] === 0x60) n++;"
        "return n;")
    r.check(cells > 0 and solid > 1000, "the map is drawn on the canvas",
            "cells %d, solid pixels %d" % (cells, solid))
    at_golden("frame 0 at the golden's position", 0)
    press(Keys.ARROW_RIGHT)
    at_golden("right: frame 1", 1)
    for _ in range(4):
        press(Keys.ARROW_RIGHT)
    at_golden("right x4 more: frame 5", 5)
    shift(Keys.ARROW_RIGHT)
    at_golden("shift+right: frame 15", 15)
    shift(Keys.ARROW_RIGHT)
    at_golden("shift+right again: frame 25", 25)
    shift(Keys.ARROW_LEFT)
    at_golden("shift+left: frame 15", 15)
    press(Keys.ARROW_LEFT)
    at_golden("left: frame 14", 14)
    press(Keys.END)
    at_golden("End: the last frame", len(rows) - 1)
    press(Keys.HOME)
    at_golden("Home: frame 0", 0)
    press(Keys.SPACE)
    time.sleep(0.5)
    f1 = status()[0]
    press(Keys.SPACE)
    time.sleep(0.2)
    f2 = status()[0]
    time.sleep(0.3)
    f3 = status()[0]
    r.check(f1 > 0 and f2 == f3, "space plays, space pauses",
            "after play %d, paused at %d then %d" % (f1, f2, f3))
    at_golden("paused at the golden's position", f3)
    x_span = d.find_element(By.CSS_SELECTOR, '#status .pos[data-label="core"]')
    r.check(x_span.get_attribute("data-x") == str(rows[f3]["x"]),
            "the core is drawn at the same place", x_span.get_attribute("data-x"))

    # ---- 3. the planted divergence ----------------------------------------------
    div = d.find_element(By.CSS_SELECTOR, '.divergence[data-label="actual"]')
    r.check(div.get_attribute("data-frame") == str(PLANT_FRAME) and
            div.get_attribute("data-field") == PLANT_FIELD and
            ("frame %d" % PLANT_FRAME) in div.text and PLANT_FIELD in div.text,
            "the divergence is named: frame %d, %s" % (PLANT_FRAME, PLANT_FIELD),
            div.text)
    core = d.find_element(By.CSS_SELECTOR, '.divergence[data-label="core"]')
    r.check("none" in core.get_attribute("class").split() and
            core.get_attribute("data-frame") == "",
            "the core agrees with the golden", core.text)
    ticks = d.find_elements(By.CSS_SELECTOR, '#ticks .tick[data-label="actual"]')
    r.check(len(ticks) == 1 and
            ticks[0].get_attribute("data-frame") == str(PLANT_FRAME),
            "the timeline marks the divergent frame",
            [t.get_attribute("data-frame") for t in ticks])
    div.click()
    at_golden("clicking the divergence goes to its frame", PLANT_FRAME)
    cell = d.find_elements(By.CSS_SELECTOR, "#fields td.first-divergence")
    r.check(len(cell) == 1 and
            cell[0].get_attribute("data-label") == "actual" and
            cell[0].find_element(By.XPATH, "..").get_attribute("data-field")
            == PLANT_FIELD and
            cell[0].text == str(rows[PLANT_FRAME][PLANT_FIELD] + 1),
            "the table marks the divergent field at its frame",
            [(c.get_attribute("data-label"), c.text) for c in cell])
    press(Keys.ARROW_RIGHT)
    r.check(d.find_elements(By.CSS_SELECTOR, "#fields td.first-divergence")
            == [] and d.find_elements(By.CSS_SELECTOR, "#fields td.differs")
            == [], "a frame later nothing differs",
            len(d.find_elements(By.CSS_SELECTOR, "#fields td.differs")))
    r.check(severe(d) == [], "no console errors while stepping", severe(d))

    # ---- 4. the secondary path ---------------------------------------------------
    d.get("file://" + s2)
    shot = "return document.getElementById('map').toDataURL();"
    label = d.find_element(By.ID, "path2-label")
    r.check(label.is_displayed(), "a Sonic 2 page offers the secondary path")
    before = d.execute_script(shot)
    d.find_element(By.ID, "path2").click()
    after = d.execute_script(shot)
    d.find_element(By.ID, "path2").click()
    again = d.execute_script(shot)
    r.check(before != after and before == again,
            "the secondary path toggle redraws the map (and back)")
    r.check(severe(d) == [], "no console errors on the Sonic 2 page", severe(d))

    # ---- 5. the page alone, data beside it ------------------------------------------
    d.get("file://" + bare + "?s=" + SCENARIO)
    time.sleep(0.3)
    r.check(d.find_element(By.ID, "title").text == SCENARIO and
            d.find_element(By.ID, "error").text == "",
            "viewer.html?s=ID loads data/ID.js",
            d.find_element(By.ID, "title").text)
    press(Keys.ARROW_RIGHT)
    at_golden("and steps", 1)
    d.get("file://" + bare + "?data=data/" + SCENARIO + ".js")
    time.sleep(0.3)
    r.check(d.find_element(By.ID, "title").text == SCENARIO,
            "viewer.html?data=PATH loads it too")
    r.check(severe(d) == [], "no console errors with ?s= and ?data=", severe(d))
    d.get("file://" + bare)
    r.check("No data" in d.find_element(By.ID, "error").text and
            severe(d) == [],
            "the page alone says it has no data, without errors")
    print("browser: %s" % d.capabilities.get("browserVersion", "?"))


def special_browser_tests(r, d, page, rows):
    """6. a special-stage page: the maze, stepping, the angle, the planted
    divergence."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    def press(*keys):
        ActionChains(d).send_keys(*keys).perform()

    def shift(key):
        ActionChains(d).key_down(Keys.SHIFT).send_keys(key) \
            .key_up(Keys.SHIFT).perform()

    def at_golden(label, frame):
        st = d.find_element(By.ID, "status")
        g = d.find_element(By.CSS_SELECTOR, '#status .pos[data-label="golden"]')
        got = (int(st.get_attribute("data-frame")), st.get_attribute("data-x"),
               st.get_attribute("data-y"), g.get_attribute("data-x"),
               g.get_attribute("data-y"),
               d.find_element(By.ID, "angle").get_attribute("data-angle"))
        row = rows[frame]
        want = (frame, str(row["x"]), str(row["y"]), str(row["x"]),
                str(row["y"]), str(row["stage_angle"]))
        r.check(got == want, "special stage: " + label,
                "page %r, golden %r" % (got, want))

    def pixels(rgb):
        return d.execute_script(
            "var c = document.getElementById('map'), g = c.getContext('2d');"
            "var p = g.getImageData(0, 0, c.width, c.height).data, n = 0;"
            "for (var i = 0; i < p.length; i += 4)"
            "  if (p[i] === arguments[0] && p[i+1] === arguments[1] &&"
            "      p[i+2] === arguments[2]) n++;"
            "return n;", *rgb)

    d.get("file://" + page)
    r.check(severe(d) == [], "special stage: no console errors on load",
            severe(d))
    r.check(d.find_element(By.ID, "error").text == "",
            "special stage: no error shown",
            d.find_element(By.ID, "error").text)
    cells = int(d.find_element(By.ID, "map").get_attribute("data-cells")
                or 0)
    # at 2x, following the player: the golden's player (green) at the centre
    green = d.execute_script(
        "var c = document.getElementById('map'), g = c.getContext('2d');"
        "var p = g.getImageData(c.width / 2 - 30, c.height / 2 - 30, 60, 60)"
        ".data, n = 0;"
        "for (var i = 0; i < p.length; i += 4)"
        "  if (p[i+1] - Math.max(p[i], p[i+2]) > 60) n++;"
        "return n;")
    r.check(green > 20, "special stage: the golden's player is drawn at "
            "the centre", "green pixels %d" % green)
    d.find_element(By.ID, "zoom").send_keys("fit")
    walls, bumpers = pixels((0x60, 0x60, 0x60)), pixels((0xd9, 0x33, 0x40))
    r.check(cells > 500 and walls > 1000 and bumpers > 100,
            "special stage: the maze is drawn (walls and bumpers)",
            "blocks %d, wall pixels %d, bumper pixels %d"
            % (cells, walls, bumpers))
    legend = d.find_element(By.ID, "legend-special")
    r.check(legend.is_displayed() and "bumper" in legend.text and
            "glass" in legend.text, "special stage: the blocks' legend",
            legend.text)
    at_golden("frame 0 at the golden's position and angle", 0)
    press(Keys.ARROW_RIGHT)
    at_golden("right: frame 1", 1)
    shift(Keys.ARROW_RIGHT)
    at_golden("shift+right: frame 11", 11)
    for _ in range(3):
        shift(Keys.ARROW_RIGHT)
    press(Keys.ARROW_LEFT)
    at_golden("shift+right x3, left: frame 40", 40)
    r.check((rows[40]["x"], rows[40]["y"], rows[40]["stage_angle"]) !=
            (rows[0]["x"], rows[0]["y"], rows[0]["stage_angle"]),
            "special stage: the player and the stage moved meanwhile")
    press(Keys.END)
    at_golden("End: the last frame", len(rows) - 1)
    press(Keys.HOME)
    at_golden("Home: frame 0", 0)

    div = d.find_element(By.CSS_SELECTOR, '.divergence[data-label="actual"]')
    r.check(div.get_attribute("data-frame") == str(SS_PLANT_FRAME) and
            div.get_attribute("data-field") == SS_PLANT_FIELD,
            "special stage: the divergence is named: frame %d, %s"
            % (SS_PLANT_FRAME, SS_PLANT_FIELD), div.text)
    core = d.find_element(By.CSS_SELECTOR, '.divergence[data-label="core"]')
    r.check("none" in core.get_attribute("class").split(),
            "special stage: the core agrees with the golden", core.text)
    ticks = d.find_elements(By.CSS_SELECTOR, '#ticks .tick[data-label="actual"]')
    r.check(len(ticks) == 1 and
            ticks[0].get_attribute("data-frame") == str(SS_PLANT_FRAME),
            "special stage: the timeline marks the divergent frame",
            [t.get_attribute("data-frame") for t in ticks])
    div.click()
    at_golden("clicking the divergence goes to its frame", SS_PLANT_FRAME)
    cell = d.find_elements(By.CSS_SELECTOR, "#fields td.first-divergence")
    r.check(len(cell) == 1 and
            cell[0].get_attribute("data-label") == "actual" and
            cell[0].find_element(By.XPATH, "..").get_attribute("data-field")
            == SS_PLANT_FIELD and
            cell[0].text == str(rows[SS_PLANT_FRAME][SS_PLANT_FIELD] + 1),
            "special stage: the table marks the divergent field",
            [(c.get_attribute("data-label"), c.text) for c in cell])
    r.check(severe(d) == [], "special stage: no console errors while "
            "stepping", severe(d))


if __name__ == "__main__":
    sys.exit(main())
