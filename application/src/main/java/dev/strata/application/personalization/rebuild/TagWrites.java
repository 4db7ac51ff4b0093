package dev.strata.application.personalization.rebuild;

import dev.strata.application.personalization.PersonalizationService;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.TagDimension;
import dev.strata.domain.personalization.TagValue;
import dev.strata.domain.personalization.TagWrite;
import dev.strata.domain.personalization.UserId;

/**
 * Inferred tag writes through the personalization area's one tag path: a declared row is never
 * replaced, {@code markets} only ever gains values and keeps its source.
 */
final class TagWrites {

    enum Result { WRITTEN, KEPT_DECLARED, UNCHANGED }

    /** Who the rebuild's tag writes are audited as (the same actor its memory writes carry). */
    static final Actor ACTOR = Actor.system("personalization-rebuild");

    private final PersonalizationService personalization;

    TagWrites(PersonalizationService personalization) {
        this.personalization = personalization;
    }

    Result infer(Tenant tenant, UserId user, TagValue value) {
        TagWrite write = value.dimension() == TagDimension.MARKETS
                ? personalization.unionMarkets(tenant, user, value, ACTOR)
                : personalization.inferTag(tenant, user, value, ACTOR);
        if (write.written()) {
            return Result.WRITTEN;
        }
        return write.kept().filter(TagWrite.KEPT_DECLARED::equals).isPresent() ? Result.KEPT_DECLARED : Result.UNCHANGED;
    }
}
