package dev.strata.adapters.http.session;

import dev.strata.application.session.TurnContext;
import dev.strata.domain.personalization.TagDimension;

import java.util.List;
import java.util.Optional;

/**
 * {@code POST /v1/sessions/{id}/turn}: the dimensions the turn needs beyond the core, and the volatile
 * block to send after the cached prefix (absent when gating is off, for a pure lookup, or when the user
 * has none of them).
 */
record TurnView(List<String> selected, Optional<SessionView.BlockView> volatileBlock) {

    static TurnView of(TurnContext t) {
        return new TurnView(t.selected().stream().sorted().map(TagDimension::storedName).toList(),
                t.volatileBlock().map(SessionView.BlockView::of));
    }
}
