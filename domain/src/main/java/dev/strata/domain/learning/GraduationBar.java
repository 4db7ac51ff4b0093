package dev.strata.domain.learning;

/** One bar a methodology must clear before an approve may graduate it. */
public enum GraduationBar {
    /** The Wilson lower bound must reach {@link LearningPolicy#graduationConfidence()}. */
    CONFIDENCE,
    /** The methodology must have at least {@link LearningPolicy#graduationMinUses()} scored uses. */
    USES;

    public String wireName() {
        return WireNames.of(this);
    }
}
