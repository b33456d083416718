#ifndef ATOMSCOPE_CSTEPINDEX_H
#define ATOMSCOPE_CSTEPINDEX_H

#include <stddef.h>
#include <stdint.h>

/// Where a step is and when it happened, whole: the fields of JournalIndex.StepEntry, in its
/// order.
typedef struct {
    int64_t offset;
    int64_t commit;
    int64_t time;
} atomscope_step_entry;

/// A block of ATOMSCOPE_STEP_BLOCK steps: its first step's entry, and where its entries lie
/// (the fields of JournalIndex.StepBlock, in its order). `start` is the place of its first
/// entry among the list's differences (atomscope_step_difference), or, for a block whose
/// differences did not fit and that is kept whole, the complement (~) of its place among the
/// whole entries.
typedef struct {
    int64_t offset;
    int64_t commit;
    int64_t time;
    int64_t start;
} atomscope_step_block;

/// Where a step is and when it happened, as its differences from its block's first step (at
/// most 2^32 - 1 each, none negative): the fields of JournalIndex.StepDifference.
typedef struct {
    uint32_t offset;
    uint32_t commit;
    uint32_t time;
} atomscope_step_difference;

/// How many steps a block holds.
#define ATOMSCOPE_STEP_BLOCK 256

/// A run of step frames for atomscope_index_steps to validate and index.
typedef struct {
    /// The bytes in memory (the reader's window) and how many there are.
    const unsigned char *bytes;
    size_t count;
    /// In: where the first frame starts, in `bytes`. Out: after the last frame taken.
    size_t position;
    /// The file offset of bytes[0], for the entries' offsets.
    int64_t file_offset;
    /// The CRC-32C register after the journal's salt (the inverted salt state).
    uint32_t seed;
    /// The record type byte of a step, and the largest payload a frame may declare.
    uint8_t step_type;
    uint32_t maximum_payload;
    /// In: the sequence number the next frame must have, and the commit and time the next
    /// step's differences apply to. Out: the same after the frames taken.
    uint64_t sequence;
    int64_t commit;
    int64_t time;
    /// ATOMSCOPE_STEP_INDEX_ZEROS registers from atomscope_step_index_zeros for `seed`.
    const uint32_t *zeros;
    /// Where the entries of blocks of differences go: room for `capacity`, of which `used`
    /// are taken (in and out).
    atomscope_step_difference *entries;
    size_t capacity;
    size_t used;
    /// Where the entries of a block kept whole go: room for `wide_capacity`, of which
    /// `wide_used` are taken (in and out).
    atomscope_step_entry *wide;
    size_t wide_capacity;
    size_t wide_used;
    /// The step list's count before the first entry taken (where blocks start: at every
    /// ATOMSCOPE_STEP_BLOCK-th), and its count of differences before entries[0].
    size_t first_position;
    size_t first_difference;
    /// In: the block the list's next entry falls in (unused when that entry starts a block).
    /// Out: the block the last entry taken falls in.
    atomscope_step_block block;
    /// Where the blocks that entries taken start go: room for `block_capacity`, of which
    /// `blocks_used` are taken (in and out).
    atomscope_step_block *blocks;
    size_t block_capacity;
    size_t blocks_used;
    /// Out: how many of the frames taken were taken one at a time, the usual way (the rest
    /// went four side by side); added to what it held. For tests, which show with it that the
    /// usual steps take the short way.
    size_t taken_singly;
} atomscope_step_run;

/// How many registers atomscope_step_index_zeros fills: frames whose checksummed bytes are
/// fewer are checksummed from zero (step_index.c says why).
#define ATOMSCOPE_STEP_INDEX_ZEROS 1024

/// Fills `zeros` with the CRC-32C register after 0, 1, ... ATOMSCOPE_STEP_INDEX_ZEROS - 1
/// zero bytes from `seed`. Only call it when atomscope_crc32c_hardware_available() returned
/// nonzero.
void atomscope_step_index_zeros(uint32_t seed, uint32_t *zeros);

/// Takes consecutive step frames from `run->position` while each lies whole in the bytes, is
/// valid (length, checksum, sequence number) and holds two differences of at most eight
/// varint bytes each (the commit not negative), appending an entry for each, and a block for
/// each that starts one; returns how many it took. A block starts as differences; a step
/// whose entry does not fit its block's differences is not taken (the Swift code then keeps
/// the block whole, and the loop takes the block's later steps whole). `entries` and `blocks`
/// must not be NULL. It stops before the first frame that is anything else, leaving it to the
/// reader's general rules, which decide what it is. Only call it when
/// atomscope_crc32c_hardware_available() returned nonzero (elsewhere than x86-64 it takes
/// nothing).
size_t atomscope_index_steps(atomscope_step_run *run);

#endif
