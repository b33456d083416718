#ifndef ATOMSCOPE_EDITLINE_SUPPORT_H
#define ATOMSCOPE_EDITLINE_SUPPORT_H

// libedit's readline-compatible API works through global variables, which Swift 6 cannot
// touch safely; these functions keep them on the C side.

/// Returns the completion candidate number `index` (0, 1, 2, ...) for `word`, the word being
/// completed, in `line`, the text before the cursor; a malloc'd string, or NULL after the last.
typedef char *(*atomscope_candidate_function)(const char *line, const char *word, int index);

/// Sets up line editing, history and completion through `candidates`.
void atomscope_editline_install(const char *program_name, atomscope_candidate_function candidates);

/// Reads one line with editing; returns a malloc'd string without the newline, or NULL at the
/// end of input.
char *atomscope_editline_read(const char *prompt);

/// Adds a line to the history that the up and down arrows walk.
void atomscope_editline_remember(const char *line);

#endif
