package dev.strata.domain.learning;

import dev.strata.domain.memory.Tenant;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Values the learning tests share. */
public final class LearningFixtures {

    public static final Tenant ALICE = Tenant.of("alice");
    public static final Tenant BOB = Tenant.of("bob");
    public static final Instant T0 = Instant.parse("2026-01-01T10:00:00Z");
    public static final LearningPolicy POLICY = LearningPolicy.DEFAULTS;

    private LearningFixtures() {
    }

    public static NewMethodology methodology(Tenant tenant, String title) {
        return new NewMethodology(tenant, AssetClass.CRYPTO_MAJOR, title, "Buy BTC after a 20% drawdown from the "
                + "30-day high; scale in over three days.", Provenance.MANUAL);
    }

    public static NewTrade openBtc(Tenant tenant, Instant openedAt) {
        return new NewTrade(tenant, AssetSymbol.parse("asset", "BTC"), AssetClass.CRYPTO_MAJOR, TradeSide.LONG,
                new BigDecimal("0.5"), new BigDecimal("40000"), openedAt, Optional.empty());
    }

    public static TradeClose closeAt(String exit, Instant at) {
        return TradeClose.of(TradeSide.LONG, new BigDecimal("0.5"), new BigDecimal("40000"), new BigDecimal(exit),
                Optional.empty(), at);
    }

    public static CaseDraft decision(MethodologyId... ids) {
        return new CaseDraft(List.of(ids), "hint-abc123", "bought the dip");
    }
}
