package dev.strata.adapters.http.snapshot;

import dev.strata.application.snapshot.SnapshotService.SnapshotBudget;

/** How full the injection budget is: the cap, injectable and injected counts, the 80% warning. */
record BudgetView(int cap, long injectable, long injected, long overflow, boolean warning, long warningsLogged) {

    static BudgetView of(SnapshotBudget b) {
        return new BudgetView(b.cap(), b.injectable(), b.injected(), b.overflow(), b.warning(), b.warningsLogged());
    }
}
