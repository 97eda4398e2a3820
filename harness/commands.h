/*
 * commands.h - the spgsim subcommands. Each takes the arguments after the
 * subcommand name (argv[0] is the subcommand) and returns the exit status:
 * 0 success, 1 a check or comparison failed, 2 bad usage or bad input.
 */
#ifndef SPGSIM_COMMANDS_H
#define SPGSIM_COMMANDS_H

int cmd_run(int argc, char **argv);            /* harness/cmd_run.c */
int cmd_check(int argc, char **argv);          /* harness/cmd_check.c */
int cmd_diff(int argc, char **argv);           /* harness/cmd_diff.c */
int cmd_new(int argc, char **argv);            /* harness/cmd_new.c */
int cmd_capture(int argc, char **argv);        /* harness/capture/cmd_capture.c */
int cmd_import_inputs(int argc, char **argv);  /* harness/cmd_import.c */
int cmd_export(int argc, char **argv);         /* harness/cmd_export.c */
int cmd_fuzz(int argc, char **argv);           /* harness/fuzz/cmd_fuzz.c */

#endif /* SPGSIM_COMMANDS_H */
