package dev.strata.domain.memory;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class MemoryAsOfTest {

    private static final Instant WRITTEN = Instant.parse("2026-01-01T10:00:00Z");
    private static final Instant LATER = WRITTEN.plusSeconds(3_600);

    private static Memory memory(Optional<Instant> deletedAt, Optional<Instant> supersededAt, Instant updatedAt) {
        return new Memory(MemoryId.of(1), Tenant.of("a"), Category.LESSON, "trail stops by 8%", Metadata.EMPTY,
                Source.USER_MANUAL, WRITTEN, updatedAt, deletedAt, Optional.empty(), Optional.empty(), supersededAt);
    }

    @Test
    void before_it_was_written_a_memory_did_not_exist() {
        assertThat(memory(Optional.empty(), Optional.empty(), WRITTEN).asOf(WRITTEN.minusMillis(1))).isEmpty();
        assertThat(memory(Optional.empty(), Optional.empty(), WRITTEN).asOf(WRITTEN)).isPresent();
    }

    @Test
    void a_later_supersession_or_deletion_is_taken_back_and_an_earlier_one_hides_it() {
        Memory superseded = memory(Optional.empty(), Optional.of(LATER), WRITTEN);
        Memory deleted = memory(Optional.of(LATER), Optional.empty(), WRITTEN);

        assertThat(superseded.asOf(LATER.minusSeconds(1))).hasValueSatisfying(m -> assertThat(m.isActive()).isTrue());
        assertThat(deleted.asOf(LATER.minusSeconds(1))).hasValueSatisfying(m -> assertThat(m.isActive()).isTrue());
        assertThat(superseded.asOf(LATER)).isEmpty();
        assertThat(deleted.asOf(LATER.plusSeconds(1))).isEmpty();
    }

    @Test
    void an_edit_in_place_after_the_instant_is_reported_since_the_row_cannot_undo_it() {
        Memory edited = memory(Optional.empty(), Optional.empty(), LATER);

        assertThat(edited.editedAfter(WRITTEN.plusSeconds(1))).isTrue();
        assertThat(edited.editedAfter(LATER)).isFalse();
    }
}
