package dev.strata.application.personalization.rebuild;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.TagDimension;
import dev.strata.domain.personalization.TagPrecedence;
import dev.strata.domain.personalization.TagSource;
import dev.strata.domain.personalization.TagValue;
import dev.strata.domain.personalization.UserId;
import dev.strata.domain.personalization.UserTag;
import dev.strata.domain.personalization.UserTagStore;

import java.time.Clock;
import java.util.Optional;

/**
 * Inferred tag writes through {@link TagPrecedence} and the store's compare-and-set: a declared row
 * is never replaced, {@code markets} only ever gains values and keeps its source. A write that lost
 * a race re-reads and decides again, a bounded number of times.
 */
final class TagWrites {

    enum Result { WRITTEN, KEPT_DECLARED, UNCHANGED }

    private static final int ATTEMPTS = 3;

    private final UserTagStore tags;
    private final Clock clock;

    TagWrites(UserTagStore tags, Clock clock) {
        this.tags = tags;
        this.clock = clock;
    }

    Result infer(Tenant tenant, UserId user, TagValue value) {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            Optional<UserTag> current = tags.find(tenant, user, value.dimension());
            TagPrecedence.Decision decision = value.dimension() == TagDimension.MARKETS
                    ? TagPrecedence.union(current, user, value, clock.instant())
                    : TagPrecedence.decide(current, user, value, TagSource.INFERRED, clock.instant());
            if (!decision.write()) {
                return current.isPresent() && current.get().declared() && !current.get().value().includes(value)
                        ? Result.KEPT_DECLARED : Result.UNCHANGED;
            }
            if (tags.replace(tenant, current, decision.tag())) {
                return Result.WRITTEN;
            }
        }
        throw new IllegalStateException("the " + value.dimension().storedName() + " tag kept changing underneath");
    }
}
