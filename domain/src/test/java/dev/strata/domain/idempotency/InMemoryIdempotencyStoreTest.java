package dev.strata.domain.idempotency;

class InMemoryIdempotencyStoreTest extends IdempotencyStoreContract {

    private InMemoryIdempotencyStore fake;

    @Override
    protected IdempotencyStore createStore() {
        fake = new InMemoryIdempotencyStore();
        return fake;
    }

    @Override
    protected void commitAWrite() {
        fake.committed();
    }
}
