/*
 * main.c - `spgsim <command> ...`: dispatch to the subcommands.
 */
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "spg/spg.h"

static const struct {
    const char *name;
    int (*fn)(int, char **);
    const char *help;
} commands[] = {
    {"run", cmd_run, "run a scenario through the core, write its trace"},
    {"check", cmd_check, "run scenarios and compare with their goldens"},
    {"diff", cmd_diff, "first divergence between two traces"},
    {"capture", cmd_capture, "record goldens from the original game's code"},
    {"new", cmd_new, "write a new scenario from a template"},
    {"import-inputs", cmd_import_inputs,
     "turn a BizHawk/Gens movie into an input script"},
    {"import-level", cmd_import_level,
     "an act of your own ROM image as a scenario (never committed)"},
    {"export", cmd_export, "scenarios as JSON test vectors or BizHawk movies"},
    {"fuzz", cmd_fuzz, "differential fuzzing against the original code"},
    {"games", cmd_games, "the games, characters and ROM images it knows"},
    {"view", cmd_view, "the trace viewer: a scenario's map and traces as "
                       "an HTML page"},
};

#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *f)
{
    fputs("usage: spgsim <command> [arguments]\n"
          "       spgsim --help | --version\n\n"
          "commands:\n",
          f);
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(f, "  %-14s %s\n", commands[i].name, commands[i].help);
    fputs("\n'spgsim <command> --help' describes a command's arguments.\n",
          f);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 ||
        strcmp(cmd, "help") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("spgsim %s (core %s)\n", SPGSIM_VERSION, SPG_VERSION);
        return 0;
    }
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(cmd, commands[i].name) == 0)
            return commands[i].fn(argc - 1, argv + 1);
    fprintf(stderr, "spgsim: unknown command '%s'\n\n", cmd);
    usage(stderr);
    return 2;
}
