/*
 * commands.h - the spgsim subcommands. Each takes the arguments after the
 * subcommand name (argv[0] is the subcommand) and returns the exit status:
 * 0 success, 1 a check or comparison failed, 2 bad usage or bad input.
 */
#ifndef SPGSIM_COMMANDS_H
#define SPGSIM_COMMANDS_H

/* The program's version (spgsim --version; import-level's header). */
#define SPGSIM_VERSION "0.1.0"

int cmd_run(int argc, char **argv);            /* harness/cli/run.c */
int cmd_check(int argc, char **argv);          /* harness/cli/check.c */
int cmd_diff(int argc, char **argv);           /* harness/cli/diff.c */
int cmd_new(int argc, char **argv);            /* harness/cli/new.c */
int cmd_capture(int argc, char **argv);        /* harness/cli/capture.c */
int cmd_import_inputs(int argc, char **argv);  /* harness/cli/import.c */
int cmd_import_level(int argc, char **argv);   /* harness/cli/import_level.c */
int cmd_export(int argc, char **argv);         /* harness/cli/export.c */
int cmd_fuzz(int argc, char **argv);           /* harness/cli/fuzz.c */
int cmd_games(int argc, char **argv);          /* harness/cli/games.c */
int cmd_view(int argc, char **argv);           /* harness/cli/view.c */

#endif /* SPGSIM_COMMANDS_H */
