package dev.strata.domain.personalization;

import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A hand-written {@link FinancialProfileStore} fake; every method is one atomic step, like the table's statements. */
public final class InMemoryFinancialProfileStore implements FinancialProfileStore {

    private final Map<ProfileRef, FinancialProfile> rows = new HashMap<>();

    @Override
    public synchronized Optional<FinancialProfile> find(Tenant tenant, UserId user) {
        return Optional.ofNullable(rows.get(new ProfileRef(tenant, user)));
    }

    @Override
    public synchronized List<UserId> users(Tenant tenant) {
        return rows.keySet().stream().filter(r -> r.tenant().equals(tenant)).map(ProfileRef::user)
                .sorted(Comparator.comparing(UserId::value)).toList();
    }

    @Override
    public synchronized List<ProfileRef> profiles(Optional<ProfileRef> after, int limit) {
        Comparator<ProfileRef> order = Comparator.comparing((ProfileRef r) -> r.tenant().value())
                .thenComparing(r -> r.user().value());
        return rows.keySet().stream().filter(r -> after.map(a -> order.compare(r, a) > 0).orElse(true))
                .sorted(order).limit(limit).toList();
    }

    @Override
    public synchronized FinancialProfile edit(Tenant tenant, UserId user, ProfileEdit edit, Instant now) {
        return put(tenant, row(tenant, user, now).with(edit, now));
    }

    @Override
    public synchronized FinancialProfile recordOnboarding(Tenant tenant, UserId user, OnboardingAnswers answers,
                                                          Instant now) {
        FinancialProfile p = row(tenant, user, now);
        Onboarding onboarding = new Onboarding(Optional.of(answers),
                Optional.of(p.onboarding().completedAt().orElse(now)));
        return put(tenant, new FinancialProfile(p.user(), p.platformWalletSummary(), p.referenceWalletsSummary(),
                p.referenceWallets(), p.customPrompt(), p.visibility(), p.schedule(), p.lastIndexedChatId(),
                p.tradingSummaryUpdatedAt(), p.tradingCursors(), onboarding, p.createdAt(), now));
    }

    @Override
    public synchronized boolean claimRebuild(Tenant tenant, UserId user, RebuildKind kind, Instant now,
                                             Instant nextUpdate) {
        FinancialProfile p = row(tenant, user, now);
        if (!p.schedule().isDue(kind, now)) {
            return false;
        }
        put(tenant, withSchedule(p, p.schedule().with(kind, nextUpdate)));
        return true;
    }

    @Override
    public synchronized void scheduleRebuild(Tenant tenant, UserId user, RebuildKind kind, Instant nextUpdate,
                                             Instant now) {
        FinancialProfile p = row(tenant, user, now);
        put(tenant, withSchedule(p, p.schedule().with(kind, nextUpdate)));
    }

    @Override
    public synchronized List<ProfileRef> due(RebuildKind kind, Instant now, int limit) {
        List<Map.Entry<ProfileRef, FinancialProfile>> due = new ArrayList<>(rows.entrySet().stream()
                .filter(e -> e.getValue().schedule().isDue(kind, now)).toList());
        due.sort(Comparator.comparing((Map.Entry<ProfileRef, FinancialProfile> e) ->
                        e.getValue().schedule().nextUpdate(kind).orElse(Instant.MIN))
                .thenComparing(e -> e.getKey().tenant().value()).thenComparing(e -> e.getKey().user().value()));
        return due.stream().limit(limit).map(Map.Entry::getKey).toList();
    }

    @Override
    public synchronized boolean storeTradingSummary(Tenant tenant, UserId user, TradingCursors expected,
                                                    TradingSummary summary, Instant now) {
        FinancialProfile p = row(tenant, user, now);
        if (!p.tradingCursors().equals(expected)) {
            return false;
        }
        put(tenant, new FinancialProfile(p.user(), Optional.of(summary.platformWalletSummary()),
                summary.referenceWalletsSummary(), p.referenceWallets(), p.customPrompt(), p.visibility(), p.schedule(),
                p.lastIndexedChatId(), Optional.of(now), summary.seen(), p.onboarding(), p.createdAt(), now));
        return true;
    }

    @Override
    public synchronized boolean advanceChatCursor(Tenant tenant, UserId user, Optional<String> expected, String next,
                                                  Instant now) {
        FinancialProfile p = row(tenant, user, now);
        if (!p.lastIndexedChatId().equals(expected)) {
            return false;
        }
        put(tenant, new FinancialProfile(p.user(), p.platformWalletSummary(), p.referenceWalletsSummary(),
                p.referenceWallets(), p.customPrompt(), p.visibility(), p.schedule(), Optional.of(next),
                p.tradingSummaryUpdatedAt(), p.tradingCursors(), p.onboarding(), p.createdAt(), now));
        return true;
    }

    private FinancialProfile row(Tenant tenant, UserId user, Instant now) {
        return rows.computeIfAbsent(new ProfileRef(tenant, user), r -> FinancialProfile.empty(user, now));
    }

    private FinancialProfile put(Tenant tenant, FinancialProfile p) {
        rows.put(new ProfileRef(tenant, p.user()), p);
        return p;
    }

    private static FinancialProfile withSchedule(FinancialProfile p, RebuildSchedule schedule) {
        return new FinancialProfile(p.user(), p.platformWalletSummary(), p.referenceWalletsSummary(),
                p.referenceWallets(), p.customPrompt(), p.visibility(), schedule, p.lastIndexedChatId(),
                p.tradingSummaryUpdatedAt(), p.tradingCursors(), p.onboarding(), p.createdAt(), p.updatedAt());
    }
}
