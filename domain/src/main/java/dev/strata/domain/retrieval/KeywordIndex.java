package dev.strata.domain.retrieval;

import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.SearchRequest;
import dev.strata.domain.memory.Tenant;

import java.util.Collection;
import java.util.List;
import java.util.Map;
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
     * Of {@code terms} (single words, matched as the keyword arm matches them), those the whole index
     * holds in at most {@code atMost} rows, each with the tenant's live memories holding it; a more
     * common term is left out. Counting over the whole index keeps every look-up bounded (it stops
     * after {@code atMost + 1} rows) and can only call a term common that is rare in one tenant, never
     * the reverse.
     */
    Map<String, Set<MemoryId>> rareTerms(Tenant tenant, List<String> terms, int atMost);

    /**
     * The passage arm ({@link PassageArm}): the ids of the tenant's memories visible in the request's
     * scope (and category, when it names one) whose passage matches the request's natural-language
     * query, best first, at most {@code depth}. A query in FTS5 syntax is not run here (its column names
     * are the keyword index's): the answer is empty. Indexes without passages answer nothing.
     */
    default List<MemoryId> passages(SearchRequest request, int depth, PassageArm columns) {
        return List.of();
    }
}
