package dev.strata.adapters.http.audit;

import dev.strata.adapters.http.Resource;
import dev.strata.adapters.http.support.Actors;
import dev.strata.adapters.http.support.HttpProblemException;
import dev.strata.adapters.http.support.Problem;
import dev.strata.adapters.http.support.Requests;
import dev.strata.adapters.http.support.Responses;
import dev.strata.application.audit.AuditService;
import dev.strata.domain.access.Principal;
import dev.strata.domain.audit.AuditQuery;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Tenant;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * {@code GET /v1/audit}: the audit trail, newest first, filtered by {@code action} (exact, or a
 * prefix such as {@code memory.*}), {@code actor}, {@code subject} and a time window
 * ({@code since} inclusive, {@code until} exclusive, ISO-8601 instants), paged by {@code limit}
 * (1..500, default 100) and {@code before} (the previous page's {@code next_before}). It reads the
 * tenant the request acts in; {@code tenant=<slug>} names another tenant and {@code tenant=*} every
 * tenant, which only an admin key may do. Unknown parameters are refused, so a misspelt filter
 * cannot silently widen the answer. Entries name vault entries and API keys by key and id only.
 */
public final class AuditHttpService implements Resource {

    private static final Set<String> PARAMETERS = Set.of("tenant", "action", "actor", "subject", "since", "until",
            "before", "limit");
    private static final String EVERY_TENANT = "*";

    private final AuditService audit;

    public AuditHttpService(AuditService audit) {
        this.audit = Objects.requireNonNull(audit, "audit");
    }

    @Override
    public String path() {
        return "/v1/audit";
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/", this::find);
    }

    private void find(ServerRequest req, ServerResponse res) {
        for (String name : req.query().names()) {
            if (!PARAMETERS.contains(name)) {
                throw new InvalidInputException(name, "is not a known parameter (allowed: action, actor, before, "
                        + "limit, since, subject, tenant, until)");
            }
        }
        AuditQuery query = new AuditQuery(scope(req), Requests.param(req, "action"), Requests.param(req, "actor"),
                Requests.param(req, "subject"), instant(req, "since"), instant(req, "until"), before(req),
                Requests.intParam(req, "limit").orElse(AuditQuery.DEFAULT_LIMIT));
        Responses.ok(res, AuditPageView.of(audit.find(query)));
    }

    /** The tenant(s) to read: the request's own, or, for an admin key only, another one or every one. */
    private static Optional<Tenant> scope(ServerRequest req) {
        Tenant own = Requests.tenant(req);
        Optional<String> named = Requests.param(req, "tenant").map(String::strip);
        if (named.isEmpty()) {
            return Optional.of(own);
        }
        Optional<Tenant> wanted;
        if (named.get().equals(EVERY_TENANT)) {
            wanted = Optional.empty();
        } else {
            try {
                wanted = Optional.of(Tenant.of(named.get()));
            } catch (InvalidInputException e) {
                throw new InvalidInputException("tenant", e.reason() + " (or * for every tenant)");
            }
        }
        if (wanted.equals(Optional.of(own)) || Actors.principal(req).map(Principal::admin).orElse(false)) {
            return wanted;
        }
        throw new HttpProblemException(Problem.of("forbidden", "Forbidden", Status.FORBIDDEN_403,
                "only an admin key reads another tenant's audit trail").with("field", "tenant"));
    }

    private static Optional<Instant> instant(ServerRequest req, String name) {
        return Requests.param(req, name).map(text -> {
            try {
                return Instant.parse(text.strip());
            } catch (DateTimeParseException e) {
                throw new InvalidInputException(name, "must be an ISO-8601 instant such as 2026-01-01T00:00:00Z");
            }
        });
    }

    private static Optional<Long> before(ServerRequest req) {
        return Requests.param(req, "before").map(text -> {
            try {
                return Long.parseLong(text.strip());
            } catch (NumberFormatException e) {
                throw new InvalidInputException("before", "must be an entry id (a positive integer)");
            }
        });
    }
}
