package dev.strata.adapters.http.memory;

import java.util.List;
import java.util.Optional;

/** A key's supersede chain, newest first; with {@code as_of}, the one entry active at that instant (or none). */
record HistoryView(String key, List<MemoryView> entries, Optional<String> asOf) {
}
