package dev.strata.domain.vault;

import dev.strata.domain.memory.Tenant;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Redacts registered secret values from any text: response bodies, tool envelopes, log lines, and
 * text before it is stored. Each occurrence becomes {@code [REDACTED:vault:<key>]}.
 *
 * <p>Secrets are matched on a normalised form ({@link SecretText}), not byte for byte: in any case,
 * full-width or otherwise compatibility-encoded, with whitespace or zero-width characters inserted
 * anywhere (a PEM key re-flowed onto one line, a token split into groups), and JSON-escaped,
 * URL-encoded or written as HTML character references. The redacted span always covers whole
 * characters of the original text (an escape sequence is never cut). When matches overlap (one
 * secret contains another, or two share characters) the union is redacted as one, labelled after
 * the longest, so no remainder of either stays visible.
 *
 * <p>The scrubber is global rather than per tenant: a secret must not leak through any tenant's
 * output, including one that copied it into its own memory. In output a tenant reads
 * ({@link #scrubFor}) only that tenant's own secrets are labelled with their key; another tenant's
 * are {@value #UNNAMED_LABEL}, so holding someone else's value reveals nothing of their vault (not
 * even that a key of that name exists). Logs, read by the operator, name every key. Values whose
 * normalised form is shorter than {@link #MIN_SECRET_CHARS} are never registered (and the vault
 * refuses to store such secrets), so short common strings cannot black out ordinary text.
 *
 * <p>Thread-safe: registrations swap an immutable table; scrubbing reads it without locks.
 */
public final class CredentialScrubber {

    public static final int MIN_SECRET_CHARS = 8;

    /** How another tenant's secret is redacted in a tenant's output. */
    public static final String UNNAMED_LABEL = "[REDACTED:vault]";

    private final Map<Owner, String> values = new HashMap<>();
    private volatile Table table = Table.EMPTY;

    /** Whether {@code value} is long enough to be a secret: its normalised form has {@link #MIN_SECRET_CHARS}. */
    public static boolean isLongEnough(String value) {
        return SecretText.foldValue(value).length() >= MIN_SECRET_CHARS;
    }

    /** Registers (or replaces) the secret value of a tenant's key. */
    public synchronized void register(Tenant tenant, String key, String value) {
        Objects.requireNonNull(value, "value");
        Owner owner = new Owner(tenant, key);
        if (isLongEnough(value)) {
            values.put(owner, value);
        } else {
            values.remove(owner);
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
            if (isLongEnough(s.value())) {
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
     * to return. Every other secret in the same text is still redacted. Labels name every key (logs).
     */
    public String scrub(String text, Optional<String> revealed) {
        return redact(text, revealed, group -> group.label);
    }

    /**
     * Scrubs for output {@code viewer} reads: every secret except {@code revealed} is redacted, the
     * viewer's own labelled with their key, every other tenant's with {@value #UNNAMED_LABEL}. A value
     * stored by several tenants counts as the viewer's when the viewer is one of them. With no known
     * viewer (a request whose tenant could not be read) no key is named.
     */
    public String scrubFor(Optional<Tenant> viewer, String text, Optional<String> revealed) {
        Objects.requireNonNull(viewer, "viewer");
        return redact(text, revealed, group -> viewer.map(v -> group.ownLabels.get(v)).orElse(UNNAMED_LABEL));
    }

    /**
     * The text as it may be stored for {@code owner}: every secret replaced, labelled as {@code owner}
     * would see it. Stored text, and everything derived from it (search indexes, vectors, dedup keys),
     * then never holds a secret.
     */
    public String redactFor(Tenant owner, String text) {
        return scrubFor(Optional.of(owner), text, Optional.empty());
    }

    /** Whether {@code text} holds any registered secret, in any of the forms {@link #scrub} matches. */
    public boolean containsSecret(String text) {
        Table t = table;
        if (text == null || t.secrets.isEmpty()) {
            return false;
        }
        for (String layer : SecretText.layers(text)) {
            String folded = SecretText.fold(layer);
            for (Secret s : t.secrets) {
                if (folded.contains(s.folded)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** How many secret values are registered (for diagnostics; never the values themselves). */
    public int size() {
        return values.size();
    }

    private String redact(String text, Optional<String> revealed, java.util.function.Function<Secret, String> label) {
        Table t = table;
        if (text == null || t.secrets.isEmpty()) {
            return text;
        }
        List<Match> found = matches(t, text, revealed);
        if (found.isEmpty()) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        int at = 0;
        for (Match m : found) {
            out.append(text, at, m.start).append(label.apply(m.secret));
            at = m.end;
        }
        return out.append(text, at, text.length()).toString();
    }

    /** Every redacted span of {@code text}, overlapping ones merged, in order. */
    private static List<Match> matches(Table t, String text, Optional<String> revealed) {
        Optional<String> skip = revealed.map(SecretText::foldValue);
        List<Match> raw = new ArrayList<>();
        List<String> layers = SecretText.layers(text);
        for (int level = 0; level < layers.size(); level++) {
            // Most text holds no secret: the plain fold rules that out before any span is computed.
            String folded = SecretText.fold(layers.get(level));
            boolean any = false;
            for (Secret s : t.secrets) {
                if ((skip.isEmpty() || !skip.get().equals(s.folded)) && folded.contains(s.folded)) {
                    any = true;
                    break;
                }
            }
            if (any) {
                find(t, SecretText.foldWithSpans(SecretText.layer(text, level)), skip, raw);
            }
        }
        if (raw.isEmpty()) {
            return List.of();
        }
        raw.sort(Comparator.comparingInt((Match m) -> m.start).thenComparingInt(m -> -(m.end - m.start)));
        List<Match> merged = new ArrayList<>();
        Match current = raw.get(0);
        for (int i = 1; i < raw.size(); i++) {
            Match next = raw.get(i);
            if (next.start < current.end) {
                Secret longer = next.secret.folded.length() > current.secret.folded.length() ? next.secret : current.secret;
                current = new Match(current.start, Math.max(current.end, next.end), longer);
            } else {
                merged.add(current);
                current = next;
            }
        }
        merged.add(current);
        return merged;
    }

    private static void find(Table t, SecretText.Folded folded, Optional<String> skip, List<Match> into) {
        String f = folded.folded();
        for (Secret s : t.secrets) {
            if (skip.isPresent() && skip.get().equals(s.folded)) {
                continue;
            }
            for (int at = f.indexOf(s.folded); at >= 0; at = f.indexOf(s.folded, at + 1)) {
                into.add(new Match(folded.starts()[at], folded.ends()[at + s.folded.length() - 1], s));
            }
        }
    }

    private void rebuild() {
        // For a value shared by several keys the label names the smallest key, so output is deterministic.
        Map<String, String> labelByFolded = new TreeMap<>();
        Map<String, Map<Tenant, String>> ownLabelsByFolded = new HashMap<>();
        values.entrySet().stream()
                .sorted(Map.Entry.comparingByKey(Comparator.comparing((Owner o) -> o.key)
                        .thenComparing(o -> o.tenant.value())))
                .forEach(e -> {
                    String folded = SecretText.foldValue(e.getValue());
                    String label = "[REDACTED:vault:" + e.getKey().key + "]";
                    labelByFolded.putIfAbsent(folded, label);
                    ownLabelsByFolded.computeIfAbsent(folded, v -> new HashMap<>()).putIfAbsent(e.getKey().tenant, label);
                });
        List<Secret> secrets = new ArrayList<>();
        labelByFolded.forEach((folded, label) -> secrets.add(new Secret(folded, label,
                Map.copyOf(ownLabelsByFolded.get(folded)))));
        secrets.sort(Comparator.comparingInt((Secret s) -> -s.folded.length()).thenComparing(s -> s.folded));
        table = new Table(List.copyOf(secrets));
    }

    private record Owner(Tenant tenant, String key) {
    }

    /** One distinct normalised secret, its operator label and the label each tenant that stored it sees. */
    private record Secret(String folded, String label, Map<Tenant, String> ownLabels) {
        @Override
        public String toString() {
            return "Secret[" + label + "]";
        }
    }

    /** A span {@code [start, end)} of the original text holding {@code secret}. */
    private record Match(int start, int end, Secret secret) {
    }

    private record Table(List<Secret> secrets) {
        static final Table EMPTY = new Table(List.of());
    }
}
