package dev.strata.domain.vault;

import dev.strata.domain.memory.Tenant;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Redacts registered secret values from any text: response bodies, tool envelopes, log lines. Each
 * occurrence becomes {@code [REDACTED:vault:<key>]}. Values are matched longest first, so a secret that
 * contains another is redacted whole rather than leaving its remainder visible.
 *
 * <p>A secret is matched in the forms outputs give it, not only byte for byte: JSON-escaped (a quote,
 * backslash or control character inside a JSON string) and with its whitespace re-flowed (the
 * snapshot renders each memory on one line, so a PEM key's newlines become spaces). Any run of
 * whitespace, or of escaped whitespace, inside a secret matches any other such run.
 *
 * <p>The scrubber is global rather than per tenant: a secret must not leak through any tenant's
 * output, including one that copied it into its own memory. In output a tenant reads
 * ({@link #scrubFor}) only that tenant's own secrets are labelled with their key; another tenant's
 * are {@value #UNNAMED_LABEL}, so holding someone else's value reveals nothing of their vault (not
 * even that a key of that name exists). Logs, read by the operator, name every key. Values shorter than
 * {@link #MIN_SECRET_CHARS} are never registered (and the vault refuses to store such secrets), so
 * short common strings cannot black out ordinary text.
 *
 * <p>Thread-safe: registrations swap an immutable matcher table; scrubbing reads it without locks.
 */
public final class CredentialScrubber {

    public static final int MIN_SECRET_CHARS = 8;

    /** How another tenant's secret is redacted in a tenant's output. */
    public static final String UNNAMED_LABEL = "[REDACTED:vault]";

    /** Whitespace as it appears raw or JSON-escaped ({@code \n}, {@code \u000b}...). */
    private static final String GAP = "(?:\\s|\\\\[nrtfb]|\\\\u00[0-9a-fA-F]{2})+";

    private final Map<Owner, String> values = new HashMap<>();
    private volatile Table table = Table.EMPTY;

    /** Registers (or replaces) the secret value of a tenant's key. */
    public synchronized void register(Tenant tenant, String key, String value) {
        Objects.requireNonNull(value, "value");
        Owner owner = new Owner(tenant, key);
        if (value.strip().length() < MIN_SECRET_CHARS) {
            values.remove(owner);
        } else {
            values.put(owner, value);
        }
        rebuild();
    }

    /** Forgets a key's value: it is no longer a secret (deleted, or stored with is_secret=false). */
    public synchronized void unregister(Tenant tenant, String key) {
        if (values.remove(new Owner(tenant, key)) != null) {
            rebuild();
        }
    }

    /** Replaces everything registered by {@code secrets}, as at startup. */
    public synchronized void replaceAll(List<VaultSecret> secrets) {
        values.clear();
        for (VaultSecret s : secrets) {
            if (s.value().strip().length() >= MIN_SECRET_CHARS) {
                values.put(new Owner(s.tenant(), s.key()), s.value());
            }
        }
        rebuild();
    }

    public String scrub(String text) {
        return scrub(text, Optional.empty());
    }

    /**
     * Scrubs every secret except {@code revealed}: the one value an explicit read of its key is meant
     * to return. Every other secret in the same text is still redacted.
     */
    public String scrub(String text, Optional<String> revealed) {
        Table t = table;
        if (text == null || t.pattern == null) {
            return text;
        }
        Matcher m = t.pattern.matcher(text);
        return m.replaceAll(r -> {
            int group = matchedGroup(r, t.values.size());
            boolean keep = revealed.isPresent() && t.values.get(group).equals(revealed.get());
            return Matcher.quoteReplacement(keep ? r.group() : t.labels.get(group));
        });
    }

    /**
     * Scrubs for output {@code viewer} reads: every secret except {@code revealed} is redacted, the
     * viewer's own labelled with their key, every other tenant's with {@value #UNNAMED_LABEL}. A value
     * stored by several tenants counts as the viewer's when the viewer is one of them. With no known
     * viewer (a request whose tenant could not be read) no key is named.
     */
    public String scrubFor(Optional<Tenant> viewer, String text, Optional<String> revealed) {
        Objects.requireNonNull(viewer, "viewer");
        Table t = table;
        if (text == null || t.pattern == null) {
            return text;
        }
        Matcher m = t.pattern.matcher(text);
        return m.replaceAll(r -> {
            int group = matchedGroup(r, t.values.size());
            boolean keep = revealed.isPresent() && t.values.get(group).equals(revealed.get());
            return Matcher.quoteReplacement(keep ? r.group()
                    : viewer.map(v -> t.ownLabels.get(group).get(v)).orElse(UNNAMED_LABEL));
        });
    }

    /** Whether {@code text} holds any registered secret, in any of the forms {@link #scrub} matches. */
    public boolean containsSecret(String text) {
        Table t = table;
        return text != null && t.pattern != null && t.pattern.matcher(text).find();
    }

    /** How many secret values are registered (for diagnostics; never the values themselves). */
    public int size() {
        return values.size();
    }

    private static int matchedGroup(MatchResult r, int groups) {
        for (int g = 0; g < groups; g++) {
            if (r.start(g + 1) >= 0) {
                return g;
            }
        }
        throw new IllegalStateException("a match must come from one of the secrets");
    }

    private void rebuild() {
        // For a value shared by several keys the label names the smallest key, so output is deterministic.
        Map<String, String> labelByValue = new TreeMap<>();
        Map<String, Map<Tenant, String>> ownLabelsByValue = new HashMap<>();
        values.entrySet().stream()
                .sorted(Map.Entry.comparingByKey(Comparator.comparing((Owner o) -> o.key)
                        .thenComparing(o -> o.tenant.value())))
                .forEach(e -> {
                    String label = "[REDACTED:vault:" + e.getKey().key + "]";
                    labelByValue.putIfAbsent(e.getValue(), label);
                    ownLabelsByValue.computeIfAbsent(e.getValue(), v -> new HashMap<>())
                            .putIfAbsent(e.getKey().tenant, label);
                });
        if (labelByValue.isEmpty()) {
            table = Table.EMPTY;
            return;
        }
        List<String> longestFirst = new ArrayList<>(labelByValue.keySet());
        longestFirst.sort(Comparator.comparingInt(String::length).reversed().thenComparing(Comparator.naturalOrder()));
        StringBuilder alternation = new StringBuilder();
        List<String> labels = new ArrayList<>();
        List<Map<Tenant, String>> ownLabels = new ArrayList<>();
        for (String value : longestFirst) {
            if (!alternation.isEmpty()) {
                alternation.append('|');
            }
            alternation.append('(').append(regex(value)).append(')');
            labels.add(labelByValue.get(value));
            ownLabels.add(Map.copyOf(ownLabelsByValue.get(value)));
        }
        table = new Table(Pattern.compile(alternation.toString()), List.copyOf(longestFirst), List.copyOf(labels),
                List.copyOf(ownLabels));
    }

    /** The value's whitespace-separated parts, each raw or JSON-escaped, joined by any whitespace. */
    private static String regex(String value) {
        StringBuilder regex = new StringBuilder();
        for (String part : value.strip().split("\\s+")) {
            if (!regex.isEmpty()) {
                regex.append(GAP);
            }
            Set<String> forms = new LinkedHashSet<>(List.of(part, jsonEscaped(part, false), jsonEscaped(part, true)));
            regex.append("(?:");
            boolean first = true;
            for (String form : forms) {
                if (!first) {
                    regex.append('|');
                }
                regex.append(Pattern.quote(form));
                first = false;
            }
            regex.append(')');
        }
        return regex.toString();
    }

    private static String jsonEscaped(String value, boolean upperHex) {
        StringBuilder out = new StringBuilder(value.length() + 8);
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> {
                    if (c < 0x20) {
                        String hex = String.format("%04x", (int) c);
                        out.append("\\u").append(upperHex ? hex.toUpperCase(Locale.ROOT) : hex);
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }

    private record Owner(Tenant tenant, String key) {
    }

    /**
     * Group {@code i + 1} of {@code pattern} matches {@code values.get(i)}, redacted as {@code labels.get(i)}
     * for the operator and as {@code ownLabels.get(i)} for each tenant that stored it.
     */
    private record Table(Pattern pattern, List<String> values, List<String> labels, List<Map<Tenant, String>> ownLabels) {
        static final Table EMPTY = new Table(null, List.of(), List.of(), List.of());
    }
}
