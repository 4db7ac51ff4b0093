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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Redacts registered secret values from any text: response bodies, tool envelopes, log lines. Each
 * occurrence becomes {@code [REDACTED:vault:<key>]}. Values are matched longest first, so a secret that
 * contains another is redacted whole rather than leaving its remainder visible.
 *
 * <p>Besides the raw value, its JSON-escaped form is matched too: a secret with a quote, backslash or
 * newline appears escaped inside a JSON body, and a raw-only match would miss it there.
 *
 * <p>The scrubber is global rather than per tenant: a secret must not leak through any tenant's
 * output, including one that copied it into its own memory. Values shorter than
 * {@link #MIN_SECRET_CHARS} are never registered (and the vault refuses to store such secrets), so
 * short common strings cannot black out ordinary text.
 *
 * <p>Thread-safe: registrations swap an immutable matcher table; scrubbing reads it without locks.
 */
public final class CredentialScrubber {

    public static final int MIN_SECRET_CHARS = 8;

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
        Set<String> keep = revealed.map(CredentialScrubber::forms).orElse(Set.of());
        Matcher m = t.pattern.matcher(text);
        return m.replaceAll(r -> keep.contains(r.group()) ? Matcher.quoteReplacement(r.group())
                : Matcher.quoteReplacement(t.labels.get(r.group())));
    }

    /** How many secret values are registered (for diagnostics; never the values themselves). */
    public int size() {
        return values.size();
    }

    private void rebuild() {
        // For a value shared by several keys the label names the smallest key, so output is deterministic.
        Map<String, String> labels = new TreeMap<>();
        values.entrySet().stream()
                .sorted(Map.Entry.comparingByKey(Comparator.comparing((Owner o) -> o.key)
                        .thenComparing(o -> o.tenant.value())))
                .forEach(e -> forms(e.getValue())
                        .forEach(form -> labels.putIfAbsent(form, "[REDACTED:vault:" + e.getKey().key + "]")));
        if (labels.isEmpty()) {
            table = Table.EMPTY;
            return;
        }
        List<String> longestFirst = new ArrayList<>(labels.keySet());
        longestFirst.sort(Comparator.comparingInt(String::length).reversed().thenComparing(Comparator.naturalOrder()));
        StringBuilder alternation = new StringBuilder();
        for (String form : longestFirst) {
            if (!alternation.isEmpty()) {
                alternation.append('|');
            }
            alternation.append(Pattern.quote(form));
        }
        table = new Table(Pattern.compile(alternation.toString()), Map.copyOf(labels));
    }

    /** The raw value and the ways a JSON writer may escape it. */
    static Set<String> forms(String value) {
        Set<String> forms = new LinkedHashSet<>();
        forms.add(value);
        forms.add(jsonEscaped(value, false));
        forms.add(jsonEscaped(value, true));
        return forms;
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

    private record Table(Pattern pattern, Map<String, String> labels) {
        static final Table EMPTY = new Table(null, Map.of());
    }
}
