// libedit (Debian: libedit-dev): line editing, history and completion for the REPL.
#include <stdio.h>
#include <histedit.h>
#include <editline/readline.h>
