package dev.strata.domain.learning;

/** Where a methodology came from. It never decides trust: every new methodology starts quarantined. */
public enum Provenance {
    SEED, SYNTHESIZED, IMPORTED, MANUAL;

    public String wireName() {
        return WireNames.of(this);
    }

    public static Provenance parse(String field, String raw) {
        return WireNames.parse(Provenance.class, field, raw, Provenance::wireName);
    }
}
