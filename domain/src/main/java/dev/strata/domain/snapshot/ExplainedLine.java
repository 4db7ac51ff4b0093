package dev.strata.domain.snapshot;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * One line of a rendered memory-context block, numbered from 1, with what produced it and the rule
 * that placed it. Lines of the block's own frame (the fence, the System note, headings, blank lines)
 * have neither.
 */
public record ExplainedLine(int number, String text, Kind kind, Optional<LineOrigin> origin,
                            Optional<LinePlacement> placement) {

    /** What a line is. */
    public enum Kind {
        FENCE, NOTE, BLANK, HEADING, PROFILE, MEMORY, FACT;

        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Kind parse(String wire) {
            return valueOf(wire.toUpperCase(Locale.ROOT));
        }

        /** Whether a line of this kind is stored data (it then has an origin and a placement). */
        public boolean isEntry() {
            return this == PROFILE || this == MEMORY || this == FACT;
        }
    }

    public ExplainedLine {
        if (number < 1) {
            throw new IllegalArgumentException("lines are numbered from 1");
        }
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(placement, "placement");
        if (kind.isEntry() != origin.isPresent() || kind.isEntry() != placement.isPresent()) {
            throw new IllegalArgumentException("an entry line has an origin and a placement, a frame line neither");
        }
    }
}
