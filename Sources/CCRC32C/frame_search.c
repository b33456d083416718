// The search for a valid frame after damage (JournalReader+Resync.swift explains it), written
// with the processor's CRC and carry-less multiply instructions, which Swift cannot emit for
// one function alone. Garbage can hold a believable frame header every nine bytes, and each
// one needs its checksum tested: in Swift, with a call per register step and per shift, that
// took about 600 instructions a candidate, six times a clean scan of the same bytes. Here a
// candidate costs a few dozen, and the quiet stretches between candidates are swept eight
// bytes an instruction. The Swift loop stays as the portable version and the reference the
// tests compare this one with.

#include "CFrameSearch.h"

#if defined(__x86_64__)
#include <cpuid.h>
#include <string.h>
#include "CCRC32C.h"
#include "crc32c_internal.h"

#define HEADER_SIZE 17
// The sweep's step where candidates are dense: sixteen offsets share one test and one set of
// bookkeeping.
#define BLOCK 16
// A lead (below) starts after this many candidates of one length in a row, for lengths up to
// LEAD_MAXIMUM: starting one costs a checksum over that many bytes, so the candidates before
// it pay for it whatever the garbage does next.
#define LEAD_STREAK 16
#define LEAD_MAXIMUM (16 << 10)

int atomscope_frame_search_available(void) {
    return atomscope_crc32c_hardware_available() && atomscope_crc32c_shift_hardware_available();
}

// The register after `count` (below 8) bytes from `p`.
__attribute__((target("sse4.2")))
static inline uint32_t advance(uint32_t reg, const unsigned char *p, int64_t count) {
    return atomscope_crc32c_short_inline(reg, p, (size_t)count & 7);
}

// The register at `at` + index (index below 16), given `here` and `on`, the registers at `at`
// and `at` + 8. One address and one register picked without branches, so that the compiler
// keeps no address per case.
__attribute__((target("sse4.2"), always_inline))
static inline uint32_t advance_in_block(uint32_t here, uint32_t on, const unsigned char *at, int index) {
    int beyond = index & 8;
    return advance(beyond ? on : here, at + beyond, index & 7);
}

static inline uint32_t unmask(uint32_t masked) {
    uint32_t rotated = masked - 0xA282EAD8u;
    return (rotated << 15) | (rotated >> 17);
}

// Candidates are ordered by end and, for one end, the one that starts first (the larger).
static inline int precedes(atomscope_frame_candidate a, atomscope_frame_candidate b) {
    return a.end < b.end || (a.end == b.end && a.size > b.size);
}

__attribute__((always_inline)) static inline int64_t next_end(const atomscope_frame_search *s) {
    int64_t earliest = INT64_MAX;
    if (s->ring_count) earliest = s->ring[s->ring_head].end;
    if (s->heap_count && s->heap[0].end < earliest) earliest = s->heap[0].end;
    return earliest;
}

static void heap_push(atomscope_frame_search *s, atomscope_frame_candidate item) {
    size_t index = s->heap_count++;
    while (index > 0) {
        size_t parent = (index - 1) / 2;
        if (!precedes(item, s->heap[parent])) break;
        s->heap[index] = s->heap[parent];
        index = parent;
    }
    s->heap[index] = item;
}

static atomscope_frame_candidate heap_pop(atomscope_frame_search *s) {
    atomscope_frame_candidate top = s->heap[0];
    atomscope_frame_candidate last = s->heap[--s->heap_count];
    size_t index = 0;
    size_t count = s->heap_count;
    while (1) {
        size_t child = 2 * index + 1;
        if (child >= count) break;
        if (child + 1 < count && precedes(s->heap[child + 1], s->heap[child])) child += 1;
        if (!precedes(s->heap[child], last)) break;
        s->heap[index] = s->heap[child];
        index = child;
    }
    if (count) s->heap[index] = last;
    return top;
}

static inline void insert(atomscope_frame_search *s, atomscope_frame_candidate item, int64_t *tail_end) {
    // Candidates arrive in order of their starts, so one that ends with the last in the ring
    // starts after it and goes after it. The caller keeps that last end in `tail_end` rather
    // than loading it from the ring; once the ring has emptied it is an end the sweep has
    // passed, so every new candidate ends after it.
    if (item.end >= *tail_end) {
        s->ring[(s->ring_head + s->ring_count) & (s->ring_capacity - 1)] = item;
        s->ring_count += 1;
        *tail_end = item.end;
    } else {
        heap_push(s, item);
    }
}

// Removes the earliest candidate if it ends before `limit`; returns whether it did.
__attribute__((always_inline)) static inline int pop_before(atomscope_frame_search *s, int64_t limit, atomscope_frame_candidate *out) {
    int from_ring = s->ring_count && s->ring[s->ring_head].end < limit;
    int from_heap = s->heap_count && s->heap[0].end < limit;
    if (from_ring && from_heap) from_ring = !precedes(s->heap[0], s->ring[s->ring_head]);
    if (from_ring) {
        *out = s->ring[s->ring_head];
        s->ring_head = (s->ring_head + 1) & (s->ring_capacity - 1);
        s->ring_count -= 1;
        return 1;
    }
    if (from_heap) {
        *out = heap_pop(s);
        return 1;
    }
    return 0;
}

// Bit j of the result: bits j - width + 1 through j of x are all set. The window doubles at
// each step; `width` is a constant wherever this is called, so the loop unrolls into a few
// shifts by immediates.
__attribute__((always_inline)) static inline unsigned all_set_in_window(unsigned x, int width) {
    unsigned result = x;
    int have = 1;
    while (have < width) {
        int step = 2 * have <= width ? have : width - have;
        result &= result << step;
        have += step;
    }
    return result;
}

// Bit i set when a frame header at offset + i passes the first checks: its type byte is not
// zero and its sequence number could follow the damage. A pair of 16-byte compares finds the type
// bytes that are not zero and, when `zero_bytes` is not 0, a necessary condition on the
// sequence numbers that is never wrong when it says no: every number that could follow is
// below 2^(64 - 8 * zero_bytes), so its top `zero_bytes` bytes are zero, and unless `expected`
// is 0 one of its other bytes is not. Random bytes rarely hold a run of zeros that long, and
// zeros (what a file system leaves in blocks it never wrote) lack the byte that is not; so only
// offsets that look like a header closely are compared with the limit, by the caller, one by
// one.
__attribute__((target("sse4.2"), always_inline))
static inline unsigned plausible_headers(const unsigned char *p, const int zero_bytes, const int expected_nonzero) {
    // Bytes p + 8 through p + 31: the type bytes of headers at offset through offset + 15, and
    // their sequence numbers.
    __m128i low = _mm_loadu_si128((const __m128i *)(const void *)(p + 8));
    __m128i high = _mm_loadu_si128((const __m128i *)(const void *)(p + 16));
    unsigned zeros = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(low, _mm_setzero_si128()))
        | ((unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(high, _mm_setzero_si128())) << 8);
    // The type byte of the header at offset + i is byte i from p + 8.
    unsigned possible = ~zeros & 0xFFFFu;
    if (zero_bytes > 0) {
        // Bit j: bytes j - zero_bytes + 1 through j (from p + 8) are all zero.
        unsigned runs = all_set_in_window(zeros, zero_bytes);
        if (expected_nonzero) {
            // Bit j: one of the 8 - zero_bytes bytes before that run is not zero.
            runs &= ~(all_set_in_window(zeros, 8 - zero_bytes) << zero_bytes);
        }
        // The sequence number at p + 9 + i ends at byte 16 + i, bit 8 + i.
        possible &= runs >> 8;
    }
    return possible;
}

// The end of the frame whose header is at `offset` if it passes the cheap checks, else -1.
static inline int64_t candidate_end(const atomscope_frame_search *s, const unsigned char *p, int64_t offset, uint64_t spread) {
    if (offset + HEADER_SIZE > s->file_size) return -1;
    uint64_t later = load64(p + 9) - s->expected;
    if (later > spread) return -1;
    if ((int64_t)later * HEADER_SIZE > offset - s->damaged) return -1;
    if (p[8] == 0) return -1;
    uint32_t length = load32(p);
    if (length > s->maximum_payload) return -1;
    int64_t end = offset + HEADER_SIZE + (int64_t)length;
    return end <= s->file_size ? end : -1;
}

// The shift constant of the last candidate: garbage often repeats one length, and then the
// constant is not worked out again.
typedef struct {
    size_t count;
    uint32_t power;
    // How many candidates in a row had `count` (for the lead).
    int streak;
} shift_cache;

__attribute__((target("sse4.2,pclmul")))
static inline atomscope_frame_candidate make_candidate(const atomscope_frame_search *s, shift_cache *cache,
                                                        const unsigned char *p, int64_t offset, int64_t end, uint32_t start) {
    size_t count = (size_t)(end - (offset + 8));
    if (count != cache->count) {
        cache->count = count;
        cache->power = atomscope_shift_power(count);
        cache->streak = 0;
    }
    atomscope_frame_candidate candidate;
    candidate.end = end;
    candidate.size = (uint32_t)(end - offset);
    candidate.target = ~unmask(load32(p + 4)) ^ atomscope_multiply_times_x33(s->seed ^ start, cache->power);
    return candidate;
}

// How many top bytes every sequence number that could follow the damage has zero (0 when
// the numbers are too large for the test, up to 7).
static inline int zero_top_bytes(const atomscope_frame_search *s) {
    uint64_t spread = (uint64_t)(s->file_size / HEADER_SIZE);
    if (s->expected > UINT64_MAX - spread) return 0;
    uint64_t largest = s->expected + spread;
    if (largest == 0) return 7;
    int bytes = __builtin_clzll(largest) / 8;
    return bytes > 7 ? 7 : bytes;
}

// Whether the candidate's checksum holds: the register where it ends (in the block at `p`,
// whose start and middle registers are `reg` and `middle`) is the one it needs there.
__attribute__((target("sse4.2"), always_inline))
static inline int ends_valid(atomscope_frame_candidate top, int64_t offset, const unsigned char *p, uint32_t reg, uint32_t middle) {
    int64_t into = top.end - offset;
    uint32_t there = advance_in_block(reg, middle, p, (int)into);
    return top.target == there;
}

// The room a block may need: every offset of it a candidate.
static inline size_t room(const atomscope_frame_search *s) {
    size_t ring = s->ring_capacity - s->ring_count;
    size_t heap = s->heap_capacity - s->heap_count;
    return ring < heap ? ring : heap;
}

// The sweep for searches whose sequence numbers have `zero_bytes` zero top bytes: a constant
// here, so that the block test shifts by immediates (the loop has more live values than the
// processor has registers, and shift counts were among those spilled).
__attribute__((target("sse4.2,pclmul"), always_inline))
static inline int sweep_with(atomscope_frame_search *search, const unsigned char *window, int64_t base, int64_t end,
                             const int zero_bytes, const int expected_nonzero) {
    // A local copy: the candidates are stored through pointers the compiler cannot tell apart
    // from the caller's fields, so working on those would reload every field after each store.
    atomscope_frame_search local = *search;
    atomscope_frame_search *s = &local;
    int64_t offset = s->offset;
    uint32_t reg = s->reg;
    int status = ATOMSCOPE_FRAME_SEARCH_REACHED_END;
    // Frames that fit in the file: the most a sequence number can be ahead of `expected`.
    uint64_t spread = (uint64_t)(s->file_size / HEADER_SIZE);
    shift_cache cache = {0, 0, 0};
    // The last offset at which a whole block can be swept: its bytes, and the sequence number
    // of a header at its last offset, lie inside the chunk's window.
    int64_t last_block = (end - BLOCK < s->file_size - 32 ? end - BLOCK : s->file_size - 32);
    atomscope_frame_candidate top;
    int found = 0;
    int64_t earliest_end = next_end(s);
    uint64_t candidates = 0;
    size_t blocks_with_room = 0;
    int64_t tail_end = s->ring_count ? s->ring[(s->ring_head + s->ring_count - 1) & (s->ring_capacity - 1)].end : INT64_MIN;
    // The lead: when garbage repeats one length, a second register runs that many bytes
    // ahead of the sweep, block for block, so that a candidate of that length is tested where
    // it starts (its end register is then a few bytes on from the lead's, as its start is from
    // the sweep's) and, failing, never waits in the ring. One that passes waits as any other,
    // so the answer and its order do not change. `lead` is the length (0: none), `lead_reg`
    // the register `lead` bytes past the block's start.
    int64_t lead = 0;
    uint32_t lead_reg = 0;
    int64_t lead_last_block = 0;
    const unsigned char *p = window + (offset - base);
    while (offset <= last_block) {
        unsigned fits = plausible_headers(p, zero_bytes, expected_nonzero);
        if (!fits && earliest_end >= offset + BLOCK) {
            // A quiet block: no candidate starts in it and none ends. A lead would cost as
            // much as the sweep here, so it stops until the garbage repeats a length again.
            reg = (uint32_t)_mm_crc32_u64(reg, load64(p));
            reg = (uint32_t)_mm_crc32_u64(reg, load64(p + 8));
            p += BLOCK;
            offset += BLOCK;
            lead = 0;
            continue;
        }
        if (fits) {
            // Each block adds at most ROOM candidates, so room is looked up again only when
            // the blocks it was known to be enough for have been used.
            if (blocks_with_room == 0) {
                blocks_with_room = room(s) / ATOMSCOPE_FRAME_SEARCH_ROOM;
                if (blocks_with_room == 0) {
                    status = ATOMSCOPE_FRAME_SEARCH_FULL;
                    break;
                }
            }
            blocks_with_room -= 1;
        }
        // The register at any offset in the block is a few bytes on from its start or middle.
        uint32_t middle = (uint32_t)_mm_crc32_u64(reg, load64(p));
        uint32_t after = (uint32_t)_mm_crc32_u64(middle, load64(p + 8));
        int64_t block_end = offset + BLOCK;
        uint32_t lead_mid = 0, lead_after = 0;
        if (lead) {
            if (offset > lead_last_block) {
                lead = 0;
            } else {
                lead_mid = (uint32_t)_mm_crc32_u64(lead_reg, load64(p + lead));
                lead_after = (uint32_t)_mm_crc32_u64(lead_mid, load64(p + lead + 8));
            }
        }
        if (earliest_end < block_end) {
            if (s->heap_count == 0) {
                // The ring alone, in order of ends: no comparison with the heap's top.
                size_t mask = s->ring_capacity - 1;
                size_t head = s->ring_head;
                size_t count = s->ring_count;
                while (count && s->ring[head].end < block_end) {
                    top = s->ring[head];
                    head = (head + 1) & mask;
                    count -= 1;
                    if (ends_valid(top, offset, p, reg, middle)) {
                        found = 1;
                        break;
                    }
                }
                s->ring_head = head;
                s->ring_count = count;
            } else {
                while (pop_before(s, block_end, &top)) {
                    if (ends_valid(top, offset, p, reg, middle)) {
                        found = 1;
                        break;
                    }
                }
            }
            if (found) break;
            earliest_end = next_end(s);
        }
        // Headers that can follow the damage by this offset: sequence numbers at most one
        // frame of a header's size ahead per 17 bytes since the damage.
        int64_t since = offset - s->damaged;
        while (fits) {
            int index = __builtin_ctz(fits);
            fits &= fits - 1;
            uint64_t later = load64(p + index + 9) - s->expected;
            if (later > spread || (int64_t)later * HEADER_SIZE > since + index) continue;
            uint32_t length = load32(p + index);
            if (length > s->maximum_payload) continue;
            int64_t candidate = offset + index + HEADER_SIZE + (int64_t)length;
            if (candidate > s->file_size) continue;
            // The checksummed bytes start 8 bytes after the header.
            uint32_t start = advance_in_block(middle, after, p + 8, index);
            atomscope_frame_candidate item = make_candidate(s, &cache, p + index, offset + index, candidate, start);
            candidates += 1;
            int64_t count = candidate - (offset + index + 8);
            if (count == lead) {
                // Its end is `lead` bytes on from its start: the same place in the lead's block.
                const unsigned char *q = p + lead;
                uint32_t there = advance_in_block(lead_mid, lead_after, q + 8, index);
                if (there != item.target) continue;
            } else {
                cache.streak += 1;
            }
            insert(s, item, &tail_end);
            if (candidate < earliest_end) earliest_end = candidate;
        }
        lead_reg = lead_after;
        if (cache.streak >= LEAD_STREAK) {
            int64_t count = (int64_t)cache.count;
            if (count <= LEAD_MAXIMUM && block_end + count + 24 <= s->window_limit) {
                lead = count;
                lead_reg = atomscope_crc32c_hardware(after, p + BLOCK, (size_t)lead);
                lead_last_block = s->window_limit - lead - 24;
            }
            cache.streak = 0;
        }
        reg = after;
        p += BLOCK;
        offset = block_end;
    }
    // The last bytes of a chunk or of the file, one at a time.
    while (!found && status == ATOMSCOPE_FRAME_SEARCH_REACHED_END) {
        // Candidates that end here: their checksum holds when the register does.
        while (pop_before(s, offset + 1, &top)) {
            if (top.target == reg) {
                found = 1;
                break;
            }
        }
        if (found || offset >= end) break;
        if (s->ring_capacity - s->ring_count < 1 || s->heap_capacity - s->heap_count < 1) {
            status = ATOMSCOPE_FRAME_SEARCH_FULL;
            break;
        }
        const unsigned char *q = window + (offset - base);
        int64_t candidate = candidate_end(s, q, offset, spread);
        if (candidate >= 0) {
            insert(s, make_candidate(s, &cache, q, offset, candidate, (uint32_t)_mm_crc32_u64(reg, load64(q))), &tail_end);
            candidates += 1;
        }
        reg = _mm_crc32_u8(reg, *q);
        offset += 1;
    }
    if (found) {
        s->found_start = top.end - top.size;
        s->found_end = top.end;
        status = ATOMSCOPE_FRAME_SEARCH_FOUND;
    }
    s->offset = offset;
    s->reg = reg;
    s->candidates += candidates;
    *search = local;
    return status;
}

// The register after `count` zero bytes, for any count.
__attribute__((target("sse4.2,pclmul")))
static uint32_t shift_any(uint32_t reg, int64_t count) {
    while (count > ATOMSCOPE_CRC32C_SHIFT_MAXIMUM) {
        reg = atomscope_shift_inline(reg, ATOMSCOPE_CRC32C_SHIFT_MAXIMUM);
        count -= ATOMSCOPE_CRC32C_SHIFT_MAXIMUM;
    }
    if (count >= ATOMSCOPE_CRC32C_SHIFT_MINIMUM) return atomscope_shift_inline(reg, (size_t)count);
    for (; count > 0; count--) reg = _mm_crc32_u8(reg, 0);
    return reg;
}

__attribute__((target("sse4.2")))
int atomscope_frame_search_settle(atomscope_frame_search *search, const unsigned char *window, int64_t base, int64_t end) {
    atomscope_frame_search local = *search;
    atomscope_frame_search *s = &local;
    int64_t offset = s->offset;
    uint32_t reg = s->reg;
    int status;
    atomscope_frame_candidate top;
    while (1) {
        int64_t earliest = next_end(s);
        if (earliest == INT64_MAX) {
            status = ATOMSCOPE_FRAME_SEARCH_DRAINED;
            break;
        }
        int64_t stop = earliest < end ? earliest : end;
        const unsigned char *p = window + (offset - base);
        for (; stop - offset >= 8; offset += 8, p += 8) reg = (uint32_t)_mm_crc32_u64(reg, load64(p));
        reg = atomscope_crc32c_short_inline(reg, p, (size_t)(stop - offset));
        offset = stop;
        if (earliest > end) {
            status = ATOMSCOPE_FRAME_SEARCH_REACHED_END;
            break;
        }
        int found = 0;
        while (pop_before(s, offset + 1, &top)) {
            if (top.target == reg) {
                found = 1;
                break;
            }
        }
        if (found) {
            s->found_start = top.end - top.size;
            s->found_end = top.end;
            status = ATOMSCOPE_FRAME_SEARCH_FOUND;
            break;
        }
    }
    s->offset = offset;
    s->reg = reg;
    *search = local;
    return status;
}

__attribute__((target("sse4.2,pclmul")))
int atomscope_frame_search_adopt(atomscope_frame_search *search, const atomscope_frame_search *other, int64_t split, uint32_t reg_at_split) {
    size_t pending = other->ring_count + other->heap_count;
    if (search->heap_capacity - search->heap_count < pending) return ATOMSCOPE_FRAME_SEARCH_FULL;
    // Both registers run over the same bytes from `split` on, one from `reg_at_split` and one
    // from 0, so one is the other plus `reg_at_split` moved on by the bytes between.
    for (size_t index = 0; index < pending; index++) {
        atomscope_frame_candidate item = index < other->ring_count
            ? other->ring[(other->ring_head + index) & (other->ring_capacity - 1)]
            : other->heap[index - other->ring_count];
        item.target ^= shift_any(reg_at_split, item.end - split);
        heap_push(search, item);
    }
    search->reg = shift_any(reg_at_split, other->offset - split) ^ other->reg;
    search->offset = other->offset;
    return ATOMSCOPE_FRAME_SEARCH_REACHED_END;
}

#define SWEEP_FOR(bytes) \
    case bytes: \
        return nonzero ? sweep_with(search, window, base, end, bytes, 1) : sweep_with(search, window, base, end, bytes, 0)

__attribute__((target("sse4.2,pclmul")))
int atomscope_frame_search_sweep(atomscope_frame_search *search, const unsigned char *window, int64_t base, int64_t end) {
    int nonzero = search->expected != 0;
    switch (zero_top_bytes(search)) {
        SWEEP_FOR(1);
        SWEEP_FOR(2);
        SWEEP_FOR(3);
        SWEEP_FOR(4);
        SWEEP_FOR(5);
        SWEEP_FOR(6);
        SWEEP_FOR(7);
    default:
        return sweep_with(search, window, base, end, 0, nonzero);
    }
}

#else

int atomscope_frame_search_available(void) { return 0; }

int atomscope_frame_search_sweep(atomscope_frame_search *s, const unsigned char *window, int64_t base, int64_t end) {
    (void)s;
    (void)window;
    (void)base;
    (void)end;
    return ATOMSCOPE_FRAME_SEARCH_REACHED_END;
}

int atomscope_frame_search_settle(atomscope_frame_search *s, const unsigned char *window, int64_t base, int64_t end) {
    (void)s;
    (void)window;
    (void)base;
    (void)end;
    return ATOMSCOPE_FRAME_SEARCH_REACHED_END;
}

int atomscope_frame_search_adopt(atomscope_frame_search *search, const atomscope_frame_search *other, int64_t split, uint32_t reg_at_split) {
    (void)search;
    (void)other;
    (void)split;
    (void)reg_at_split;
    return ATOMSCOPE_FRAME_SEARCH_FULL;
}

#endif
