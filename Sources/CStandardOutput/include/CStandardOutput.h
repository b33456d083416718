#ifndef ATOMSCOPE_STANDARD_OUTPUT_H
#define ATOMSCOPE_STANDARD_OUTPUT_H

#include <stddef.h>

// The C library's `stdout` is a global variable, which Swift 6 cannot read safely; this keeps
// it on the C side.

/// Writes `count` bytes and a newline to stdout through the C library's buffer, where Swift's
/// `print` writes too, so that lines written either way keep their order.
void atomscope_write_line(const char *bytes, size_t count);

#endif
