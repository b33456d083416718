#ifndef ATOMSCOPE_CCRC32C_H
#define ATOMSCOPE_CCRC32C_H

#include <stddef.h>
#include <stdint.h>

/// Whether this processor computes CRC-32C in hardware (SSE 4.2 on x86-64, the CRC
/// extension on AArch64). Checked once per process by the caller.
int atomscope_crc32c_hardware_available(void);

/// The raw CRC-32C register (reflected, no inversion) after `count` bytes from `register`,
/// computed with the processor's CRC instructions. Only call it when
/// atomscope_crc32c_hardware_available() returned nonzero.
uint32_t atomscope_crc32c_hardware(uint32_t crc, const void *bytes, size_t count);

#endif
