package dev.strata.domain.learning;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Tenant;

import java.util.Objects;

/** A methodology about to be created; it always lands quarantined at the policy's initial confidence. */
public record NewMethodology(Tenant tenant, AssetClass assetClass, String title, String body, Provenance provenance) {

    public static final int MAX_TITLE_CHARS = 200;
    public static final int MAX_BODY_CHARS = 8_000;

    public NewMethodology {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(assetClass, "asset_class");
        Objects.requireNonNull(provenance, "provenance");
        title = checkTitle("title", title);
        body = checkBody("body", body);
    }

    public String normalizedKey() {
        return normalizedKey(title, body);
    }

    static String normalizedKey(String title, String body) {
        return LearningText.normalise(title) + "\n" + LearningText.normalise(body);
    }

    public static String checkTitle(String field, String title) {
        String t = LearningText.required(field, title, MAX_TITLE_CHARS);
        if (t.indexOf('\n') >= 0 || t.indexOf('\r') >= 0) {
            throw new InvalidInputException(field, "must be one line");
        }
        return t;
    }

    public static String checkBody(String field, String body) {
        return LearningText.required(field, body, MAX_BODY_CHARS);
    }
}
