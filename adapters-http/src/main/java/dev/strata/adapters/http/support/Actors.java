package dev.strata.adapters.http.support;

import dev.strata.domain.access.Principal;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Actor;
import io.helidon.http.HeaderName;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.ServerRequest;

import java.util.Optional;

/**
 * Who a write request acts as (spec 02's {@code updated_by}): the agent or session the
 * {@code X-Strata-Actor} header names (letters, digits and {@code . _ : @ / + = -}, at most 128
 * characters; Strata's own names such as {@code key:...} refused), vouched for by the request's API
 * key when authentication is on; without the header, the API key itself ({@code key:<id>}); with
 * neither, {@code anonymous}. A malformed header is a 400 naming it. Read only by write routes, so a
 * read is never refused for it.
 */
public final class Actors {

    public static final HeaderName ACTOR_HEADER = HeaderNames.create("X-Strata-Actor");

    private Actors() {
    }

    public static Actor of(ServerRequest req) {
        Optional<String> keyId = principal(req).map(Principal::keyId);
        Optional<String> header = req.headers().first(ACTOR_HEADER);
        if (header.isPresent()) {
            try {
                return Actor.claimed(header.get(), keyId);
            } catch (InvalidInputException e) {
                throw new InvalidInputException(ACTOR_HEADER.defaultCase(), e.reason());
            }
        }
        return keyId.map(Actor::apiKey).orElse(Actor.ANONYMOUS);
    }

    /** The verified key of the request, when authentication is on. */
    public static Optional<Principal> principal(ServerRequest req) {
        return req.context().get(AuthenticatedRequest.class).map(AuthenticatedRequest::principal);
    }
}
