package dev.strata.domain.retrieval;

import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Tenant;

import java.util.Collection;
import java.util.Optional;
import java.util.Set;

/**
 * Driven port: what the keyword index (the one that ranks the keyword arm) answers besides a
 * ranking, so that the other arms are judged by the same tokenizer and stemming.
 */
public interface KeywordIndex {

    /**
     * Those of {@code among} that are the tenant's live memories and match {@code expression} (FTS5
     * query syntax, e.g. a constraint cut from the caller's query by
     * {@link dev.strata.domain.memory.QuerySyntax}).
     *
     * @throws dev.strata.domain.error.InvalidInputException when the index cannot parse the expression
     */
    Set<MemoryId> matching(Tenant tenant, String expression, Collection<MemoryId> among);

    /** How many rows the index holds, every tenant's (an upper bound will do): what rarity is relative to. */
    long size();

    /**
     * The tenant's live memories holding {@code term} (one word, matched as the keyword arm matches
     * it), when the whole index holds it in at most {@code atMost} rows; empty when it is more common.
     * Counting over the whole index keeps the look-up bounded (it stops after {@code atMost + 1} rows)
     * and can only call a term common that is rare in one tenant, never the reverse.
     */
    Optional<Set<MemoryId>> rareTermRows(Tenant tenant, String term, int atMost);
}
