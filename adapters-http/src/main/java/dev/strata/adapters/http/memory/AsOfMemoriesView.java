package dev.strata.adapters.http.memory;

import dev.strata.domain.memory.Memory;

import java.time.Instant;
import java.util.List;

/**
 * {@code GET /v1/memory?as_of=T}: the memories active at {@code as_of}, each as it stood then, and
 * {@code edited_since}: the ids of those edited in place after it, whose content or metadata then
 * may have differed from what is shown (the row keeps only its current text).
 */
record AsOfMemoriesView(List<MemoryView> memories, String asOf, List<Long> editedSince) {

    static AsOfMemoriesView of(List<Memory> memories, Instant asOf) {
        return new AsOfMemoriesView(memories.stream().map(MemoryView::of).toList(), asOf.toString(),
                memories.stream().filter(m -> m.editedAfter(asOf)).map(m -> m.id().value()).toList());
    }
}
