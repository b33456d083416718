#include "editline_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <editline/readline.h>

static atomscope_candidate_function candidate_function;
static char *completion_line;

static char *generate(const char *word, int state) {
    if (candidate_function == NULL) {
        return NULL;
    }
    return candidate_function(completion_line != NULL ? completion_line : "", word, state);
}

static char **complete(const char *word, int start, int end) {
    (void)start;
    // Without this, libedit falls back to completing file names.
    rl_attempted_completion_over = 1;
    free(completion_line);
    completion_line = strndup(rl_line_buffer != NULL ? rl_line_buffer : "", end > 0 ? (size_t)end : 0);
    return rl_completion_matches(word, generate);
}

void atomscope_editline_install(const char *program_name, atomscope_candidate_function candidates) {
    candidate_function = candidates;
    rl_readline_name = program_name;
    rl_attempted_completion_function = complete;
    using_history();
}

char *atomscope_editline_read(const char *prompt) {
    return readline(prompt);
}

void atomscope_editline_remember(const char *line) {
    add_history(line);
}
