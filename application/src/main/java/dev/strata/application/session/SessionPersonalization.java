package dev.strata.application.session;

import dev.strata.application.personalization.IntentGate;
import dev.strata.application.personalization.PersonalizationService;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.PromptPersonalization;
import dev.strata.domain.personalization.TagDimension;
import dev.strata.domain.personalization.UserId;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * What a session takes from the personalization area: the database sub-layer's block inputs at
 * freeze time, and under intent gating the dimensions a turn needs. Sessions are per tenant, so they
 * read the tenant's {@link UserId#DEFAULT} user.
 */
public interface SessionPersonalization {

    /** No database sub-layer: the block is what it was before the area existed. */
    SessionPersonalization NONE = new SessionPersonalization() {
        @Override
        public PromptPersonalization inputs(Tenant tenant) {
            return PromptPersonalization.NONE;
        }

        @Override
        public boolean gated() {
            return false;
        }

        @Override
        public Set<TagDimension> select(Tenant tenant, String message) {
            return EnumSet.noneOf(TagDimension.class);
        }
    };

    PromptPersonalization inputs(Tenant tenant);

    boolean gated();

    Set<TagDimension> select(Tenant tenant, String message);

    static SessionPersonalization of(PersonalizationService service, IntentGate gate) {
        Objects.requireNonNull(service, "service");
        Objects.requireNonNull(gate, "gate");
        return new SessionPersonalization() {
            @Override
            public PromptPersonalization inputs(Tenant tenant) {
                return service.promptInputs(tenant, UserId.DEFAULT);
            }

            @Override
            public boolean gated() {
                return gate.enabled();
            }

            @Override
            public Set<TagDimension> select(Tenant tenant, String message) {
                return gate.select(tenant, message);
            }
        };
    }
}
