package dev.strata.domain.languagemodel;

class InMemorySpendLedgerTest extends SpendLedgerContractTest {

    @Override
    protected SpendLedger newLedger() {
        return new InMemorySpendLedger();
    }
}
