package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.Tenant;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Objects;

/**
 * The one full-text token that marks a tenant's rows in the memory indexes (migration 24), so that FTS5
 * itself keeps a search to its tenant's rows. Without it, every query term matched the rows of every
 * tenant and the tenant was filtered after the match, by a look-up per row: at 1M memories over 100
 * tenants a tenant's 10k memories cost what 1M do.
 *
 * <p>The token is {@code t}, the hex of the tenant's UTF-8 bytes, {@code 0}: one token whatever the slug
 * holds ('-' and '_' split words in unicode61), one tenant per token, and a trailing digit that none of the
 * porter stemmer's suffix rules touches, so the index and the query tokenise it the same way and no two
 * tenants meet. Its column is weighted 0 in every ranking: it finds rows, it never scores them.
 */
final class TenantTerm {

    /** The column of {@code memories} (generated) and of the passage index that holds the token. */
    static final String COLUMN = "tenant_term";

    private TenantTerm() {
    }

    /** SQL computing the token from a tenant column; {@link #of} computes the same in Java. */
    static String sql(String tenantColumn) {
        return "('t' || lower(hex(" + tenantColumn + ")) || '0')";
    }

    static String of(Tenant tenant) {
        Objects.requireNonNull(tenant, "tenant");
        return "t" + HexFormat.of().formatHex(tenant.value().getBytes(StandardCharsets.UTF_8)) + "0";
    }

    /**
     * {@code match} restricted to the tenant's rows, or {@code match} as it is when it cannot be wrapped safely:
     * an expression whose parentheses or quotes do not balance could close the wrapper's parenthesis and OR
     * past the restriction (and one that alone is a syntax error must stay one). Callers keep their SQL
     * tenant filter either way, so this is about cost, never about which rows a tenant sees.
     */
    static String scope(Tenant tenant, String match) {
        if (!balanced(match)) {
            return match;
        }
        return COLUMN + " : \"" + of(tenant) + "\" AND (" + match + ")";
    }

    /** Every parenthesis outside a quoted string closed, in order, and every string closed ("" escapes '"'). */
    static boolean balanced(String match) {
        int depth = 0;
        boolean quoted = false;
        for (int i = 0; i < match.length(); i++) {
            char c = match.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (!quoted && c == '(') {
                depth++;
            } else if (!quoted && c == ')' && --depth < 0) {
                return false;
            }
        }
        return depth == 0 && !quoted;
    }
}
