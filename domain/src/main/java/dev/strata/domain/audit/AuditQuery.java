package dev.strata.domain.audit;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Tenant;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A page of the audit trail, newest first: optionally one tenant's (empty: every tenant, which
 * only an admin may ask for), filtered by action (exact, or a prefix written {@code memory.*}),
 * actor id, subject and a time window ({@code since} inclusive, {@code until} exclusive), starting
 * below the entry id {@code before} (the cursor of the previous page).
 */
public record AuditQuery(Optional<Tenant> tenant, Optional<String> action, Optional<String> actor,
                         Optional<String> subject, Optional<Instant> since, Optional<Instant> until,
                         Optional<Long> before, int limit) {

    public static final int DEFAULT_LIMIT = 100;
    public static final int MAX_LIMIT = 500;
    static final int MAX_SUBJECT = 300;
    private static final Pattern ACTION = Pattern.compile("[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)*(\\.\\*)?|\\*");

    public AuditQuery {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(actor, "actor");
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(since, "since");
        Objects.requireNonNull(until, "until");
        Objects.requireNonNull(before, "before");
        action = action.map(String::strip).filter(a -> !a.equals("*"));
        action.ifPresent(a -> {
            if (a.length() > 64 || !ACTION.matcher(a).matches()) {
                throw new InvalidInputException("action", "must be an action such as memory.delete, or a prefix "
                        + "such as memory.*");
            }
        });
        actor = actor.map(String::strip);
        actor.ifPresent(a -> {
            if (a.isEmpty() || a.length() > Actor.MAX_LENGTH) {
                throw new InvalidInputException("actor", "must be 1 to " + Actor.MAX_LENGTH + " characters");
            }
        });
        subject.ifPresent(s -> {
            if (s.isEmpty() || s.length() > MAX_SUBJECT) {
                throw new InvalidInputException("subject", "must be 1 to " + MAX_SUBJECT + " characters");
            }
        });
        if (since.isPresent() && until.isPresent() && !since.get().isBefore(until.get())) {
            throw new InvalidInputException("until", "must be after since");
        }
        before.ifPresent(b -> {
            if (b < 1) {
                throw new InvalidInputException("before", "must be a positive entry id");
            }
        });
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new InvalidInputException("limit", "must be between 1 and " + MAX_LIMIT);
        }
    }

    /** One tenant's newest entries. */
    public static AuditQuery of(Tenant tenant, int limit) {
        return new AuditQuery(Optional.of(tenant), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), limit);
    }

    /** Whether the action filter is a prefix ({@code memory.*}). */
    public boolean actionIsPrefix() {
        return action.map(a -> a.endsWith(".*")).orElse(false);
    }

    /** The action filter without its {@code *}: the exact action, or the prefix ending in a dot. */
    public Optional<String> actionText() {
        return action.map(a -> a.endsWith(".*") ? a.substring(0, a.length() - 1) : a);
    }

    /** Whether an entry passes every filter but the cursor and the limit (the in-memory fake's reading). */
    public boolean accepts(AuditEntry e) {
        return tenant.map(t -> t.equals(e.tenant())).orElse(true)
                && actionText().map(a -> actionIsPrefix() ? e.action().startsWith(a) : e.action().equals(a)).orElse(true)
                && actor.map(a -> a.equals(e.actor().id())).orElse(true)
                && subject.map(s -> s.equals(e.subject())).orElse(true)
                && since.map(s -> !e.at().isBefore(s)).orElse(true)
                && until.map(u -> e.at().isBefore(u)).orElse(true);
    }
}
