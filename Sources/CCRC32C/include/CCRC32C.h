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

/// Four independent checksums computed side by side. Each CRC instruction waits for the one
/// before it in its own chain, so a short frame's checksum is bound by that latency; four
/// chains in step keep the unit busy. `crc` holds the starting registers and receives the
/// results (raw registers, as above).
typedef struct {
    const void *bytes[4];
    size_t count[4];
    uint32_t crc[4];
} atomscope_crc32c_lanes;

/// Fills in `lanes->crc` for all four lanes. Only call it when
/// atomscope_crc32c_hardware_available() returned nonzero.
void atomscope_crc32c_hardware_lanes(atomscope_crc32c_lanes *lanes);

#endif
