package dev.strata.bootstrap.drills;

/** Switches shared by the reliability drills. */
final class Drills {

    private Drills() {
    }

    /** The long variants: {@code -Dstrata.drills.long=true} or {@code STRATA_DRILLS_LONG=true}. */
    static boolean isLong() {
        return Boolean.getBoolean("strata.drills.long") || "true".equalsIgnoreCase(System.getenv("STRATA_DRILLS_LONG"));
    }
}
