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
#include "crc32c_shift_internal.h"

#define HEADER_SIZE 17

int atomscope_frame_search_available(void) {
    return atomscope_crc32c_hardware_available() && atomscope_crc32c_shift_hardware_available();
}

static inline uint32_t load32(const unsigned char *p) {
    uint32_t value;
    memcpy(&value, p, 4);
    return value;
}

static inline uint64_t load64(const unsigned char *p) {
    uint64_t value;
    memcpy(&value, p, 8);
    return value;
}

// The register after `count` (below 16) bytes from `p`.
__attribute__((target("sse4.2")))
static inline uint32_t advance(uint32_t reg, const unsigned char *p, int64_t count) {
    if (count & 8) {
        reg = (uint32_t)_mm_crc32_u64(reg, load64(p));
        p += 8;
    }
    if (count & 4) {
        reg = _mm_crc32_u32(reg, load32(p));
        p += 4;
    }
    if (count & 2) {
        uint16_t half;
        memcpy(&half, p, 2);
        reg = _mm_crc32_u16(reg, half);
        p += 2;
    }
    if (count & 1) reg = _mm_crc32_u8(reg, *p);
    return reg;
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

static inline void insert(atomscope_frame_search *s, atomscope_frame_candidate item) {
    size_t mask = s->ring_capacity - 1;
    if (s->ring_count == 0 || !precedes(item, s->ring[(s->ring_head + s->ring_count - 1) & mask])) {
        s->ring[(s->ring_head + s->ring_count) & mask] = item;
        s->ring_count += 1;
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

// Whether any of the eight offsets from `p` could hold a sequence number that follows the
// damage, by a test that is never wrong when it says no: every such number is below 2^(64 -
// 8 * zero_bytes), so its top `zero_bytes` bytes are zero, and unless `expected` is 0 one of
// its other bytes is not. In random bytes a run of zeros that long is rare, and in zeros (what
// a file system leaves in blocks it never wrote) the nonzero byte is missing. One 16-byte
// compare instead of eight 8-byte loads.
__attribute__((target("sse4.2")))
static inline int may_fit(const unsigned char *p, int zero_bytes, int expected_is_zero) {
    __m128i bytes = _mm_loadu_si128((const __m128i *)(const void *)(p + 8));
    unsigned zeros = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_setzero_si128()));
    // Bit j: bytes j - zero_bytes + 1 through j (from p + 8) are all zero.
    unsigned runs = zeros;
    int length = 1;
    while (2 * length <= zero_bytes) {
        runs &= runs << length;
        length *= 2;
    }
    if (length < zero_bytes) runs &= runs << (zero_bytes - length);
    if (!expected_is_zero) {
        // Bit j: one of the 8 - zero_bytes bytes before that run is not zero.
        unsigned nonzero = ~zeros & 0xFFFFu;
        unsigned any = 0;
        for (int t = zero_bytes; t < 8; t++) any |= nonzero << t;
        runs &= any;
    }
    // The sequence number at p + 9 + i ends at byte 16 + i, bit 8 + i.
    return (runs & 0xFF00u) != 0;
}

// Bit i set when offset + i holds a sequence number that could follow the damage.
static inline unsigned fitting_sequences(const atomscope_frame_search *s, const unsigned char *p, int64_t offset) {
    uint64_t limit = (uint64_t)((offset + 8 - s->damaged) / HEADER_SIZE);
    unsigned fits = 0;
    for (int i = 0; i < 8; i++) {
        fits |= (unsigned)(load64(p + i + 9) - s->expected <= limit) << i;
    }
    return fits;
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

__attribute__((target("sse4.2,pclmul")))
static inline atomscope_frame_candidate make_candidate(const atomscope_frame_search *s, const unsigned char *p,
                                                        int64_t offset, int64_t end, uint32_t start) {
    atomscope_frame_candidate candidate;
    candidate.end = end;
    candidate.size = (uint32_t)(end - offset);
    candidate.target = ~unmask(load32(p + 4)) ^ atomscope_shift_inline(s->seed ^ start, (size_t)(end - (offset + 8)));
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

__attribute__((target("sse4.2,pclmul")))
int atomscope_frame_search_sweep(atomscope_frame_search *s, const unsigned char *window, int64_t base, int64_t end) {
    int64_t offset = s->offset;
    uint32_t reg = s->reg;
    int status = ATOMSCOPE_FRAME_SEARCH_REACHED_END;
    int zero_bytes = zero_top_bytes(s);
    // Frames that fit in the file: the most a sequence number can be ahead of `expected`.
    uint64_t spread = (uint64_t)(s->file_size / HEADER_SIZE);
    // Whether the last block swept had a sequence number that fits: the prefilter is worth
    // its cost in random bytes, not where believable headers are dense.
    int dense = 0;
    // The last offset at which a whole block can be swept: its bytes, and the header of a
    // candidate at its last offset, lie inside the chunk's window.
    int64_t last_block = (end < s->file_size - HEADER_SIZE ? end : s->file_size - HEADER_SIZE) - 8;
    atomscope_frame_candidate top;
    int found = 0;
    while (1) {
        // Candidates that end here: their checksum holds when the register does.
        while (pop_before(s, offset + 1, &top)) {
            if (top.target == reg) {
                found = 1;
                break;
            }
        }
        if (found) break;
        if (offset >= end) break;
        const unsigned char *p = window + (offset - base);
        if (offset <= last_block) {
            // Quiet blocks, in which no candidate starts and none ends, cost a prefilter and
            // one CRC instruction each.
            int64_t earliest_end = next_end(s);
            unsigned fits = 0;
            while (1) {
                if (zero_bytes == 0 || dense || may_fit(p, zero_bytes, s->expected == 0)) fits = fitting_sequences(s, p, offset);
                dense = fits != 0;
                if (fits || earliest_end < offset + 8) break;
                reg = (uint32_t)_mm_crc32_u64(reg, load64(p));
                p += 8;
                offset += 8;
                if (offset > last_block) break;
            }
            if (offset > last_block) continue;
            if (fits && (s->ring_capacity - s->ring_count < 8 || s->heap_capacity - s->heap_count < 8)) {
                status = ATOMSCOPE_FRAME_SEARCH_FULL;
                break;
            }
            // A block in which candidates start or frames end. The register at any offset in
            // it is a few bytes on from the block's start.
            int64_t block_end = offset + 8;
            while (pop_before(s, block_end, &top)) {
                if (top.target == advance(reg, p, top.end - offset)) {
                    found = 1;
                    break;
                }
            }
            if (found) break;
            while (fits) {
                int index = __builtin_ctz(fits);
                fits &= fits - 1;
                int64_t candidate = candidate_end(s, p + index, offset + index, spread);
                if (candidate < 0) continue;
                uint32_t start = advance(reg, p, index + 8);
                insert(s, make_candidate(s, p + index, offset + index, candidate, start));
                s->candidates += 1;
            }
            reg = (uint32_t)_mm_crc32_u64(reg, load64(p));
            offset = block_end;
            continue;
        }
        // The last bytes of a chunk or of the file, one at a time.
        if (s->ring_capacity - s->ring_count < 1 || s->heap_capacity - s->heap_count < 1) {
            status = ATOMSCOPE_FRAME_SEARCH_FULL;
            break;
        }
        int64_t candidate = candidate_end(s, p, offset, spread);
        if (candidate >= 0) {
            insert(s, make_candidate(s, p, offset, candidate, advance(reg, p, 8)));
            s->candidates += 1;
        }
        reg = _mm_crc32_u8(reg, *p);
        offset += 1;
    }
    if (found) {
        s->found_start = top.end - top.size;
        s->found_end = top.end;
        status = ATOMSCOPE_FRAME_SEARCH_FOUND;
    }
    s->offset = offset;
    s->reg = reg;
    return status;
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

#endif
