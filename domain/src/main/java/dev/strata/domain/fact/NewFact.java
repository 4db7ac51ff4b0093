package dev.strata.domain.fact;

import dev.strata.domain.memory.Content;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Tenant;

import java.util.Objects;

/** A fact to record; it is stored pending, with its normalised key computed here once. */
public record NewFact(Tenant tenant, String content, Source source) {

    public NewFact {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(source, "source");
        content = Content.check(content);
    }

    public String normalized() {
        return FactNormalizer.normalize(content);
    }
}
