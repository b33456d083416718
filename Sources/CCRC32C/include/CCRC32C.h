#ifndef ATOMSCOPE_CCRC32C_H
#define ATOMSCOPE_CCRC32C_H

#include <stddef.h>
#include <stdint.h>

// The module is this header: what else it offers is included here.
#include "CFrameSearch.h"
#include "CStepIndex.h"
#include "CStepSkim.h"

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

/// The raw CRC-32C register after `count` bytes from `crc`, for `count` below 16: straight-line
/// code for the few bytes between a block's start and a frame's start or end, where the
/// general loop's set-up would cost more than the bytes. Only call it when
/// atomscope_crc32c_hardware_available() returned nonzero.
uint32_t atomscope_crc32c_hardware_short(uint32_t crc, const void *bytes, size_t count);

/// The shortest and longest shifts atomscope_crc32c_shift_hardware takes, in bytes: from a
/// frame's checksummed header fields (9 bytes) to those plus 4096 * 4097 - 1 bytes, beyond
/// the largest frame.
#define ATOMSCOPE_CRC32C_SHIFT_MINIMUM 9
#define ATOMSCOPE_CRC32C_SHIFT_MAXIMUM 16781320  // 9 + 4096 * 4097 - 1

/// Whether this processor has the carry-less multiply and CRC instructions that
/// atomscope_crc32c_shift_hardware needs. The first call builds its tables; safe to call
/// from any thread.
int atomscope_crc32c_shift_hardware_available(void);

/// The raw CRC-32C register (reflected, no inversion) after `count` zero bytes from `crc`,
/// for ATOMSCOPE_CRC32C_SHIFT_MINIMUM <= count <= ATOMSCOPE_CRC32C_SHIFT_MAXIMUM. Only call it
/// when atomscope_crc32c_shift_hardware_available() returned nonzero.
uint32_t atomscope_crc32c_shift_hardware(uint32_t crc, size_t count);

#endif
