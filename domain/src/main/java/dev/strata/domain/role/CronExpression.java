package dev.strata.domain.role;

import dev.strata.domain.error.InvalidInputException;

import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A five-field Unix cron expression ({@code minute hour day-of-month month day-of-week}), the
 * spec's {@code cronExpr} such as {@code 0 6 * * *}. Each field takes {@code *}, a value, a range
 * {@code a-b}, a step {@code * /n}, {@code a-b/n} or {@code a/n}, and comma lists of those; months
 * and weekdays also take three-letter names, and 0 and 7 are both Sunday. As in Unix cron, when
 * both day fields are restricted a day matching either one fires. {@code @hourly}, {@code @daily},
 * {@code @weekly}, {@code @monthly} and {@code @yearly} are accepted too.
 *
 * <p>Parsed here rather than by a scheduler library so the domain can reject a bad expression when
 * the role is declared, naming the field; an expression that can never fire ({@code 0 0 30 2 *}) is
 * refused as well. Evaluated at minute precision in whatever zone the caller's time carries.
 */
public final class CronExpression {

    private static final Map<String, String> MACROS = Map.of(
            "@hourly", "0 * * * *", "@daily", "0 0 * * *", "@midnight", "0 0 * * *",
            "@weekly", "0 0 * * 0", "@monthly", "0 0 1 * *", "@yearly", "0 0 1 1 *", "@annually", "0 0 1 1 *");
    private static final List<String> MONTHS =
            List.of("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec");
    private static final List<String> DAYS = List.of("sun", "mon", "tue", "wed", "thu", "fri", "sat");
    /** Long enough to reach every leap day; an expression without a fire time in this span never fires. */
    private static final int SEARCH_YEARS = 5;
    private static final int MAX_CHARS = 200;

    private final String text;
    private final BitSet minutes;
    private final BitSet hours;
    private final BitSet daysOfMonth;
    private final BitSet months;
    private final BitSet daysOfWeek;
    private final boolean dayOfMonthRestricted;
    private final boolean dayOfWeekRestricted;

    private CronExpression(String text, BitSet[] fields, boolean domRestricted, boolean dowRestricted) {
        this.text = text;
        this.minutes = fields[0];
        this.hours = fields[1];
        this.daysOfMonth = fields[2];
        this.months = fields[3];
        this.daysOfWeek = fields[4];
        this.dayOfMonthRestricted = domRestricted;
        this.dayOfWeekRestricted = dowRestricted;
    }

    /**
     * Parses {@code text}; a refusal is an {@link InvalidInputException} on {@code field} that says
     * which part of the expression is wrong.
     */
    public static CronExpression parse(String field, String text) {
        if (text == null || text.isBlank()) {
            throw new InvalidInputException(field, "must not be blank");
        }
        String stripped = text.strip();
        if (stripped.length() > MAX_CHARS) {
            throw new InvalidInputException(field, "must be at most " + MAX_CHARS + " characters");
        }
        String expanded = MACROS.getOrDefault(stripped.toLowerCase(Locale.ROOT), stripped);
        String[] parts = expanded.split("\\s+");
        if (parts.length != 5) {
            throw new InvalidInputException(field, "invalid cron expression '" + stripped + "': expected 5 fields "
                    + "(minute hour day-of-month month day-of-week), got " + parts.length);
        }
        try {
            BitSet[] fields = {
                    parseField(parts[0], 0, 59, List.of(), "minute"),
                    parseField(parts[1], 0, 23, List.of(), "hour"),
                    parseField(parts[2], 1, 31, List.of(), "day-of-month"),
                    parseField(parts[3], 1, 12, MONTHS, "month"),
                    parseField(parts[4], 0, 7, DAYS, "day-of-week")};
            if (fields[4].get(7)) {
                fields[4].set(0);
                fields[4].clear(7);
            }
            CronExpression cron = new CronExpression(stripped, fields, !parts[2].startsWith("*"), !parts[4].startsWith("*"));
            ZonedDateTime probe = ZonedDateTime.parse("2026-01-01T00:00:00Z");
            if (cron.nextAfter(probe).isEmpty()) {
                throw new IllegalArgumentException("it never fires");
            }
            return cron;
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException(field, "invalid cron expression '" + stripped + "': " + e.getMessage());
        }
    }

    private static BitSet parseField(String field, int min, int max, List<String> names, String label) {
        BitSet bits = new BitSet(max + 1);
        for (String item : field.split(",", -1)) {
            if (item.isEmpty()) {
                throw new IllegalArgumentException(label + " has an empty list item");
            }
            String range = item;
            int step = 1;
            int slash = item.indexOf('/');
            if (slash >= 0) {
                range = item.substring(0, slash);
                step = number(item.substring(slash + 1), List.of(), label + " step");
                if (step < 1 || step > max) {
                    throw new IllegalArgumentException(label + " step must be within 1-" + max + ": " + step);
                }
            }
            int from;
            int to;
            if (range.equals("*")) {
                from = min;
                to = max;
            } else if (range.contains("-")) {
                String[] ends = range.split("-", -1);
                if (ends.length != 2) {
                    throw new IllegalArgumentException(label + " range '" + range + "' is not a-b");
                }
                from = number(ends[0], names, label);
                to = number(ends[1], names, label);
            } else {
                from = number(range, names, label);
                to = slash >= 0 ? max : from;
            }
            if (from < min || to > max || from > to) {
                throw new IllegalArgumentException(label + " '" + item + "' is outside " + min + "-" + max);
            }
            for (int v = from; v <= to; v += step) {
                bits.set(v);
            }
        }
        return bits;
    }

    private static int number(String token, List<String> names, String label) {
        int named = names.indexOf(token.toLowerCase(Locale.ROOT));
        if (named >= 0) {
            // Months are 1-based, weekdays 0-based (Sunday).
            return names.size() == 12 ? named + 1 : named;
        }
        if (token.isEmpty() || token.length() > 4 || !token.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new IllegalArgumentException(label + " '" + token + "' is not a number");
        }
        return Integer.parseInt(token);
    }

    /** True when the expression fires in the minute {@code time} falls in. */
    public boolean matches(ZonedDateTime time) {
        return minutes.get(time.getMinute()) && hours.get(time.getHour()) && months.get(time.getMonthValue())
                && dayMatches(time);
    }

    private boolean dayMatches(ZonedDateTime time) {
        boolean dom = daysOfMonth.get(time.getDayOfMonth());
        boolean dow = daysOfWeek.get(time.getDayOfWeek().getValue() % 7);
        if (dayOfMonthRestricted && dayOfWeekRestricted) {
            return dom || dow;
        }
        return dom && dow;
    }

    /** The first minute strictly after {@code after} at which the expression fires; empty if none within five years. */
    public Optional<ZonedDateTime> nextAfter(ZonedDateTime after) {
        Objects.requireNonNull(after, "after");
        ZonedDateTime t = after.truncatedTo(ChronoUnit.MINUTES).plusMinutes(1);
        ZonedDateTime limit = after.plusYears(SEARCH_YEARS);
        while (t.isBefore(limit)) {
            if (!months.get(t.getMonthValue())) {
                t = t.withDayOfMonth(1).truncatedTo(ChronoUnit.DAYS).plusMonths(1);
            } else if (!dayMatches(t)) {
                t = t.truncatedTo(ChronoUnit.DAYS).plusDays(1);
            } else if (!hours.get(t.getHour())) {
                t = t.truncatedTo(ChronoUnit.HOURS).plusHours(1);
            } else if (!minutes.get(t.getMinute())) {
                t = t.plusMinutes(1);
            } else {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }

    public String text() {
        return text;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CronExpression other && other.text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    @Override
    public String toString() {
        return text;
    }
}
