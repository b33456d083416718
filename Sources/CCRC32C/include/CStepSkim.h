#ifndef ATOMSCOPE_CSTEPSKIM_H
#define ATOMSCOPE_CSTEPSKIM_H

#include <stddef.h>
#include <stdint.h>

/// A value entry of a skimmed step: the fields of JournalStepChanges.Value, in its order.
typedef struct {
    int64_t atom;
    int64_t bytes;
} atomscope_skim_value;

/// Two numbers of a skimmed step (an edge, a subscription): JournalStepChanges.Pair.
typedef struct {
    int64_t first;
    int64_t second;
} atomscope_skim_pair;

/// What one skimmed step holds besides its items: where its frame ends in the run's bytes, its
/// cause (-1 for none) and how many items of each list are its own. A step's items follow the
/// previous step's in each list.
typedef struct {
    uint64_t end;
    int64_t cause_atom;
    int64_t cause_location;
    uint32_t initialized;
    uint32_t values;
    uint32_t released;
    uint32_t recomputed;
    uint32_t edges;
    uint32_t subscriptions;
} atomscope_skimmed_step;

/// What a skim that counts (see `slot_of` below) keeps per slot: the fields of
/// StepSlotCounts in Swift, in its order.
typedef struct {
    int64_t changes;
    int64_t recomputes;
    int64_t value_bytes;
    int64_t last_change;
    int64_t last_recompute;
    /// The first step that counted a change, and a recompute (-1 before any): kept only by a
    /// run that counts by atom number (`trusted`), so that the numbers of one id can be
    /// summed exactly afterwards.
    int64_t first_change;
    int64_t first_recompute;
} atomscope_slot_counts;

/// A list of step numbers that its owner grows: `count` of `capacity` used.
typedef struct {
    int32_t *steps;
    uint32_t count;
    uint32_t capacity;
} atomscope_step_numbers;

/// What a skim that notes steps for the timeline (see `notes` below) checks and fills: each
/// step's references must be to defined atoms (`slot_of`, as for counting), locations and
/// subscribers (entries not below 0 in `location_table` and `subscriber_table`, for numbers
/// below their counts), and its position below `limit` (the index's first step whose
/// commit does not follow the one before, or its count); then the step's number (its
/// position plus one) is added once to the change list of every slot it initializes,
/// updates or releases and to the recompute list of every slot it recomputes. A step that
/// fails a check is left to the Swift skim, which names the problem; one that would add to a
/// full list stops the run, with that list's slot in `full_slot` (and `full_recompute` set
/// for a recompute list), for its owner to grow.
typedef struct {
    const int32_t *slot_of;
    size_t numbered;
    const int32_t *location_table;
    size_t locations;
    const int32_t *subscriber_table;
    size_t subscribers;
    int64_t limit;
    atomscope_step_numbers *changes;
    atomscope_step_numbers *recomputes;
    int64_t full_slot;
    int32_t full_recompute;
    /// When not NULL, the notes are by atom number while the definitions are not known yet
    /// (`slot_of` maps each number below `numbered` to itself, and the location and subscriber
    /// tables hold 0 for every number below their counts): a checked step sets the bits of
    /// the atoms it names as a cause, in an edge or in a subscription, of its cause's location
    /// and of its subscribers, for its owner to check against the definitions afterwards.
    /// Bitmaps of at least `numbered`, `locations` and `subscribers` bits.
    uint64_t *named_atoms;
    uint64_t *named_locations;
    uint64_t *named_subscribers;
} atomscope_step_notes;

/// A run of step frames for atomscope_skim_steps to validate and skim.
typedef struct {
    /// The bytes in memory (the reader's window) and how many there are.
    const unsigned char *bytes;
    size_t count;
    /// In: where the first frame starts, in `bytes`. Out: after the last frame taken.
    size_t position;
    /// The CRC-32C register after the journal's salt (the inverted salt state).
    uint32_t seed;
    /// The record type byte of a step, and the largest payload a frame may declare.
    uint8_t step_type;
    uint32_t maximum_payload;
    /// In: the sequence number the next frame must have. Out: the same after the frames taken.
    uint64_t sequence;
    /// ATOMSCOPE_STEP_INDEX_ZEROS registers from atomscope_step_index_zeros for `seed`.
    const uint32_t *zeros;
    /// Where the steps and their items go: room for each list's capacity, of which `*_used`
    /// are taken (in and out). A step is taken only when every list has room for as many
    /// items as its payload has bytes, so that no list can overflow in the middle of it.
    atomscope_skimmed_step *steps;
    size_t step_capacity, steps_used;
    atomscope_skim_value *values;
    size_t value_capacity, values_used;
    int64_t *released;
    size_t released_capacity, released_used;
    int64_t *recomputed;
    size_t recomputed_capacity, recomputed_used;
    atomscope_skim_pair *edges;
    size_t edge_capacity, edges_used;
    atomscope_skim_pair *subscriptions;
    size_t subscription_capacity, subscriptions_used;
    /// When not NULL, each step taken is counted instead of listed: every value entry and
    /// released atom counts a change of its atom's slot (once a step) and adds the value's
    /// bytes, every recomputed atom a recompute (once a step); `slot_of[n]` is atom number n's
    /// slot, or -1, for n below `numbered`; larger numbers count nowhere (a trusted run stops
    /// after a step naming one instead: `beyond`). The lists, and the
    /// entry of `steps` after those used, are then scratch, and `step_position` (in and out)
    /// is the next step's position in the journal, which the once-a-step rule compares with.
    const int32_t *slot_of;
    size_t numbered;
    atomscope_slot_counts *counts;
    int64_t step_position;
    /// When not NULL (and `slot_of` is NULL), each step taken is noted instead of listed, as
    /// atomscope_step_notes says; the lists are then scratch as for counting, and an integer
    /// value's size in them is 0 (notes never read it).
    atomscope_step_notes *notes;
    /// Nonzero when a run that counts or notes is over frames the caller has already checked
    /// (the index's loop, in the same pass): their checksums and sequence numbers are not
    /// checked again, and a run that counts keeps each slot's first counting step. The bytes
    /// must end at the last such frame.
    int trusted;
    /// Out, for a trusted run: -1, or where in `bytes` the frame of the last step taken
    /// starts, when the run stopped after it because items of it named numbers not below
    /// `numbered`, which counted nowhere: the caller makes room for them and counts those
    /// items itself.
    int64_t beyond;
} atomscope_skim_run;

/// Takes consecutive step frames from `run->position` while each lies whole in the bytes, is
/// valid (length, checksum, sequence number), and has a payload this loop reads whole
/// (varints of at most nine bytes, ASCII strings, no patch extension) and finds well formed
/// by the Swift skim's rules; skims each into the lists and returns how many it took. It
/// stops before the first frame that is anything else, leaving it to the Swift skim, which
/// decides what it is (and names any error). Only call it when
/// atomscope_crc32c_hardware_available() returned nonzero (elsewhere than x86-64 it takes
/// nothing). Returns how many steps it took; when it counts, `steps_used` stays as it was.
size_t atomscope_skim_steps(atomscope_skim_run *run);

#endif
