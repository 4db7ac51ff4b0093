package dev.strata.application.personalization;

import dev.strata.application.memory.MemoryLimits;
import dev.strata.application.memory.MemoryService;
import dev.strata.application.profile.ProfileService;
import dev.strata.domain.MutableClock;
import dev.strata.domain.audit.InMemoryAuditLog;
import dev.strata.domain.memory.InMemoryMemoryStore;
import dev.strata.domain.personalization.InMemoryFinancialProfileStore;
import dev.strata.domain.personalization.InMemoryUserTagStore;
import dev.strata.domain.personalization.OnboardingAnswers;
import dev.strata.domain.personalization.TagDimension;
import dev.strata.domain.personalization.TagValue;
import dev.strata.domain.profile.InMemoryUserProfileStore;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** The personalization service on hand-written fakes, sharing one clock. */
final class PersonalizationFixture {

    final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T09:00:00Z"));
    final InMemoryMemoryStore memoryStore = new InMemoryMemoryStore();
    final MemoryService memories = new MemoryService(memoryStore, new InMemoryAuditLog(), clock, MemoryLimits.DEFAULTS,
            Duration.ofDays(30));
    final InMemoryFinancialProfileStore profiles = new InMemoryFinancialProfileStore();
    final InMemoryUserTagStore tags = new InMemoryUserTagStore();
    final InMemoryUserProfileStore keyValue = new InMemoryUserProfileStore();
    final InMemoryAuditLog audit = new InMemoryAuditLog();
    final PersonalizationService service;

    PersonalizationFixture() {
        this(PersonalizationPolicy.defaults());
    }

    PersonalizationFixture(PersonalizationPolicy policy) {
        service = new PersonalizationService(profiles, tags, memories, new ProfileService(keyValue, clock, new dev.strata.domain.audit.InMemoryAuditLog()), policy, clock,
                new dev.strata.domain.vault.CredentialScrubber(), audit);
    }

    static TagValue single(TagDimension d, String v) {
        return TagValue.single(d, v, "value");
    }

    static TagValue markets(String... v) {
        return TagValue.multi(TagDimension.MARKETS, List.of(v), "value");
    }

    static OnboardingAnswers answers(String knowledge, String frequency, String risk, List<String> markets,
                                     String capital) {
        return new OnboardingAnswers(
                Optional.ofNullable(knowledge).map(v -> single(TagDimension.FINANCE_KNOWLEDGE, v)),
                Optional.ofNullable(frequency).map(v -> single(TagDimension.FREQUENCY, v)),
                Optional.ofNullable(risk).map(v -> single(TagDimension.RISK, v)),
                Optional.ofNullable(markets).map(m -> TagValue.multi(TagDimension.MARKETS, m, "value")),
                Optional.ofNullable(capital));
    }
}
