/*
 * test.h - a very small unit test kit.  A test file defines test functions
 * and a main() that runs each with RUN(); TEST_MAIN_END prints the line
 * "N passed, N failed" (N = test functions) that ci/run-tests.sh adds up.
 */
#ifndef SPG_TEST_H
#define SPG_TEST_H

#include <stdio.h>

static int test_passed, test_failed, test_current_failed;

#define CHECK(cond)                                                         \
    do {                                                                    \
        if (!(cond)) {                                                      \
            printf("  %s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            test_current_failed = 1;                                        \
        }                                                                   \
    } while (0)

#define CHECK_EQ(actual, expected)                                          \
    do {                                                                    \
        long long a_ = (long long)(actual), e_ = (long long)(expected);     \
        if (a_ != e_) {                                                     \
            printf("  %s:%d: %s = %lld, expected %lld\n", __FILE__,         \
                   __LINE__, #actual, a_, e_);                              \
            test_current_failed = 1;                                        \
        }                                                                   \
    } while (0)

#define RUN(fn)                                                             \
    do {                                                                    \
        test_current_failed = 0;                                            \
        fn();                                                               \
        if (test_current_failed) {                                          \
            test_failed++;                                                  \
            printf("FAIL %s\n", #fn);                                       \
        } else {                                                            \
            test_passed++;                                                  \
        }                                                                   \
    } while (0)

#define TEST_MAIN_END()                                                     \
    do {                                                                    \
        printf("%d passed, %d failed\n", test_passed, test_failed);        \
        return test_failed ? 1 : 0;                                         \
    } while (0)

#endif /* SPG_TEST_H */
