package dev.strata.adapters.http.memory;

import dev.strata.domain.memory.Memory;

import java.util.List;

/** A list of memories: the answer of a listing and of a batch write. */
record MemoriesView(List<MemoryView> memories) {

    static MemoriesView of(List<Memory> memories) {
        return new MemoriesView(memories.stream().map(MemoryView::of).toList());
    }
}
