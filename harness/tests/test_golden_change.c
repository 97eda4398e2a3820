/*
 * test_golden_change.c - what `spgsim capture` says about a rewritten
 * golden: new, unchanged, changed (where), header only, new columns.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check/golden_change.h"
#include "test.h"
#include "test_files.h"

static char tmpdir[64];

static const char *hdr = "# spgsim trace\n# rom_md5: "
                         "09dadb5071eb35050067a32462e39c5f\n";

static golden_change rewrite(const char *path, const char *text, char *detail,
                             size_t n)
{
    golden_before b;
    golden_before_read(&b, path);
    if (write_text(path, text) != 0)
        return (golden_change)-1;
    return golden_after(&b, path, detail, n);
}

static void test_changes(void)
{
    char path[128], detail[256], text[512];
    snprintf(path, sizeof path, "%s/g.csv", tmpdir);
    snprintf(text, sizeof text, "%sframe,x,y\n0,10,20\n1,11,20\n2,12,21\n",
             hdr);
    CHECK_EQ(rewrite(path, text, detail, sizeof detail), GOLDEN_NEW);
    CHECK(strcmp(golden_change_name(GOLDEN_NEW), "new") == 0);
    CHECK_EQ(rewrite(path, text, detail, sizeof detail), GOLDEN_UNCHANGED);
    CHECK(strcmp(detail, "") == 0);

    snprintf(text, sizeof text, "%sframe,x,y\n0,10,20\n1,11,22\n2,12,23\n",
             hdr);
    CHECK_EQ(rewrite(path, text, detail, sizeof detail), GOLDEN_CHANGED);
    CHECK(strcmp(detail, "frame 1, y: was 20, now 22 (2 divergent frames)")
          == 0);
    if (strcmp(detail, "frame 1, y: was 20, now 22 (2 divergent frames)"))
        printf("  detail: %s\n", detail);

    snprintf(text, sizeof text, "# spgsim trace\n# rom_md5: "
             "1bc674be034e43c96b86487ac69d9293\nframe,x,y\n0,10,20\n1,11,22\n"
             "2,12,23\n");
    CHECK_EQ(rewrite(path, text, detail, sizeof detail), GOLDEN_CHANGED);
    CHECK(strcmp(detail, "the header only") == 0);

    snprintf(text, sizeof text, "frame,x,y,z\n0,10,20,0\n1,11,22,0\n"
             "2,12,23,0\n");
    CHECK_EQ(rewrite(path, text, detail, sizeof detail), GOLDEN_CHANGED);
    CHECK(strcmp(detail, "new columns") == 0);

    snprintf(text, sizeof text, "frame,x,y,z\n0,10,20,0\n1,11,22,0\n");
    CHECK_EQ(rewrite(path, text, detail, sizeof detail), GOLDEN_CHANGED);
    CHECK(strcmp(detail, "2 rows, were 3") == 0);

    CHECK_EQ(write_text(path, "garbage\n"), 0);
    CHECK_EQ(rewrite(path, text, detail, sizeof detail), GOLDEN_CHANGED);
    CHECK(strcmp(detail, "not readable before") == 0);
    unlink(path);
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/spgsim-test-golden-XXXXXX");
    if (mkdtemp(tmpdir) == NULL) {
        perror("mkdtemp");
        return 1;
    }
    RUN(test_changes);
    rmdir(tmpdir);
    TEST_MAIN_END();
}
