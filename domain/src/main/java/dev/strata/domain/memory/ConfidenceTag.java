package dev.strata.domain.memory;

import dev.strata.domain.error.InvalidInputException;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * spec 02's structured confidence tag of a learning-originated memory: how sure, how many independent
 * root domains corroborate the claim, which ones, and when it was last verified. Rendered as one
 * line inside the content, {@code [confidence: high | corroborated: 2 | domains: a.org, b.com |
 * verified: 2026-11-01]}, so it travels with the text and stays readable in prompts.
 */
public record ConfidenceTag(Level confidence, int corroborated, List<String> domains, LocalDate verified) {

    public enum Level { HIGH, MEDIUM, LOW }

    private static final Pattern TAG = Pattern.compile(
            "\\[confidence:\\s*(\\w+)\\s*\\|\\s*corroborated:\\s*(\\d+)\\s*\\|\\s*domains:\\s*([^|\\]]*)\\|\\s*"
                    + "verified:\\s*([0-9-]+)\\s*]");
    private static final Pattern DOMAIN = Pattern.compile("[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+");

    public ConfidenceTag {
        if (confidence == null) {
            throw new InvalidInputException("confidence", "must be high, medium or low");
        }
        if (corroborated < 0) {
            throw new InvalidInputException("corroborated", "must not be negative");
        }
        domains = List.copyOf(domains);
        for (String d : domains) {
            if (!DOMAIN.matcher(d).matches()) {
                throw new InvalidInputException("domains", "'" + d + "' is not a lower-case domain name");
            }
        }
        if (verified == null) {
            throw new InvalidInputException("verified", "must be an ISO date");
        }
    }

    public String render() {
        return "[confidence: " + confidence.name().toLowerCase(Locale.ROOT) + " | corroborated: " + corroborated
                + " | domains: " + String.join(", ", domains) + " | verified: " + verified + "]";
    }

    /** The tag found in a memory's content, if it has one. Malformed field values are errors naming the field. */
    public static Optional<ConfidenceTag> find(String content) {
        Matcher m = TAG.matcher(content);
        if (!m.find()) {
            return Optional.empty();
        }
        Level level;
        try {
            level = Level.valueOf(m.group(1).toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("confidence", "must be high, medium or low");
        }
        List<String> domains = Arrays.stream(m.group(3).split(",")).map(String::strip).filter(s -> !s.isEmpty())
                .toList();
        try {
            return Optional.of(new ConfidenceTag(level, Integer.parseInt(m.group(2)), domains,
                    LocalDate.parse(m.group(4))));
        } catch (DateTimeParseException e) {
            throw new InvalidInputException("verified", "must be an ISO date (YYYY-MM-DD)");
        } catch (NumberFormatException e) {
            throw new InvalidInputException("corroborated", "is out of range");
        }
    }
}
