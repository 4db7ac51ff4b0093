package dev.strata.domain.fact;

import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * An existing statement a new fact is compared with. The model only ever sees {@code localId}
 * (F1, F2 for facts, U1, U2 for the user's own memories): small ids it cannot confuse with
 * database ids, and an answer naming anything else is visibly made up.
 */
public record ConsolidationCandidate(String localId, RowRef row, Tenant tenant, String content, Source source) {

    private static final Pattern LOCAL_ID = Pattern.compile("[A-Z][0-9]{1,3}");

    public ConsolidationCandidate {
        Objects.requireNonNull(localId, "localId");
        Objects.requireNonNull(row, "row");
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(content, "content");
        Objects.requireNonNull(source, "source");
        if (!LOCAL_ID.matcher(localId).matches()) {
            throw new IllegalArgumentException("local ids look like F1 or U2: " + localId);
        }
    }
}
