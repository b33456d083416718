#ifndef ATOMSCOPE_CFRAMESEARCH_H
#define ATOMSCOPE_CFRAMESEARCH_H

#include <stddef.h>
#include <stdint.h>

/// A candidate frame waiting for the sweep to reach its end: it is valid when the register
/// there equals `target`.
typedef struct {
    int64_t end;
    uint32_t size;
    uint32_t target;
} atomscope_frame_candidate;

/// The search for the first valid frame after damage, as the reader's portable Swift loop
/// does it (JournalReader+Resync.swift), with the processor's CRC and carry-less multiply
/// instructions. The caller owns every buffer; the sweep never allocates, and returns
/// ATOMSCOPE_FRAME_SEARCH_FULL before a block whose candidates might not fit.
typedef struct {
    // Fixed for one search.
    int64_t damaged;
    uint64_t expected;
    int64_t file_size;
    uint32_t seed;
    uint32_t maximum_payload;
    // Where the sweep is, and the raw register over the bytes from damaged + 1 to there.
    int64_t offset;
    uint32_t reg;
    // Candidates that arrived in order of their ends: a ring whose capacity is a power of two.
    atomscope_frame_candidate *ring;
    size_t ring_capacity;
    size_t ring_head;
    size_t ring_count;
    // The others: a binary min-heap by end (and, for one end, the one that starts first).
    atomscope_frame_candidate *heap;
    size_t heap_capacity;
    size_t heap_count;
    // Candidates that passed the cheap checks.
    uint64_t candidates;
    // The frame found: its offset and end.
    int64_t found_start;
    int64_t found_end;
    // One past the last file offset `window` holds, which may be beyond `end` + 17: where it
    // is, candidates are tested early (0: never).
    int64_t window_limit;
} atomscope_frame_search;

#define ATOMSCOPE_FRAME_SEARCH_REACHED_END 0
#define ATOMSCOPE_FRAME_SEARCH_FOUND 1
#define ATOMSCOPE_FRAME_SEARCH_FULL 2
#define ATOMSCOPE_FRAME_SEARCH_DRAINED 3

/// The room the sweep wants in the ring and in the heap before a block: its sixteen offsets
/// may each start a candidate.
#define ATOMSCOPE_FRAME_SEARCH_ROOM 16

/// Whether atomscope_frame_search_sweep can run here (SSE 4.2 and PCLMULQDQ).
int atomscope_frame_search_available(void);

/// Sweeps from search->offset up to `end`. `window` holds the file's bytes from offset `base`
/// through min(end + 17, file_size). Returns ATOMSCOPE_FRAME_SEARCH_FOUND with found_start and
/// found_end set, ATOMSCOPE_FRAME_SEARCH_REACHED_END with offset == end, or
/// ATOMSCOPE_FRAME_SEARCH_FULL when the ring or the heap has room for fewer than
/// ATOMSCOPE_FRAME_SEARCH_ROOM more candidates: grow them and call again. Only call it when
/// atomscope_frame_search_available() returned nonzero.
int atomscope_frame_search_sweep(atomscope_frame_search *search, const unsigned char *window, int64_t base, int64_t end);


/// Sweeps from search->offset up to `end` only to test the candidates already pending, taking
/// no new ones: the first half of a search split in two, over bytes whose candidates the
/// second half took. Returns ATOMSCOPE_FRAME_SEARCH_FOUND, ATOMSCOPE_FRAME_SEARCH_REACHED_END
/// with offset == end, or ATOMSCOPE_FRAME_SEARCH_DRAINED when nothing is pending (offset is then
/// where the last one ended). `window` is as for atomscope_frame_search_sweep.
int atomscope_frame_search_settle(atomscope_frame_search *search, const unsigned char *window, int64_t base, int64_t end);

/// Joins the two halves of a split search. `search` had `reg_at_split` as its register at
/// `split`; `other` swept on from `split`, starting from register 0, and holds the candidates
/// that start after it. Their targets are moved into `search`'s register (CRC-32C is linear,
/// so the two registers differ by `reg_at_split` moved on over the bytes between) and put in
/// its heap; `search` then stands where `other` stopped, with `other`'s register made its own.
/// Counts of work are the caller's to add. Returns ATOMSCOPE_FRAME_SEARCH_FULL, changing
/// nothing, when the heap lacks room for them all, otherwise ATOMSCOPE_FRAME_SEARCH_REACHED_END.
int atomscope_frame_search_adopt(atomscope_frame_search *search, const atomscope_frame_search *other, int64_t split, uint32_t reg_at_split);

#endif
