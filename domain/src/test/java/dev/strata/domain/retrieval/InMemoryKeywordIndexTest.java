package dev.strata.domain.retrieval;

import dev.strata.domain.memory.InMemoryMemoryStore;

class InMemoryKeywordIndexTest extends KeywordIndexContract {

    @Override
    protected Pair create() {
        InMemoryMemoryStore store = new InMemoryMemoryStore();
        return new Pair(store, new InMemoryKeywordIndex(store));
    }
}
