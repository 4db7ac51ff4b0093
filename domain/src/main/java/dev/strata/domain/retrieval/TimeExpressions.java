package dev.strata.domain.retrieval;

import java.time.DateTimeException;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.Month;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the dates and relative time expressions of a question ("last May", "in 2023",
 * "yesterday", "on 8 May 2023", "3 days ago") as {@link TimeWindow}s, relative to a reference
 * instant and a time zone. Deterministic and offline: a table of {@link Rule}s, each a pattern and
 * a resolver from the match and the reference day to a span of days. Expressions that need
 * knowledge the text does not hold ("two weeks before the trip": which trip?) yield nothing,
 * rather than a guess.
 *
 * <p>Where rules overlap, the longest match wins ("the day before yesterday" over "yesterday"),
 * then the earlier rule in the table. A window may be shifted by a count stated just before it:
 * "two weeks before 8 May 2023" is the day two weeks earlier.
 *
 * <p>English only ({@link #english()}); another language is another table, and a deployment can
 * extend this one with {@link #with(Rule)}. Weeks start on Monday; seasons are the northern
 * hemisphere's meteorological ones (spring is March to May; winter 2023 is December 2023 to
 * February 2024).
 */
public final class TimeExpressions {

    /** A span of whole days {@code [from, until)} in the reference zone, with how it was anchored. */
    public record Span(LocalDate from, LocalDate until, TimeWindow.Kind kind, double confidence) {
        public Span {
            Objects.requireNonNull(from, "from");
            Objects.requireNonNull(until, "until");
            Objects.requireNonNull(kind, "kind");
            if (!until.isAfter(from)) {
                throw new IllegalArgumentException("a span ends after it starts: " + from + " .. " + until);
            }
        }

        static Span day(LocalDate day, TimeWindow.Kind kind, double confidence) {
            return new Span(day, day.plusDays(1), kind, confidence);
        }
    }

    /** Turns a match into a span, given the reference day; empty when the match names no real date. */
    @FunctionalInterface
    public interface Resolver {
        Optional<Span> resolve(MatchResult match, LocalDate today);
    }

    /** One line of the table: a case-insensitive pattern and what it means. */
    public record Rule(String name, Pattern pattern, Resolver resolver) {
        public Rule {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(pattern, "pattern");
            Objects.requireNonNull(resolver, "resolver");
        }

        static Rule of(String name, String regex, Resolver resolver) {
            return new Rule(name, Pattern.compile(regex, Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE), resolver);
        }
    }

    private static final TimeWindow.Kind ABSOLUTE = TimeWindow.Kind.ABSOLUTE;
    private static final TimeWindow.Kind RELATIVE = TimeWindow.Kind.RELATIVE;
    private static final TimeWindow.Kind VAGUE = TimeWindow.Kind.VAGUE;

    static final String MONTH = "(january|february|march|april|may|june|july|august|september|october|november"
            + "|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\\.?";
    static final String WEEKDAY = "(monday|tuesday|wednesday|thursday|friday|saturday|sunday)";
    static final String NUMBER = "(\\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
            + "|(?:a\\s+)?couple(?:\\s+of)?|(?:a\\s+)?few|several)";
    static final String UNIT = "(day|week|month|year)s?";
    static final String ORDINAL = "(\\d{1,2})(?:st|nd|rd|th)?";
    static final String YEAR = "((?:1[89]|2[01])\\d{2})";
    static final String SEASON = "(spring|summer|autumn|fall|winter)";

    private static final Map<String, Integer> WORD_NUMBERS = Map.ofEntries(
            Map.entry("a", 1), Map.entry("an", 1), Map.entry("one", 1), Map.entry("two", 2), Map.entry("three", 3),
            Map.entry("four", 4), Map.entry("five", 5), Map.entry("six", 6), Map.entry("seven", 7),
            Map.entry("eight", 8), Map.entry("nine", 9), Map.entry("ten", 10), Map.entry("eleven", 11),
            Map.entry("twelve", 12), Map.entry("couple", 2));

    /** Words after a lower-case "may" that make it the verb ("this may be"), not the month. */
    private static final Pattern MODAL_MAY = Pattern.compile(
            "\\s+(?:be|have|not|also|well|just|still|need|want|take|make|help|get|seem|cause|change|come|go|"
                    + "work|mean|matter|happen|affect|sound|look|feel|explain|include|require|surprise|differ|"
                    + "apply|fail|lead|vary)\\b");

    /** "N units before|after" right before a window: the window shifted back or forward. */
    private static final Pattern SHIFT = Pattern.compile(
            "\\b" + NUMBER + "\\s+" + UNIT + "\\s+(before|after|prior\\s+to|earlier\\s+than|later\\s+than)\\s+$",
            Pattern.CASE_INSENSITIVE);

    private final List<Rule> rules;

    public TimeExpressions(List<Rule> rules) {
        this.rules = List.copyOf(rules);
        if (this.rules.isEmpty()) {
            throw new IllegalArgumentException("a time-expression table needs at least one rule");
        }
    }

    /** This table with one more rule, tried after the others when matches are equally long. */
    public TimeExpressions with(Rule rule) {
        List<Rule> more = new ArrayList<>(rules);
        more.add(Objects.requireNonNull(rule, "rule"));
        return new TimeExpressions(more);
    }

    public List<Rule> rules() {
        return rules;
    }

    /** The windows of {@code text} relative to {@code reference} in UTC, in the order they appear. */
    public List<TimeWindow> parse(String text, Instant reference) {
        return parse(text, reference, ZoneOffset.UTC);
    }

    /** The windows of {@code text} relative to {@code reference} in {@code zone}, in the order they appear. */
    public List<TimeWindow> parse(String text, Instant reference, ZoneId zone) {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(reference, "reference");
        Objects.requireNonNull(zone, "zone");
        LocalDate today = LocalDate.ofInstant(reference, zone);
        List<Found> found = new ArrayList<>();
        for (int r = 0; r < rules.size(); r++) {
            Matcher m = rules.get(r).pattern().matcher(text);
            while (m.find()) {
                if (m.end() > m.start() && !isModalMay(text, m)) {
                    Optional<Span> span = safely(rules.get(r).resolver(), m.toMatchResult(), today);
                    if (span.isPresent()) {
                        found.add(new Found(m.start(), m.end(), r, span.get()));
                    }
                }
            }
        }
        found.sort(Comparator.comparingInt((Found f) -> f.end - f.start).reversed()
                .thenComparingInt(f -> f.rule).thenComparingInt(f -> f.start));
        List<Found> kept = new ArrayList<>();
        for (Found f : found) {
            if (kept.stream().noneMatch(k -> k.start < f.end && f.start < k.end)) {
                kept.add(f);
            }
        }
        kept.sort(Comparator.comparingInt(f -> f.start));
        List<TimeWindow> windows = new ArrayList<>();
        for (Found f : kept) {
            Found shifted = shifted(text, f);
            windows.add(new TimeWindow(shifted.span.from().atStartOfDay(zone).toInstant(),
                    shifted.span.until().atStartOfDay(zone).toInstant(), shifted.span.kind(),
                    shifted.span.confidence(), text.substring(shifted.start, shifted.end).strip()));
        }
        return List.copyOf(windows);
    }

    private record Found(int start, int end, int rule, Span span) {
    }

    /** A resolver that meets an impossible date (31 February) has matched no date. */
    private static Optional<Span> safely(Resolver resolver, MatchResult m, LocalDate today) {
        try {
            return resolver.resolve(m, today);
        } catch (DateTimeException | ArithmeticException e) {
            return Optional.empty();
        }
    }

    private static Found shifted(String text, Found f) {
        Matcher m = SHIFT.matcher(text.substring(0, f.start));
        if (!m.find()) {
            return f;
        }
        Optional<Integer> n = count(m.group(1));
        if (n.isEmpty()) {
            return f;
        }
        String direction = m.group(3).toLowerCase(Locale.ROOT);
        int sign = direction.startsWith("before") || direction.startsWith("prior") || direction.startsWith("earlier")
                ? -1 : 1;
        ChronoUnit unit = unit(m.group(2));
        Span span = f.span;
        Span moved = new Span(span.from().plus((long) sign * n.get(), unit), span.until().plus((long) sign * n.get(), unit),
                span.kind(), span.confidence() * 0.9);
        return new Found(m.start(), f.end, f.rule, moved);
    }

    /**
     * "May" is also a verb: in text that is not all lower case, a lower-case "may" is the verb; in
     * all-lower-case text, "may" followed by a verb-like word is.
     */
    private static boolean isModalMay(String text, Matcher m) {
        for (int g = 1; g <= m.groupCount(); g++) {
            String group = m.group(g);
            if (group != null && group.equalsIgnoreCase("may") && !m.group().matches(".*\\d.*")) {
                boolean allLower = text.equals(text.toLowerCase(Locale.ROOT));
                if (!allLower) {
                    return group.equals("may");
                }
                return MODAL_MAY.matcher(text.substring(m.end(g))).lookingAt();
            }
        }
        return false;
    }

    // --- the English table ---------------------------------------------------------------------

    /** The English table. */
    public static TimeExpressions english() {
        List<Rule> rules = new ArrayList<>();
        rules.add(Rule.of("iso date", "\\b(\\d{4})-(\\d{2})-(\\d{2})\\b",
                (m, today) -> Optional.of(Span.day(LocalDate.of(num(m.group(1)), num(m.group(2)), num(m.group(3))),
                        ABSOLUTE, 1.0))));
        rules.add(Rule.of("day month year", "\\b(?:the\\s+)?" + ORDINAL + "(?:\\s+of)?\\s+" + MONTH + ",?\\s+" + YEAR
                        + "\\b",
                (m, today) -> Optional.of(Span.day(LocalDate.of(num(m.group(3)), month(m.group(2)), num(m.group(1))),
                        ABSOLUTE, 1.0))));
        rules.add(Rule.of("month day year", "\\b" + MONTH + "\\s+(?:the\\s+)?" + ORDINAL + ",?\\s+" + YEAR + "\\b",
                (m, today) -> Optional.of(Span.day(LocalDate.of(num(m.group(3)), month(m.group(1)), num(m.group(2))),
                        ABSOLUTE, 1.0))));
        rules.add(Rule.of("day month", "\\b(?:the\\s+)?" + ORDINAL + "(?:\\s+of)?\\s+" + MONTH + "\\b",
                (m, today) -> Optional.of(Span.day(latestOnOrBefore(today, month(m.group(2)), num(m.group(1))),
                        RELATIVE, 0.8))));
        rules.add(Rule.of("month day", "\\b" + MONTH + "\\s+(?:the\\s+)?" + ORDINAL + "\\b(?!\\s*,?\\s*\\d)",
                (m, today) -> Optional.of(Span.day(latestOnOrBefore(today, month(m.group(1)), num(m.group(2))),
                        RELATIVE, 0.8))));
        rules.add(Rule.of("part of month", "\\b(early|mid|middle\\s+of|late|end\\s+of|the\\s+end\\s+of|beginning\\s+of"
                        + "|the\\s+beginning\\s+of|start\\s+of|the\\s+start\\s+of)[\\s-]+" + MONTH
                        + "(?:,?\\s+(?:of\\s+)?" + YEAR + ")?\\b",
                (m, today) -> {
                    LocalDate first = m.group(3) != null ? LocalDate.of(num(m.group(3)), month(m.group(2)), 1)
                            : latestMonthOnOrBefore(today, month(m.group(2)));
                    return Optional.of(partOfMonth(m.group(1), first, m.group(3) != null ? ABSOLUTE : RELATIVE,
                            m.group(3) != null ? 0.9 : 0.7));
                }));
        rules.add(Rule.of("month year", "\\b" + MONTH + ",?\\s+(?:of\\s+)?" + YEAR + "\\b",
                (m, today) -> Optional.of(month(LocalDate.of(num(m.group(2)), month(m.group(1)), 1), ABSOLUTE, 1.0))));
        rules.add(Rule.of("last/this/next month name", "\\b(last|this|next|past)\\s+" + MONTH + "\\b",
                (m, today) -> Optional.of(month(namedMonth(m.group(1), month(m.group(2)), today), RELATIVE, 0.85))));
        rules.add(Rule.of("in month name", "\\b(?:in|during|on|since|by|from|throughout|until|of)\\s+" + MONTH
                        + "\\b(?!\\s*,?\\s*(?:the\\s+)?\\d)",
                (m, today) -> Optional.of(month(latestMonthOnOrBefore(today, month(m.group(1))), RELATIVE, 0.7))));
        rules.add(Rule.of("decade", "\\b(?:in\\s+|during\\s+)?the\\s+(?:(1[89]|20)?(\\d)0)'?s\\b",
                (m, today) -> {
                    int century = m.group(1) != null ? num(m.group(1)) : 19;
                    int start = century * 100 + num(m.group(2)) * 10;
                    return Optional.of(new Span(LocalDate.of(start, 1, 1), LocalDate.of(start + 10, 1, 1), ABSOLUTE,
                            m.group(1) != null ? 0.9 : 0.6));
                }));
        rules.add(Rule.of("in year", "\\b(?:in|during|throughout|for|of|from|the\\s+year)\\s+(?:the\\s+year\\s+)?"
                        + "(?:early\\s+|late\\s+|mid-?)?" + YEAR + "\\b",
                (m, today) -> Optional.of(year(num(m.group(1)), ABSOLUTE, 1.0))));
        rules.add(Rule.of("since year", "\\bsince\\s+" + YEAR + "\\b",
                (m, today) -> {
                    LocalDate from = LocalDate.of(num(m.group(1)), 1, 1);
                    return from.isAfter(today) ? Optional.empty()
                            : Optional.of(new Span(from, today.plusDays(1), ABSOLUTE, 0.9));
                }));
        rules.add(Rule.of("today", "\\b(today|tonight|this\\s+morning|this\\s+afternoon|this\\s+evening)\\b",
                (m, today) -> Optional.of(Span.day(today, RELATIVE, 1.0))));
        rules.add(Rule.of("yesterday", "\\b(yesterday|last\\s+night)\\b",
                (m, today) -> Optional.of(Span.day(today.minusDays(1), RELATIVE, 0.95))));
        rules.add(Rule.of("day before yesterday", "\\b(?:the\\s+)?day\\s+before\\s+yesterday\\b",
                (m, today) -> Optional.of(Span.day(today.minusDays(2), RELATIVE, 0.95))));
        rules.add(Rule.of("tomorrow", "\\btomorrow\\b",
                (m, today) -> Optional.of(Span.day(today.plusDays(1), RELATIVE, 0.95))));
        rules.add(Rule.of("day after tomorrow", "\\b(?:the\\s+)?day\\s+after\\s+tomorrow\\b",
                (m, today) -> Optional.of(Span.day(today.plusDays(2), RELATIVE, 0.95))));
        rules.add(Rule.of("units ago", "\\b" + NUMBER + "\\s+" + UNIT + "\\s+ago\\b",
                (m, today) -> ago(m.group(1), m.group(2), today)));
        rules.add(Rule.of("in the past units", "\\b(?:in\\s+|over\\s+|during\\s+|within\\s+)?the\\s+(?:last|past)\\s+"
                        + NUMBER + "\\s+" + UNIT + "\\b",
                (m, today) -> count(m.group(1)).map(n -> new Span(today.minus(n, unit(m.group(2))), today.plusDays(1),
                        RELATIVE, 0.9))));
        rules.add(Rule.of("the past unit", "\\b(?:in\\s+|over\\s+|during\\s+|within\\s+)?the\\s+(?:past|last)\\s+"
                        + "(week|month|year)\\b(?!\\s+of\\b)",
                (m, today) -> Optional.of(new Span(today.minus(1, unit(m.group(1))), today.plusDays(1), RELATIVE,
                        0.9))));
        rules.add(Rule.of("last/this/next unit", "\\b(last|previous|this|next|coming)\\s+(week|weekend|month|year)\\b",
                (m, today) -> Optional.of(calendarUnit(m.group(1), m.group(2), today))));
        rules.add(Rule.of("unit before last", "\\b(?:the\\s+)?(week|month|year)\\s+before\\s+last\\b",
                (m, today) -> Optional.of(calendarUnitAgo(m.group(1), 2, today))));
        rules.add(Rule.of("weekday", "\\b(last|this|next|on|on\\s+last|past)\\s+" + WEEKDAY + "\\b",
                (m, today) -> Optional.of(weekday(m.group(1), m.group(2), today))));
        rules.add(Rule.of("season", "\\b(last|this|next|in\\s+the|in|during\\s+the|during)\\s+" + SEASON
                        + "(?:\\s+(?:of\\s+)?" + YEAR + ")?\\b",
                (m, today) -> Optional.of(season(m.group(1), m.group(2), m.group(3), today))));
        rules.add(Rule.of("season year", "\\b" + SEASON + "\\s+(?:of\\s+)?" + YEAR + "\\b",
                (m, today) -> Optional.of(seasonOf(m.group(1), num(m.group(2)), ABSOLUTE, 0.9))));
        rules.add(Rule.of("recently", "\\b(recently|lately|these\\s+days|of\\s+late)\\b",
                (m, today) -> Optional.of(new Span(today.minusDays(30), today.plusDays(1), VAGUE, 0.4))));
        return new TimeExpressions(rules);
    }

    // --- resolvers -----------------------------------------------------------------------------

    private static Optional<Span> ago(String number, String unitWord, LocalDate today) {
        ChronoUnit unit = unit(unitWord);
        String n = number.toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
        if (n.endsWith("few") || n.equals("several")) {
            // "a few weeks ago": somewhere between two and six units back, most likely nearer.
            return Optional.of(new Span(today.minus(6, unit), today.minus(1, unit).plusDays(1), VAGUE, 0.5));
        }
        return count(number).map(k -> {
            LocalDate centre = today.minus(k, unit);
            boolean loose = n.contains("couple");
            if (unit == ChronoUnit.DAYS) {
                return Span.day(centre, RELATIVE, loose ? 0.7 : 0.9);
            }
            // One unit centred on the day k units back: "two weeks ago" is roughly that week.
            long half = ChronoUnit.DAYS.between(centre, centre.plus(1, unit)) / 2;
            return new Span(centre.minusDays(half), centre.plusDays(half + 1), RELATIVE, loose ? 0.6 : 0.8);
        });
    }

    private static Span calendarUnit(String which, String unitWord, LocalDate today) {
        String w = which.toLowerCase(Locale.ROOT);
        int offset = switch (w) {
            case "last", "previous" -> -1;
            case "next", "coming" -> 1;
            default -> 0;
        };
        if (unitWord.equalsIgnoreCase("weekend")) {
            return weekend(offset, today);
        }
        Span span = calendarUnitAgo(unitWord, -offset, today);
        return new Span(span.from(), span.until(), RELATIVE, offset == 0 ? 0.9 : 0.85);
    }

    /** The calendar week, month or year {@code k} units before today's. */
    private static Span calendarUnitAgo(String unitWord, int k, LocalDate today) {
        return switch (unitWord.toLowerCase(Locale.ROOT)) {
            case "week" -> {
                LocalDate monday = today.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY)).minusWeeks(k);
                yield new Span(monday, monday.plusWeeks(1), RELATIVE, 0.85);
            }
            case "month" -> month(today.withDayOfMonth(1).minusMonths(k), RELATIVE, 0.85);
            default -> year(today.getYear() - k, RELATIVE, 0.85);
        };
    }

    /**
     * "last weekend": the Saturday and Sunday most recently over (the previous one when today is a
     * weekend day); "this weekend": the one of this Monday-to-Sunday week; "next weekend": the one
     * after it, a guess, since people also say it of the coming one.
     */
    private static Span weekend(int offset, LocalDate today) {
        LocalDate saturday = today.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY)).plusDays(5);
        LocalDate target = saturday.plusWeeks(offset);
        double confidence = offset > 0 ? 0.6 : 0.85;
        return new Span(target, target.plusDays(2), RELATIVE, confidence);
    }

    /**
     * "last Friday": the most recent Friday before today; "on Friday": the most recent one up to
     * today (questions about memories look back); "this Friday": the one of this week; "next
     * Friday": the first one after today.
     */
    private static Span weekday(String which, String dayWord, LocalDate today) {
        DayOfWeek day = DayOfWeek.valueOf(dayWord.toUpperCase(Locale.ROOT));
        String w = which.toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
        return switch (w) {
            case "last", "on last", "past" -> Span.day(today.with(TemporalAdjusters.previous(day)), RELATIVE, 0.85);
            case "this" -> Span.day(today.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY))
                    .with(TemporalAdjusters.nextOrSame(day)), RELATIVE, 0.8);
            case "next" -> Span.day(today.with(TemporalAdjusters.next(day)), RELATIVE, 0.6);
            default -> Span.day(today.with(TemporalAdjusters.previousOrSame(day)), RELATIVE, 0.6);
        };
    }

    /** "last May": the most recent May before this month; "this May": this year's; "next May": the first after this month. */
    private static LocalDate namedMonth(String which, Month month, LocalDate today) {
        LocalDate thisYears = LocalDate.of(today.getYear(), month, 1);
        LocalDate currentMonth = today.withDayOfMonth(1);
        return switch (which.toLowerCase(Locale.ROOT)) {
            case "last", "past" -> thisYears.isBefore(currentMonth) ? thisYears : thisYears.minusYears(1);
            case "next" -> thisYears.isAfter(currentMonth) ? thisYears : thisYears.plusYears(1);
            default -> thisYears;
        };
    }

    /** The first day of the most recent {@code month} that has begun by today. */
    private static LocalDate latestMonthOnOrBefore(LocalDate today, Month month) {
        LocalDate thisYears = LocalDate.of(today.getYear(), month, 1);
        return thisYears.isAfter(today) ? thisYears.minusYears(1) : thisYears;
    }

    /** The most recent {@code month}/{@code day} up to today (the 29th of February looks back to a leap year). */
    private static LocalDate latestOnOrBefore(LocalDate today, Month month, int day) {
        for (int year = today.getYear(); year > today.getYear() - 8; year--) {
            try {
                LocalDate candidate = LocalDate.of(year, month, day);
                if (!candidate.isAfter(today)) {
                    return candidate;
                }
            } catch (DateTimeException notThatYear) {
                // 29 February outside a leap year: keep looking back
            }
        }
        throw new DateTimeException("no " + month + " " + day + " in the last eight years");
    }

    private static Span partOfMonth(String part, LocalDate first, TimeWindow.Kind kind, double confidence) {
        String p = part.toLowerCase(Locale.ROOT);
        LocalDate next = first.plusMonths(1);
        if (p.startsWith("early") || p.contains("beginning") || p.contains("start")) {
            return new Span(first, first.plusDays(10), kind, confidence);
        }
        if (p.startsWith("mid")) {
            return new Span(first.plusDays(10), first.plusDays(20), kind, confidence);
        }
        return new Span(first.plusDays(20), next, kind, confidence);
    }

    private static Span season(String which, String seasonWord, String yearText, LocalDate today) {
        if (yearText != null) {
            return seasonOf(seasonWord, num(yearText), ABSOLUTE, 0.9);
        }
        String w = which.toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
        // The season of this name that has begun most recently (possibly the current one).
        int year = today.getYear();
        Span latest = seasonOf(seasonWord, year, RELATIVE, 0.7);
        if (latest.from().isAfter(today)) {
            latest = seasonOf(seasonWord, year - 1, RELATIVE, 0.7);
        }
        boolean current = !today.isBefore(latest.from()) && today.isBefore(latest.until());
        int y = latest.from().getYear();
        return switch (w) {
            // "last summer" said in July is the previous year's; said in October, the one just over.
            case "last" -> seasonOf(seasonWord, current ? y - 1 : y, RELATIVE, 0.75);
            case "this" -> current ? latest : seasonOf(seasonWord, today.getYear(), RELATIVE, 0.7);
            case "next" -> seasonOf(seasonWord, y + 1, RELATIVE, 0.7);
            default -> latest;
        };
    }

    private static Span seasonOf(String seasonWord, int year, TimeWindow.Kind kind, double confidence) {
        int firstMonth = switch (seasonWord.toLowerCase(Locale.ROOT)) {
            case "spring" -> 3;
            case "summer" -> 6;
            case "autumn", "fall" -> 9;
            default -> 12;
        };
        LocalDate from = LocalDate.of(year, firstMonth, 1);
        return new Span(from, from.plusMonths(3), kind, confidence);
    }

    private static Span month(LocalDate first, TimeWindow.Kind kind, double confidence) {
        LocalDate start = first.withDayOfMonth(1);
        return new Span(start, start.plusMonths(1), kind, confidence);
    }

    private static Span year(int year, TimeWindow.Kind kind, double confidence) {
        return new Span(LocalDate.of(year, 1, 1), LocalDate.of(year + 1, 1, 1), kind, confidence);
    }

    // --- words ---------------------------------------------------------------------------------

    /** An exact count: digits, a number word, "a", "a couple of"; empty for "few" or "several". */
    static Optional<Integer> count(String word) {
        String w = word.toLowerCase(Locale.ROOT).replaceAll("\\s+", " ").strip();
        if (w.contains("couple")) {
            return Optional.of(2);
        }
        if (w.chars().allMatch(Character::isDigit)) {
            int n = Integer.parseInt(w);
            return n == 0 ? Optional.empty() : Optional.of(n);
        }
        return Optional.ofNullable(WORD_NUMBERS.get(w));
    }

    static ChronoUnit unit(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        if (w.startsWith("day")) {
            return ChronoUnit.DAYS;
        }
        if (w.startsWith("week")) {
            return ChronoUnit.WEEKS;
        }
        if (w.startsWith("month")) {
            return ChronoUnit.MONTHS;
        }
        return ChronoUnit.YEARS;
    }

    static Month month(String word) {
        String w = word.toLowerCase(Locale.ROOT).replace(".", "");
        for (Month m : Month.values()) {
            if (m.name().toLowerCase(Locale.ROOT).startsWith(w.length() >= 3 ? w.substring(0, 3) : w)) {
                return m;
            }
        }
        throw new DateTimeException("not a month: " + word);
    }

    private static int num(String digits) {
        return Integer.parseInt(digits);
    }
}
