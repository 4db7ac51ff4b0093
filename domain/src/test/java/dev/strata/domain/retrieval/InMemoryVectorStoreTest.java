package dev.strata.domain.retrieval;

/** The fake honours the same contract as sqlite-vec, so search tests built on it mean something. */
class InMemoryVectorStoreTest extends VectorStoreContract {

    @Override
    protected VectorStore createStore() {
        return new InMemoryVectorStore();
    }
}
