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

// The register after `count` (below 8) bytes from `p`.
__attribute__((target("sse4.2")))
static inline uint32_t advance(uint32_t reg, const unsigned char *p, int64_t count) {
    return atomscope_crc32c_short_inline(reg, p, (size_t)count & 7);
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
    // Candidates arrive in order of their starts, so one that ends with the last in the ring
    // starts after it and goes after it.
    if (s->ring_count == 0 || item.end >= s->ring[(s->ring_head + s->ring_count - 1) & mask].end) {
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

// Bit i set when a frame header at offset + i passes the first checks: its type byte is not
// zero and its sequence number could follow the damage. One 16-byte compare finds the type
// bytes that are not zero and, when `zero_bytes` is not 0, a necessary condition on the
// sequence numbers that is never wrong when it says no: every number that could follow is
// below 2^(64 - 8 * zero_bytes), so its top `zero_bytes` bytes are zero, and unless `expected`
// is 0 one of its other bytes is not. Random bytes rarely hold a run of zeros that long, and
// zeros (what a file system leaves in blocks it never wrote) lack the byte that is not; so only
// offsets that look like a header closely are compared with the limit one by one.
// Three shifts that widen a run or a window of bits to `width` (1 to 7) by doubling: after
// x &= x << a, x &= x << b, x &= x << c, bit j holds the AND of bits j - width + 1 through j.
// Unused steps shift by 0 and change nothing, so the test has no loop and no branch.
typedef struct {
    unsigned char a, b, c;
} widening;

static inline widening widening_to(int width) {
    static const widening table[8] = {{0, 0, 0}, {0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {1, 2, 0}, {1, 2, 1}, {1, 2, 2}, {1, 2, 3}};
    return table[width < 0 ? 0 : width > 7 ? 7 : width];
}

// What plausible_headers needs of the sequence numbers' zero top bytes, fixed for a search.
typedef struct {
    int zero_bytes;
    widening zero_run;
    widening nonzero_window;
} sequence_shape;

__attribute__((target("sse4.2")))
static inline unsigned plausible_headers(const atomscope_frame_search *s, const unsigned char *p, int64_t offset,
                                         sequence_shape shape) {
    // Bytes p + 8 through p + 31: the type bytes of headers at offset through offset + 15, and
    // their sequence numbers.
    __m128i low = _mm_loadu_si128((const __m128i *)(const void *)(p + 8));
    __m128i high = _mm_loadu_si128((const __m128i *)(const void *)(p + 16));
    unsigned zeros = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(low, _mm_setzero_si128()))
        | ((unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(high, _mm_setzero_si128())) << 8);
    // The type byte of the header at offset + i is byte i from p + 8.
    unsigned possible = ~zeros & 0xFFFFu;
    if (shape.zero_bytes > 0) {
        // Bit j: bytes j - zero_bytes + 1 through j (from p + 8) are all zero.
        unsigned runs = zeros;
        runs &= runs << shape.zero_run.a;
        runs &= runs << shape.zero_run.b;
        runs &= runs << shape.zero_run.c;
        if (s->expected != 0) {
            // Bit j: one of the 8 - zero_bytes bytes before that run is not zero.
            unsigned none = zeros;
            none &= none << shape.nonzero_window.a;
            none &= none << shape.nonzero_window.b;
            none &= none << shape.nonzero_window.c;
            runs &= ~(none << shape.zero_bytes);
        }
        // The sequence number at p + 9 + i ends at byte 16 + i, bit 8 + i.
        possible &= runs >> 8;
    }
    if (possible == 0) return 0;
    // Frames that fit between the damage and the block's end, each at least a header long.
    uint64_t limit = (uint64_t)((offset + BLOCK - s->damaged) / HEADER_SIZE);
    unsigned fits = 0;
    while (possible) {
        int index = __builtin_ctz(possible);
        possible &= possible - 1;
        fits |= (unsigned)(load64(p + index + 9) - s->expected <= limit) << index;
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

// The shift constant of the last candidate: garbage often repeats one length, and then the
// constant is not worked out again.
typedef struct {
    size_t count;
    uint32_t power;
} shift_cache;

__attribute__((target("sse4.2,pclmul")))
static inline atomscope_frame_candidate make_candidate(const atomscope_frame_search *s, shift_cache *cache,
                                                        const unsigned char *p, int64_t offset, int64_t end, uint32_t start) {
    size_t count = (size_t)(end - (offset + 8));
    if (count != cache->count) {
        cache->count = count;
        cache->power = atomscope_shift_power(count);
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

__attribute__((target("sse4.2,pclmul")))
int atomscope_frame_search_sweep(atomscope_frame_search *search, const unsigned char *window, int64_t base, int64_t end) {
    // A local copy: the candidates are stored through pointers the compiler cannot tell apart
    // from the caller's fields, so working on those would reload every field after each store.
    atomscope_frame_search local = *search;
    atomscope_frame_search *s = &local;
    int64_t offset = s->offset;
    uint32_t reg = s->reg;
    int status = ATOMSCOPE_FRAME_SEARCH_REACHED_END;
    sequence_shape shape;
    shape.zero_bytes = zero_top_bytes(s);
    shape.zero_run = widening_to(shape.zero_bytes);
    shape.nonzero_window = widening_to(8 - shape.zero_bytes);
    // Frames that fit in the file: the most a sequence number can be ahead of `expected`.
    uint64_t spread = (uint64_t)(s->file_size / HEADER_SIZE);
    shift_cache cache = {0, 0};
    // The last offset at which a whole block can be swept: its bytes, and the sequence number
    // of a header at its last offset, lie inside the chunk's window.
    int64_t last_block = (end - BLOCK < s->file_size - 32 ? end - BLOCK : s->file_size - 32);
    atomscope_frame_candidate top;
    int found = 0;
    while (offset <= last_block) {
        const unsigned char *p = window + (offset - base);
        // Quiet blocks, in which no candidate starts and none ends, cost two 16-byte compares
        // and two CRC instructions each.
        int64_t earliest_end = next_end(s);
        unsigned fits;
        while (1) {
            fits = plausible_headers(s, p, offset, shape);
            if (fits || earliest_end < offset + BLOCK) break;
            reg = (uint32_t)_mm_crc32_u64(reg, load64(p));
            reg = (uint32_t)_mm_crc32_u64(reg, load64(p + 8));
            p += BLOCK;
            offset += BLOCK;
            if (offset > last_block) break;
        }
        if (offset > last_block) break;
        if (fits && (s->ring_capacity - s->ring_count < ATOMSCOPE_FRAME_SEARCH_ROOM || s->heap_capacity - s->heap_count < ATOMSCOPE_FRAME_SEARCH_ROOM)) {
            status = ATOMSCOPE_FRAME_SEARCH_FULL;
            break;
        }
        // A block in which candidates start or frames end (one may end where it starts). The
        // register at any offset in it is a few bytes on from the block's start or middle.
        int64_t block_end = offset + BLOCK;
        uint32_t middle = (uint32_t)_mm_crc32_u64(reg, load64(p));
        uint32_t after = (uint32_t)_mm_crc32_u64(middle, load64(p + 8));
        while (pop_before(s, block_end, &top)) {
            int64_t into = top.end - offset;
            uint32_t there = into < 8 ? advance(reg, p, into) : advance(middle, p + 8, into - 8);
            if (top.target == there) {
                found = 1;
                break;
            }
        }
        if (found) break;
        while (fits) {
            int index = __builtin_ctz(fits);
            fits &= fits - 1;
            // The type byte and the limit at the block's end are checked; what is left is the
            // limit at this offset and the length.
            uint64_t later = load64(p + index + 9) - s->expected;
            if ((int64_t)later * HEADER_SIZE > offset + index - s->damaged) continue;
            uint32_t length = load32(p + index);
            if (length > s->maximum_payload) continue;
            int64_t candidate = offset + index + HEADER_SIZE + (int64_t)length;
            if (candidate > s->file_size) continue;
            // The checksummed bytes start 8 bytes after the header.
            uint32_t start = index < 8 ? advance(middle, p + 8, index) : advance(after, p + BLOCK, index - 8);
            insert(s, make_candidate(s, &cache, p + index, offset + index, candidate, start));
            s->candidates += 1;
        }
        reg = after;
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
        const unsigned char *p = window + (offset - base);
        int64_t candidate = candidate_end(s, p, offset, spread);
        if (candidate >= 0) {
            insert(s, make_candidate(s, &cache, p, offset, candidate, (uint32_t)_mm_crc32_u64(reg, load64(p))));
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
    *search = local;
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
