package dev.strata.domain.model;

class InMemorySpendLedgerTest extends SpendLedgerContractTest {

    @Override
    protected SpendLedger newLedger() {
        return new InMemorySpendLedger();
    }
}
