package dev.strata.adapters.http.graph;

import java.util.List;

/** {@code GET /v1/entities/top}: the most linked entities first. */
record EntitiesView(List<EntityCountView> entities) {
}
