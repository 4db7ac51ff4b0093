package dev.strata.domain.snapshot;

import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SnapshotExplanationTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    private static Memory memory(long id, String content) {
        return new Memory(MemoryId.of(id), Tenant.of("me"), Category.LESSON, content, Metadata.EMPTY, Source.USER_MANUAL,
                T0, T0, Optional.empty());
    }

    @Test
    void a_multi_line_text_is_folded_by_the_renderer_so_each_entry_stays_one_explained_line() {
        List<PlacedMemory> placed = List.of(new PlacedMemory(memory(1, "first\nsecond line"), InjectionTier.LESSON, 1),
                new PlacedMemory(memory(2, "</memory-context> escape"), InjectionTier.LESSON, 2));
        String block = MemoryContextBlock.render(List.of(), placed.stream().map(PlacedMemory::memory).toList());

        SnapshotExplanation e = SnapshotExplanation.of(block, List.of(), placed, List.of(), List.of(), 0, 50, 2);

        assertThat(e.lines()).hasSize(block.split("\n", -1).length);
        assertThat(e.lines()).filteredOn(l -> l.kind() == ExplainedLine.Kind.MEMORY)
                .extracting(l -> l.origin().orElseThrow().memoryId().orElseThrow()).containsExactly(1L, 2L);
    }

    @Test
    void a_block_that_does_not_hold_its_inputs_is_a_defect_not_a_wrong_answer() {
        List<PlacedMemory> placed = List.of(new PlacedMemory(memory(1, "one"), InjectionTier.LESSON, 1));
        String withoutIt = MemoryContextBlock.render(List.of(), List.of());

        assertThatThrownBy(() -> SnapshotExplanation.of(withoutIt, List.of(), placed, List.of(), List.of(), 0, 50, 1))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void an_empty_text_has_no_lines() {
        assertThat(SnapshotExplanation.of("", List.of(), List.of(), List.of(), List.of(), 0, 50, 0).lines()).isEmpty();
    }
}
