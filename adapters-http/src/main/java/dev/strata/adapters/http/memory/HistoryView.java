package dev.strata.adapters.http.memory;

import java.util.List;

/** {@code GET /v1/memory/history?key=K}: the whole chain of a key, newest first. */
record HistoryView(String key, List<MemoryView> entries) {
}
