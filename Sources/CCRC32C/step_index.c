// Indexing a run of step frames (JournalIndexBuilder in Swift explains when it is used): most
// frames of a journal are small steps, and opening one validates and indexes each of them.
// The Swift loop did it at about 250 instructions a frame; here four frames are checksummed
// side by side and each is checked and indexed in a few dozen. The rules are the reader's:
// any frame this code does not take whole goes to the Swift loop, which is the reference the
// tests compare this with.

#include "CStepIndex.h"

#if defined(__x86_64__)
#include <string.h>
#include "CCRC32C.h"
#include "crc32c_internal.h"

#define HEADER_SIZE 17

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

static inline uint32_t mask(uint32_t crc) {
    return ((crc >> 15) | (crc << 17)) + 0xA282EAD8u;
}

/// A varint of one or two bytes from `p` (at most `limit` bytes readable), zigzag-decoded;
/// returns its size, or 0 when it is longer or cut off (the Swift rules then decide).
static inline size_t short_signed(const unsigned char *p, size_t limit, int64_t *value) {
    uint64_t raw;
    size_t size;
    if (limit >= 1 && p[0] < 0x80) {
        raw = p[0];
        size = 1;
    } else if (limit >= 2 && p[1] < 0x80) {
        raw = (uint64_t)(p[0] & 0x7F) | ((uint64_t)p[1] << 7);
        size = 2;
    } else {
        return 0;
    }
    *value = (int64_t)(raw >> 1) ^ -(int64_t)(raw & 1);
    return size;
}

/// The registers after each of four frames' checksummed bytes, from `seed`: the chains run
/// side by side over the bytes all four have, then each finishes its own; in registers, where
/// atomscope_crc32c_hardware_lanes passes them through memory.
__attribute__((target("sse4.2"), always_inline))
static inline void checksum_four(const unsigned char *const p[4], const size_t n[4], uint32_t seed, uint32_t crc[4]) {
    size_t common = n[0];
    if (n[1] < common) common = n[1];
    if (n[2] < common) common = n[2];
    if (n[3] < common) common = n[3];
    common &= ~(size_t)7;
    uint64_t c0 = seed, c1 = seed, c2 = seed, c3 = seed;
    for (size_t offset = 0; offset < common; offset += 8) {
        c0 = _mm_crc32_u64(c0, load64(p[0] + offset));
        c1 = _mm_crc32_u64(c1, load64(p[1] + offset));
        c2 = _mm_crc32_u64(c2, load64(p[2] + offset));
        c3 = _mm_crc32_u64(c3, load64(p[3] + offset));
    }
    uint64_t c[4] = {c0, c1, c2, c3};
    for (int lane = 0; lane < 4; lane++) {
        const unsigned char *q = p[lane] + common;
        size_t rest = n[lane] - common;
        uint64_t wide = c[lane];
        while (rest >= 16) {
            wide = _mm_crc32_u64(wide, load64(q));
            q += 8;
            rest -= 8;
        }
        crc[lane] = atomscope_crc32c_short_inline((uint32_t)wide, q, rest);
    }
}

__attribute__((target("sse4.2")))
size_t atomscope_index_steps(atomscope_step_run *run) {
    // Locals, not fields: a store to an entry could alias the run's fields, which the
    // compiler would then read again after every entry.
    const unsigned char *bytes = run->bytes;
    const size_t count = run->count, capacity = run->capacity;
    const uint32_t maximum = run->maximum_payload, seed = run->seed;
    const uint8_t step_type = run->step_type;
    const int64_t file_offset = run->file_offset;
    atomscope_step_entry *restrict entries = run->entries;
    size_t position = run->position;
    uint64_t sequence = run->sequence;
    int64_t commit = run->commit, time = run->time;
    size_t used = run->used;
    size_t taken = 0;
    for (;;) {
        // Up to four whole step frames, found by their length fields.
        size_t start[4], size[4];
        int found = 0;
        size_t next = position;
        while (found < 4 && count - next >= HEADER_SIZE) {
            uint32_t length = load32(bytes + next);
            if (length > maximum || bytes[next + 8] != step_type) break;
            size_t whole = HEADER_SIZE + (size_t)length;
            if (count - next < whole) break;
            start[found] = next;
            size[found] = whole;
            found++;
            next += whole;
        }
        if (found == 0 || capacity - used < (size_t)found) break;
        // Lanes past `found` repeat the first frame, so that all four chains run in step.
        const unsigned char *covered[4];
        size_t lengths[4];
        for (int lane = 0; lane < 4; lane++) {
            int from = lane < found ? lane : 0;
            covered[lane] = bytes + start[from] + 8;
            lengths[lane] = size[from] - 8;
        }
        uint32_t crc[4];
        checksum_four(covered, lengths, seed, crc);
        for (int lane = 0; lane < found; lane++) {
            const unsigned char *frame = bytes + start[lane];
            if (mask(~crc[lane]) != load32(frame + 4) || load64(frame + 9) != sequence) goto done;
            const unsigned char *payload = frame + HEADER_SIZE;
            size_t limit = size[lane] - HEADER_SIZE;
            int64_t commit_delta, time_delta;
            size_t first = short_signed(payload, limit, &commit_delta);
            if (first == 0) goto done;
            if (short_signed(payload + first, limit - first, &time_delta) == 0) goto done;
            // Wrapping, as the Swift rules add them; a negative commit is theirs to report.
            int64_t next_commit = (int64_t)((uint64_t)commit + (uint64_t)commit_delta);
            if (next_commit < 0) goto done;
            commit = next_commit;
            time = (int64_t)((uint64_t)time + (uint64_t)time_delta);
            entries[used].offset = file_offset + (int64_t)start[lane];
            entries[used].commit = commit;
            entries[used].time = time;
            used++;
            sequence++;
            taken++;
            position = start[lane] + size[lane];
        }
        if (found < 4) break;
    }
done:
    run->position = position;
    run->sequence = sequence;
    run->commit = commit;
    run->time = time;
    run->used = used;
    return taken;
}

#else

size_t atomscope_index_steps(atomscope_step_run *run) {
    (void)run;
    return 0;
}

#endif
