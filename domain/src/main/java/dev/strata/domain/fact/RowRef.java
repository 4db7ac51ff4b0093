package dev.strata.domain.fact;

import java.util.Locale;
import java.util.Objects;

/**
 * A database row a consolidation decision can point at: a fact of the fact layer or a memory of
 * the general memory table (the user's own {@code user_manual} personalization rows). On the wire
 * it reads {@code fact:12} or {@code memory:7}.
 */
public record RowRef(Kind kind, long id) {

    public enum Kind {
        FACT, MEMORY;

        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Kind parse(String wire) {
            for (Kind k : values()) {
                if (k.wireName().equals(wire)) {
                    return k;
                }
            }
            throw new IllegalArgumentException("unknown row kind: " + wire);
        }
    }

    public RowRef {
        Objects.requireNonNull(kind, "kind");
        if (id <= 0) {
            throw new IllegalArgumentException("row ids are positive");
        }
    }

    public static RowRef fact(FactId id) {
        return new RowRef(Kind.FACT, id.value());
    }

    public static RowRef memory(long id) {
        return new RowRef(Kind.MEMORY, id);
    }

    @Override
    public String toString() {
        return kind.wireName() + ":" + id;
    }
}
