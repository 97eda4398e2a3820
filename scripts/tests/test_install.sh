#!/bin/bash
# test_install.sh - the library as others ship it: `make install PREFIX=...`
# into a temporary prefix, then small programs built against the installed
# files through pkg-config, from C and from C++, linked with the shared and
# with the static library; only spg_ symbols exported; make uninstall.
#
#   bash scripts/tests/test_install.sh      (from anywhere)
# Ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/../.." || exit 2
PASSED=0
FAILED=0
ok()  { PASSED=$((PASSED + 1)); }
bad() { FAILED=$((FAILED + 1)); echo "FAIL: $*"; }
check() { local label=$1; shift; if "$@"; then ok; else bad "$label"; fi; }

tmp=$(mktemp -d /tmp/spg_install_test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix

if ! make -s install PREFIX="$prefix" >"$tmp/install.log" 2>&1; then
    cat "$tmp/install.log"
    bad "make install PREFIX=$prefix"
    echo "$PASSED passed, $FAILED failed"
    exit 1
fi
ok
version=$(sed -n 's/^#define SPG_VERSION "\(.*\)"$/\1/p' core/include/spg/spg.h)
major=${version%%.*}
for f in lib/libspg.a "lib/libspg.so.$version" "lib/libspg.so.$major" lib/libspg.so \
         include/spg/spg.h include/spg/special.h lib/pkgconfig/spg.pc; do
    check "installed $f" test -e "$prefix/$f"
done
check "libspg.so is a symlink to the versioned file" \
    test "$(readlink "$prefix/lib/libspg.so.$major")" = "libspg.so.$version"
soname=$(objdump -p "$prefix/lib/libspg.so.$version" | awk '/SONAME/ {print $2}')
check "soname libspg.so.$major (got '$soname')" test "$soname" = "libspg.so.$major"

# exported symbols: exactly the SPG_API functions of the public headers
api=$(sed -n 's/^SPG_API [a-z_0-9 *]*[ *]\(spg_[a-z_0-9]*\)(.*/\1/p' core/include/spg/*.h | sort)
exported=$(nm -D --defined-only "$prefix/lib/libspg.so.$version" | awk '{print $3}' | sort)
check "exported symbols are the public API (got: $(echo $exported))" \
    test -n "$api" -a "$api" = "$exported"
nonspg=$(nm -g --defined-only "$prefix/lib/libspg.a" | awk 'NF == 3 {print $3}' | grep -v '^spg_' || true)
check "every global of libspg.a starts with spg_ (not: $nonspg)" test -z "$nonspg"

# pkg-config
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
check "pkg-config --modversion spg = $version" \
    test "$(pkg-config --modversion spg)" = "$version"
check "pkg-config --cflags names the include dir" \
    test "$(echo $(pkg-config --cflags spg))" = "-I$prefix/include"

# A program using the whole public API; the same source as C and as C++.
cat >"$tmp/walk.c" <<'PROG'
#include <spg/spg.h>
#include <stdio.h>
#include <string.h>

/* Walk right on a floor of full blocks for 90 frames; print the state. */
int main(void)
{
    char v[32];
    spg_profile pr;
    spg_mask masks[2];
    uint16_t cells[40];
    spg_map map = spg_map_default();
    spg_player p;
    spg_input in = {SPG_BTN_RIGHT, SPG_BTN_RIGHT};
    int i;

    snprintf(v, sizeof v, "%d.%d.%d", SPG_VERSION_MAJOR, SPG_VERSION_MINOR,
             SPG_VERSION_PATCH);
    if (strcmp(v, SPG_VERSION) != 0 ||
        SPG_VERSION_NUMBER != SPG_VERSION_MAJOR * 10000 +
                                  SPG_VERSION_MINOR * 100 + SPG_VERSION_PATCH)
        return 3;
    if (spg_profile_get(SPG_GAME_SONIC1, SPG_CHAR_SONIC, SPG_VARIANT_NORMAL,
                        &pr) != 0)
        return 4;
    memset(masks, 0, sizeof masks);
    for (i = 0; i < 16; i++)
        masks[1].heights[i] = 16;
    masks[1].angle = 0xFF;
    spg_mask_derive_widths(&masks[1]);
    for (i = 0; i < 40; i++)
        cells[i] = 1 | SPG_CELL_TOP_SOLID | SPG_CELL_SIDE_SOLID;
    map.masks = masks;
    map.mask_count = 2;
    map.cells = cells;
    map.x0 = 32;
    map.y0 = 46; /* floor top at 736 */
    map.width = 40;
    map.height = 1;
    p = spg_player_default(&pr);
    p.x = (int32_t)(600u << 16);
    p.y = (int32_t)(716u << 16);
    for (i = 0; i < 90; i++) {
        spg_step(&pr, &map, in, &p);
        in.pressed = 0;
    }
    printf("%s x=%ld y=%ld gs=%d\n", SPG_VERSION, (long)(p.x >> 16),
           (long)(p.y >> 16), p.ground_speed);
    return 0;
}
PROG
cp "$tmp/walk.c" "$tmp/walk.cpp"
# shellcheck disable=SC2046
cc -std=c99 -Wall -Wextra -Werror -o "$tmp/walk_c" "$tmp/walk.c" \
    $(pkg-config --cflags --libs spg) -Wl,-rpath,"$prefix/lib" 2>"$tmp/cc.log"
check "C program builds against the installed shared library ($(cat "$tmp/cc.log"))" test -x "$tmp/walk_c"
# shellcheck disable=SC2046
c++ -std=c++11 -Wall -Wextra -Werror -o "$tmp/walk_cpp" "$tmp/walk.cpp" \
    $(pkg-config --cflags --libs spg) -Wl,-rpath,"$prefix/lib" 2>"$tmp/cxx.log"
check "C++ program builds against the installed shared library ($(cat "$tmp/cxx.log"))" test -x "$tmp/walk_cpp"
# shellcheck disable=SC2046
cc -std=c99 -o "$tmp/walk_static" "$tmp/walk.c" $(pkg-config --cflags spg) \
    "$prefix/lib/libspg.a" 2>"$tmp/st.log"
check "C program links the installed static library ($(cat "$tmp/st.log"))" test -x "$tmp/walk_static"

out_c=$("$tmp/walk_c" 2>&1); rc_c=$?
out_cpp=$("$tmp/walk_cpp" 2>&1); rc_cpp=$?
out_st=$("$tmp/walk_static" 2>&1); rc_st=$?
check "C program runs (exit $rc_c: $out_c)" test "$rc_c" -eq 0
check "the shared library in use is the installed one" \
    sh -c "ldd '$tmp/walk_c' | grep -q '$prefix/lib/libspg.so.$major'"
check "C++ program runs and agrees with C ('$out_cpp' vs '$out_c')" \
    test "$rc_cpp" -eq 0 -a "$out_cpp" = "$out_c"
check "static build agrees ('$out_st')" test "$rc_st" -eq 0 -a "$out_st" = "$out_c"

# The special stage through the installed header and shared library: a
# box of walls, the player dropped in with the stage still, rolling right
# (12 subpixels a frame more each frame: 50 frames -> 600).
cat >"$tmp/special.c" <<'PROG'
#include <spg/special.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    spg_ss_state *s = malloc(sizeof *s);
    spg_input in = {SPG_BTN_RIGHT, SPG_BTN_RIGHT};
    int r, c, i;
    if (s == NULL)
        return 3;
    spg_ss_reset(s);
    for (r = 0; r < 8; r++)
        for (c = 0; c < 8; c++)
            if (r == 0 || c == 0 || r == 7 || c == 7)
                s->layout[(SPG_SS_STAGE_ORIGIN + r) * SPG_SS_ROW +
                          SPG_SS_STAGE_ORIGIN + c] = 1;
    s->x = (int32_t)(808u << 16);
    s->y = (int32_t)(760u << 16);
    s->rotation = 0;
    for (i = 0; i < 50; i++) {
        spg_ss_step(s, in);
        in.pressed = 0;
    }
    printf("%d %d x=%ld y=%ld gs=%d\n",
           spg_ss_is_solid(spg_ss_block(s, 0x20, 0x20)), s->routine,
           (long)(s->x >> 16), (long)(s->y >> 16), s->ground_speed);
    free(s);
    return 0;
}
PROG
# shellcheck disable=SC2046
cc -std=c99 -Wall -Wextra -Werror -o "$tmp/special_c" "$tmp/special.c" \
    $(pkg-config --cflags --libs spg) -Wl,-rpath,"$prefix/lib" 2>"$tmp/ss.log"
check "special-stage program builds against the installed library ($(cat "$tmp/ss.log"))" test -x "$tmp/special_c"
out_ss=$("$tmp/special_c" 2>&1); rc_ss=$?
check "special-stage program runs (exit $rc_ss: $out_ss)" test "$rc_ss" -eq 0
case "$out_ss" in
    "1 2 x=867 y=843 gs=600") ok ;;
    *) bad "the special-stage run ended unexpectedly: $out_ss" ;;
esac
# 90 frames of acceleration from rest: 90 * 12 = 1080 subpixels/frame
case "$out_c" in
    "$version x="*" y=716 gs=1080") ok ;;
    *) bad "the walk ended somewhere unexpected: $out_c" ;;
esac

# staged install (DESTDIR) and uninstall
make -s install PREFIX=/opt/spg DESTDIR="$tmp/stage" >/dev/null 2>&1
check "DESTDIR install puts files under the stage" \
    test -f "$tmp/stage/opt/spg/include/spg/spg.h"
check "spg.pc names the real prefix, not the stage" \
    grep -qx 'prefix=/opt/spg' "$tmp/stage/opt/spg/lib/pkgconfig/spg.pc"
make -s uninstall PREFIX="$prefix" >/dev/null 2>&1
left=$(find "$prefix" -type f -o -type l | wc -l)
check "make uninstall removes every file ($left left)" test "$left" -eq 0

echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
