package dev.strata.adapters.http.fact;

import java.util.List;

/** {@code GET /v1/facts/{id}/events}: a fact's consolidation trail, oldest first. */
record EventsView(long factId, List<EventView> events) {
}
