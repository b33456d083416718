// One line to stdout without Swift's `print`, which boxes the text into `Any` and asks the
// runtime what it holds: about 6,000 instructions a line, more than `atomscope log` spends
// making one.

#include "CStandardOutput.h"

#include <stdio.h>

void atomscope_write_line(const char *bytes, size_t count) {
    if (count > 0) {
        fwrite(bytes, 1, count, stdout);
    }
    putc('\n', stdout);
}
