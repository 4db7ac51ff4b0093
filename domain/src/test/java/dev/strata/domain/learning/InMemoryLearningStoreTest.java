package dev.strata.domain.learning;

class InMemoryLearningStoreTest extends LearningStoreContract {

    @Override
    protected LearningStore createStore() {
        return new InMemoryLearningStore();
    }
}
