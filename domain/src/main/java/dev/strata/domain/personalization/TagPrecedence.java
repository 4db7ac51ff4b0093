package dev.strata.domain.personalization;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Declared beats inferred (spec 04). Pure decisions over the current row, so the store stays a
 * compare-and-set and the rule lives in one place:
 * <ul>
 *   <li>a declared write always replaces the row (the user's word is final);</li>
 *   <li>an inferred write replaces an inferred row or fills an empty dimension, but never a declared
 *       row: it neither downgrades nor clears one;</li>
 *   <li>a markets union only adds values and keeps the row's source, so an inferred push onto a
 *       declared selection stays declared.</li>
 * </ul>
 */
public final class TagPrecedence {

    /** Declared tags first, then inferred, each in the schema's dimension order. */
    public static final Comparator<UserTag> DISPLAY_ORDER = Comparator
            .comparing((UserTag t) -> t.declared() ? 0 : 1)
            .thenComparing(UserTag::dimension);

    private TagPrecedence() {
    }

    /**
     * The row a write of {@code value} by {@code source} leads to: {@link Decision#write} with the
     * next row, or {@link Decision#keep} with the current one and why.
     */
    public static Decision decide(Optional<UserTag> current, UserId user, TagValue value, TagSource source,
                                  Instant now) {
        UserTag next = new UserTag(user, value, source, now);
        if (current.isPresent()) {
            UserTag row = current.get();
            if (source == TagSource.INFERRED && row.declared()) {
                return Decision.keep(row, TagWrite.KEPT_DECLARED);
            }
            if (row.sameAs(next)) {
                return Decision.keep(row, TagWrite.UNCHANGED);
            }
        }
        return Decision.write(next);
    }

    /**
     * The markets row after uniting {@code add} into it: the union with the row's own source, or a
     * new inferred row when there was none; kept when nothing would be added.
     */
    public static Decision union(Optional<UserTag> current, UserId user, TagValue add, Instant now) {
        if (add.dimension() != TagDimension.MARKETS) {
            throw new IllegalArgumentException("only markets is united");
        }
        if (current.isEmpty()) {
            return Decision.write(new UserTag(user, add, TagSource.INFERRED, now));
        }
        UserTag row = current.get();
        if (row.value().includes(add)) {
            return Decision.keep(row, TagWrite.UNCHANGED);
        }
        return Decision.write(new UserTag(user, row.value().union(add), row.source(), now));
    }

    /** The rows in {@link #DISPLAY_ORDER}. */
    public static List<UserTag> ordered(List<UserTag> tags) {
        return tags.stream().sorted(DISPLAY_ORDER).toList();
    }

    /** What to do with one write. */
    public record Decision(UserTag tag, boolean write, Optional<String> keptBecause) {

        static Decision write(UserTag next) {
            return new Decision(next, true, Optional.empty());
        }

        static Decision keep(UserTag current, String why) {
            return new Decision(current, false, Optional.of(why));
        }
    }
}
