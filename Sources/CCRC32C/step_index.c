// Indexing a run of step frames (JournalIndexBuilder in Swift explains when it is used): most
// frames of a journal are small steps, and opening one validates and indexes each of them.
// The Swift loop did it at about 245 instructions a frame. Here a frame of the usual kind
// (under 1 KiB, a commit difference of one varint byte, a time difference of one to four) is
// taken one at a time in `take_short`, about 90 instructions for a loop's steps and 105 for a
// person's, checksum included; anything else goes four frames side by side through `take`,
// about 125 a frame. The rules are the reader's: any frame this code does not take whole goes
// to the Swift loop, which is the reference the tests compare this with.

#include "CStepIndex.h"

#if defined(__x86_64__)
#include <string.h>
#include "CCRC32C.h"
#include "crc32c_internal.h"

#define HEADER_SIZE 17

static inline uint32_t mask(uint32_t crc) {
    return ((crc >> 15) | (crc << 17)) + 0xA282EAD8u;
}

/// A varint's bits as the signed number they encode (zigzag).
static inline int64_t zigzag(uint64_t raw) {
    return (int64_t)(raw >> 1) ^ -(int64_t)(raw & 1);
}

/// A varint of one or two bytes from `p` (at most `limit` bytes readable), zigzag-decoded;
/// returns its size, or 0 when it is longer or cut off (`long_signed` then tries it).
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
    *value = zigzag(raw);
    return size;
}

/// A varint of one to four bytes read from one 32-bit load, zigzag-decoded; returns its size,
/// or 0 when it is longer or cut off, or fewer than 4 bytes are readable at `p` (`readable`,
/// which may go past the frame: the bytes after the varint's end are masked away). A time
/// difference of 8 ms to 134 s, a person's pace, takes three bytes; read this way, without
/// a loop or a branch per byte.
static inline size_t word_signed(const unsigned char *p, size_t limit, size_t readable, int64_t *value) {
    if (readable < 4) return 0;
    uint32_t word = load32(p);
    uint32_t stops = ~word & 0x80808080u;
    if (stops == 0) return 0;
    size_t size = ((size_t)__builtin_ctz(stops) >> 3) + 1;
    if (size > limit) return 0;
    // Every bit up to the first stop bit: the varint's bytes, none after.
    uint32_t bits = word & (stops ^ (stops - 1));
    uint64_t raw = (bits & 0x7Fu) | ((bits >> 1) & 0x3F80u) | ((bits >> 2) & 0x1FC000u) | ((bits >> 3) & 0xFE00000u);
    *value = zigzag(raw);
    return size;
}

/// A varint of one to eight bytes, as `short_signed` reads one or two, the rest one byte at a
/// time; 0 when it is longer or cut off (the Swift rules then decide). Only for what `take`
/// leaves: a commit that jumps by 8,192 or more, a time difference over 134 s (the three and
/// four bytes of a person's pace are `word_signed`'s, in `take`).
static inline size_t long_signed(const unsigned char *p, size_t limit, int64_t *value) {
    size_t size = short_signed(p, limit, value);
    if (size != 0) return size;
    // Up to eight bytes: 56 bits, so no shift or sum can overflow here.
    size_t most = limit < 8 ? limit : 8;
    uint64_t raw = 0;
    for (size_t index = 0; index < most; index++) {
        raw |= (uint64_t)(p[index] & 0x7F) << (7 * index);
        if (p[index] < 0x80) {
            *value = zigzag(raw);
            return index + 1;
        }
    }
    return 0;
}

/// The registers after each of four frames' checksummed bytes, computed from zero, each
/// frame's first `n % 8` bytes read as the end of
/// a word whose first bytes are zeros (which leave a zero register zero), so that every lane
/// runs whole words, the same number for frames of similar sizes, and no branch depends on
/// a frame's exact length; the seed's share, the register after `n` zero bytes from it, is
/// looked up in `zeros` and added (the register is linear in its start and the bytes).
/// Reads the 8 bytes before each `p`, which the frame's header holds. Each `n` must be below
/// ATOMSCOPE_STEP_INDEX_ZEROS.
__attribute__((target("sse4.2"), always_inline))
static inline void checksum_four_from_zero(const unsigned char *const p[4], const size_t n[4], const uint32_t *zeros, uint32_t crc[4]) {
    uint64_t c[4];
    const unsigned char *q[4];
    size_t words[4];
    for (int lane = 0; lane < 4; lane++) {
        size_t head = n[lane] & 7;
        // All ones above the head's bytes, none when there is no head.
        uint64_t keep = (~(uint64_t)0 << (((8 - head) * 8) & 63)) & -(uint64_t)(head != 0);
        c[lane] = _mm_crc32_u64(0, load64(p[lane] + head - 8) & keep);
        q[lane] = p[lane] + head;
        words[lane] = n[lane] >> 3;
    }
    size_t common = words[0];
    if (words[1] < common) common = words[1];
    if (words[2] < common) common = words[2];
    if (words[3] < common) common = words[3];
    uint64_t c0 = c[0], c1 = c[1], c2 = c[2], c3 = c[3];
    for (size_t word = 0; word < common; word++) {
        c0 = _mm_crc32_u64(c0, load64(q[0] + 8 * word));
        c1 = _mm_crc32_u64(c1, load64(q[1] + 8 * word));
        c2 = _mm_crc32_u64(c2, load64(q[2] + 8 * word));
        c3 = _mm_crc32_u64(c3, load64(q[3] + 8 * word));
    }
    c[0] = c0, c[1] = c1, c[2] = c2, c[3] = c3;
    for (int lane = 0; lane < 4; lane++) {
        for (size_t word = common; word < words[lane]; word++) {
            c[lane] = _mm_crc32_u64(c[lane], load64(q[lane] + 8 * word));
        }
        crc[lane] = (uint32_t)c[lane] ^ zeros[n[lane]];
    }
}

__attribute__((target("sse4.2")))
void atomscope_step_index_zeros(uint32_t seed, uint32_t *zeros) {
    uint32_t reg = seed;
    for (size_t count = 0; count < ATOMSCOPE_STEP_INDEX_ZEROS; count++) {
        zeros[count] = reg;
        reg = _mm_crc32_u8(reg, 0);
    }
}

/// What the loop carries from frame to frame; a local copy of the run's fields, since a
/// store to an entry could alias the run itself, which the compiler would then read again
/// after every entry.
typedef struct {
    atomscope_step_difference *restrict entries;
    int64_t file_offset;
    size_t position;
    uint64_t sequence;
    int64_t commit;
    int64_t time;
    size_t used;
    size_t singly;
    size_t capacity;
    atomscope_step_entry *restrict wide;
    size_t wide_capacity;
    size_t wide_used;
    size_t step_position;
    size_t first_difference;
    atomscope_step_block block;
    atomscope_step_block *restrict blocks;
    size_t block_capacity;
    size_t blocks_used;
} step_state;

/// Writes a step's differences from its block's first to `entry`, unless one is over 2^32 - 1
/// (returns 0). Each is the unsigned difference, so that a negative one wraps over and is
/// refused too.
__attribute__((always_inline))
static inline int put_difference(atomscope_step_difference *restrict entry, uint64_t in_file, uint64_t commits, uint64_t later) {
    if ((in_file | commits | later) > UINT32_MAX) return 0;
    entry->offset = (uint32_t)in_file;
    entry->commit = (uint32_t)commits;
    entry->time = (uint32_t)later;
    return 1;
}

/// Writes the entry of the state's next step: a block's first step starts the block (in
/// `block`, and after the blocks used) and is its own difference of zero; a step of a block
/// kept whole is written whole; any other is its differences from the block's first.
/// Returns 0, changing nothing, when there is no room, or a difference is negative or over
/// 2^32 - 1 (the Swift code then keeps the block whole).
__attribute__((always_inline))
static inline int put(step_state *restrict state, int64_t offset, int64_t commit, int64_t time) {
    if (state->step_position % ATOMSCOPE_STEP_BLOCK == 0) {
        if (state->blocks_used == state->block_capacity || state->used == state->capacity) return 0;
        state->block.offset = offset;
        state->block.commit = commit;
        state->block.time = time;
        state->block.start = (int64_t)(state->first_difference + state->used);
        state->blocks[state->blocks_used++] = state->block;
        atomscope_step_difference *const entry = state->entries + state->used++;
        entry->offset = 0;
        entry->commit = 0;
        entry->time = 0;
    } else if (state->block.start < 0) {
        if (state->wide_used == state->wide_capacity) return 0;
        atomscope_step_entry *const entry = state->wide + state->wide_used++;
        entry->offset = offset;
        entry->commit = commit;
        entry->time = time;
    } else {
        if (state->used == state->capacity
            || !put_difference(state->entries + state->used, (uint64_t)offset - (uint64_t)state->block.offset,
                               (uint64_t)commit - (uint64_t)state->block.commit, (uint64_t)time - (uint64_t)state->block.time)) return 0;
        state->used++;
    }
    state->step_position++;
    return 1;
}

/// Where the entries the short loop writes as differences itself end: at the end of the open
/// block or of the room, whichever comes first; at once for a block kept whole, or when the
/// next step starts a block (`put` writes those).
static inline atomscope_step_difference *hot_stop(const step_state *state) {
    atomscope_step_difference *const next = state->entries + state->used;
    const size_t place = state->step_position % ATOMSCOPE_STEP_BLOCK;
    if (place == 0 || state->block.start < 0) return next;
    const size_t rest = ATOMSCOPE_STEP_BLOCK - place, room = state->capacity - state->used;
    return next + (rest < room ? rest : room);
}

/// Enters a checked frame whose differences are read; returns 0, changing nothing, for a
/// negative commit or an entry `put` refuses.
static inline int enter(step_state *state, size_t start, size_t size, int64_t commit_delta, int64_t time_delta) {
    // Wrapping, as the Swift rules add them; a negative commit is theirs to report.
    int64_t commit = (int64_t)((uint64_t)state->commit + (uint64_t)commit_delta);
    if (commit < 0) return 0;
    int64_t time = (int64_t)((uint64_t)state->time + (uint64_t)time_delta);
    if (!put(state, state->file_offset + (int64_t)start, commit, time)) return 0;
    state->commit = commit;
    state->time = time;
    state->sequence++;
    state->position = start + size;
    return 1;
}

/// `take` for a frame whose differences `take` does not read itself (a commit difference of
/// three bytes or more, a time difference of five or more). Out of line, so that the path
/// of short differences stays small.
__attribute__((noinline))
static int take_long(step_state *state, const unsigned char *payload, size_t limit, size_t start, size_t size) {
    int64_t commit_delta, time_delta;
    size_t first = long_signed(payload, limit, &commit_delta);
    if (first == 0) return 0;
    if (long_signed(payload + first, limit - first, &time_delta) == 0) return 0;
    return enter(state, start, size, commit_delta, time_delta);
}

/// Checks the frame at `start` (its checksum register `crc` already computed) and enters it;
/// returns 0, changing nothing, when the frame is not one the loop takes. Inlined by
/// request: the compiler otherwise calls it, about 60 instructions a frame more.
__attribute__((always_inline))
static inline int take(step_state *state, const unsigned char *bytes, size_t count, size_t start, size_t size, uint32_t crc) {
    const unsigned char *frame = bytes + start;
    if (mask(~crc) != load32(frame + 4) || load64(frame + 9) != state->sequence) return 0;
    const unsigned char *payload = frame + HEADER_SIZE;
    size_t limit = size - HEADER_SIZE;
    int64_t commit_delta, time_delta;
    size_t first = short_signed(payload, limit, &commit_delta);
    if (first == 0) return take_long(state, payload, limit, start, size);
    if (short_signed(payload + first, limit - first, &time_delta) == 0
        && word_signed(payload + first, limit - first, count - (start + HEADER_SIZE + first), &time_delta) == 0) {
        return take_long(state, payload, limit, start, size);
    }
    return enter(state, start, size, commit_delta, time_delta);
}


/// The register after `n` (over 40) checksummed bytes at `p`, from zero: the first n % 8
/// as the end of a word led by zeros, then whole words. Out of line, so that the loop of short
/// frames keeps its registers.
__attribute__((target("sse4.2"), noinline))
static uint64_t checksum_long(const unsigned char *p, size_t n) {
    const size_t head = n & 7;
    uint64_t c = head == 0 ? 0 : _mm_crc32_u64(0, load64(p) << (64 - 8 * head));
    for (const unsigned char *q = p + head, *end = p + n; q < end; q += 8) {
        c = _mm_crc32_u64(c, load64(q));
    }
    return c;
}

// The rows of `atomscope_short_frame_register` (crc32c_internal.h says how they are read).
#define KEEP(r) ((r) >= 0 ? ~(uint64_t)0 : (r) <= -8 ? (uint64_t)0 : ~(uint64_t)0 << ((8 * -(r)) & 63))
#define AT(r) ((r) < -8 ? -8 : (r))
#define ROW(n) { { KEEP((n) - 40), KEEP((n) - 32), KEEP((n) - 24), KEEP((n) - 16) }, { AT((n) - 40), AT((n) - 32), AT((n) - 24), 0 } }
const atomscope_short_frame atomscope_short_frames[41] = { ROW(0), ROW(1), ROW(2), ROW(3), ROW(4), ROW(5), ROW(6), ROW(7), ROW(8), ROW(9), ROW(10), ROW(11), ROW(12), ROW(13), ROW(14), ROW(15), ROW(16), ROW(17), ROW(18), ROW(19), ROW(20), ROW(21), ROW(22), ROW(23), ROW(24), ROW(25), ROW(26), ROW(27), ROW(28), ROW(29), ROW(30), ROW(31), ROW(32), ROW(33), ROW(34), ROW(35), ROW(36), ROW(37), ROW(38), ROW(39), ROW(40) };
#undef ROW
#undef AT
#undef KEEP

/// Takes frames of fewer than ATOMSCOPE_STEP_INDEX_ZEROS checksummed bytes whose commit
/// difference is one varint byte and time difference one to four, one frame at a time, with
/// what the loop carries in a copy of the state, which the compiler keeps in registers;
/// stops, changing nothing for that frame, at the first that is anything else, which the
/// four-lane loop below then decides.
__attribute__((target("sse4.2"), noinline))
static void take_short(step_state *restrict state, const unsigned char *bytes, size_t count, uint8_t step_type, uint32_t maximum, const uint32_t *zeros) {
    step_state local = *state;
    const unsigned char *frame = bytes + local.position;
    const unsigned char *const end = bytes + count;
    // The usual step's entry, a difference within a block of differences, is written while
    // `entry` is below `stop` (the block's end, or the room's), from the few values below; the
    // rest (a block's first step, a block kept whole) by `put`, from `local`, which is brought
    // up to date first. Few, so that the loop's values stay in registers: each one more
    // spilled cost about ten instructions a step.
    atomscope_step_difference *entry = local.entries + local.used;
    atomscope_step_difference *synced = entry;
    atomscope_step_difference *stop = hot_stop(&local);
    // A frame's file offset is its address plus this; its difference from the block's
    // first, its address less `base_address`.
    const uint64_t to_offset = (uint64_t)local.file_offset - (uint64_t)(uintptr_t)bytes;
    uint64_t base_address = (uint64_t)local.block.offset - to_offset;
    int64_t base_commit = local.block.commit, base_time = local.block.time;
    const uint64_t first_sequence = local.sequence;
    uint64_t sequence = local.sequence;
    int64_t commit = local.commit, time = local.time;
    // The payloads taken are at most 1,014 bytes (below `zeros`' 1,024 checksummed bytes),
    // so a reader whose limit is lower has them all checked by `take`.
    if (maximum < ATOMSCOPE_STEP_INDEX_ZEROS - 10) return;
    // The header, and five bytes after it for the differences' loads.
    while (end - frame >= HEADER_SIZE + 5) {
        const uint32_t length = load32(frame);
        // At least the two differences, at most 1,014 bytes: a length below 2 wraps around.
        if (length - 2 > ATOMSCOPE_STEP_INDEX_ZEROS - 12 || frame[8] != step_type) break;
        const size_t size = HEADER_SIZE + (size_t)length;
        if ((size_t)(end - frame) < size) break;
        if (end - frame > 1024 + 64) __builtin_prefetch(frame + 1024);
        const size_t n = (size_t)length + 9;
        const unsigned char *p = frame + 8;
        const uint64_t c = n <= 40 ? atomscope_short_frame_register(p, n) : checksum_long(p, n);
        if (mask(~((uint32_t)c ^ zeros[n])) != load32(frame + 4) || load64(frame + 9) != sequence) break;
        const uint64_t raw_commit = frame[HEADER_SIZE];
        if (raw_commit & 0x80) break;
        // The time difference: one to four bytes after the commit's, within the payload (the
        // loop's condition leaves four readable). One byte, a loop's steps, without the
        // general decoding.
        const unsigned char *time_bytes = frame + HEADER_SIZE + 1;
        int64_t time_delta;
        if (time_bytes[0] < 0x80) {
            time_delta = zigzag(time_bytes[0]);
        } else if (word_signed(time_bytes, length - 1, 4, &time_delta) == 0) {
            break;
        }
        // Wrapping, as `enter` adds; a negative commit is the Swift rules' to report.
        const int64_t next = (int64_t)((uint64_t)commit + (uint64_t)zigzag(raw_commit));
        if (next < 0) break;
        const int64_t when = (int64_t)((uint64_t)time + (uint64_t)time_delta);
        if (entry < stop) {
            if (!put_difference(entry, (uint64_t)(uintptr_t)frame - base_address, (uint64_t)next - (uint64_t)base_commit,
                                (uint64_t)when - (uint64_t)base_time)) break;
            entry++;
        } else {
            local.step_position += (size_t)(entry - synced);
            local.used = (size_t)(entry - local.entries);
            synced = entry;
            if (!put(&local, (int64_t)((uint64_t)(uintptr_t)frame + to_offset), next, when)) break;
            entry = synced = local.entries + local.used;
            stop = hot_stop(&local);
            base_address = (uint64_t)local.block.offset - to_offset;
            base_commit = local.block.commit;
            base_time = local.block.time;
        }
        commit = next;
        time = when;
        sequence++;
        frame += size;
    }
    local.step_position += (size_t)(entry - synced);
    local.used = (size_t)(entry - local.entries);
    local.position = (size_t)(frame - bytes);
    local.singly += (size_t)(sequence - first_sequence);
    local.sequence = sequence;
    local.commit = commit;
    local.time = time;
    *state = local;
}

__attribute__((target("sse4.2")))
size_t atomscope_index_steps(atomscope_step_run *run) {
    const unsigned char *bytes = run->bytes;
    const size_t count = run->count;
    const uint32_t maximum = run->maximum_payload, seed = run->seed;
    const uint8_t step_type = run->step_type;
    const uint32_t *zeros = run->zeros;
    step_state state = {
        .entries = run->entries, .file_offset = run->file_offset, .position = run->position,
        .sequence = run->sequence, .commit = run->commit, .time = run->time, .used = run->used,
        .singly = 0, .capacity = run->capacity, .wide = run->wide, .wide_capacity = run->wide_capacity,
        .wide_used = run->wide_used, .step_position = run->first_position, .first_difference = run->first_difference,
        .block = run->block, .blocks = run->blocks, .block_capacity = run->block_capacity, .blocks_used = run->blocks_used,
    };
    // What the caller passed must be within its own bounds; otherwise nothing is taken.
    if (run->entries == NULL || run->blocks == NULL || run->used > run->capacity || run->wide_used > run->wide_capacity
        || run->blocks_used > run->block_capacity) return 0;
    for (;;) {
        const size_t before_short = state.step_position;
        take_short(&state, bytes, count, step_type, maximum, zeros);
        const size_t position = state.position;
        // Up to four whole step frames, found by their length fields: the one the short way
        // refused alone when it took any before it (a usual step among unusual ones, which
        // the short way takes next), four in a stretch of unusual steps.
        const int most = state.step_position > before_short ? 1 : 4;
        size_t start[4], size[4];
        int found = 0;
        size_t next = position;
        while (found < most && count - next >= HEADER_SIZE) {
            uint32_t length = load32(bytes + next);
            if (length > maximum || bytes[next + 8] != step_type) break;
            size_t whole = HEADER_SIZE + (size_t)length;
            if (count - next < whole) break;
            start[found] = next;
            size[found] = whole;
            found++;
            next += whole;
        }
        if (found == 0) break;
        if (count - next > 1024 + 192) {
            __builtin_prefetch(bytes + next + 1024);
            __builtin_prefetch(bytes + next + 1024 + 64);
            __builtin_prefetch(bytes + next + 1024 + 128);
        }
        // Lanes past `found` repeat the first frame, so that all four chains run in step.
        const unsigned char *covered[4];
        size_t lengths[4];
        for (int lane = 0; lane < 4; lane++) {
            int from = lane < found ? lane : 0;
            covered[lane] = bytes + start[from] + 8;
            lengths[lane] = size[from] - 8;
        }
        uint32_t crc[4];
        if ((lengths[0] | lengths[1] | lengths[2] | lengths[3]) < ATOMSCOPE_STEP_INDEX_ZEROS) {
            checksum_four_from_zero(covered, lengths, zeros, crc);
        } else {
            // A long frame among them: the module's general four lanes, from the seed.
            atomscope_crc32c_lanes lanes;
            for (int lane = 0; lane < 4; lane++) {
                lanes.bytes[lane] = covered[lane];
                lanes.count[lane] = lengths[lane];
                lanes.crc[lane] = seed;
            }
            atomscope_crc32c_hardware_lanes(&lanes);
            for (int lane = 0; lane < 4; lane++) crc[lane] = lanes.crc[lane];
        }
        // The one frame the short way refused: back to the short way after it.
        if (most == 1) {
            if (!take(&state, bytes, count, start[0], size[0], crc[0])) break;
            continue;
        }
        // Four frames take four calls written out, so that no loop exit is mispredicted once
        // per four frames.
        if (found == 4) {
            if (!take(&state, bytes, count, start[0], size[0], crc[0])) break;
            if (!take(&state, bytes, count, start[1], size[1], crc[1])) break;
            if (!take(&state, bytes, count, start[2], size[2], crc[2])) break;
            if (!take(&state, bytes, count, start[3], size[3], crc[3])) break;
            continue;
        }
        for (int lane = 0; lane < found; lane++) {
            if (!take(&state, bytes, count, start[lane], size[lane], crc[lane])) break;
        }
        break;
    }
    run->position = state.position;
    run->sequence = state.sequence;
    run->commit = state.commit;
    run->time = state.time;
    run->used = state.used;
    run->wide_used = state.wide_used;
    run->block = state.block;
    run->blocks_used = state.blocks_used;
    run->taken_singly += state.singly;
    return state.step_position - run->first_position;
}

#else

void atomscope_step_index_zeros(uint32_t seed, uint32_t *zeros) {
    (void)seed;
    (void)zeros;
}

size_t atomscope_index_steps(atomscope_step_run *run) {
    (void)run;
    return 0;
}

#endif
