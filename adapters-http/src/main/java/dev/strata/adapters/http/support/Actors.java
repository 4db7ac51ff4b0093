package dev.strata.adapters.http.support;

import dev.strata.domain.access.Principal;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Actor;
import dev.strata.domain.vault.CredentialScrubber;
import io.helidon.common.context.Context;
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
 *
 * <p>A header holding a secret registered in the vault is refused too (400 naming the header, the value
 * not repeated), before anything is written: an actor is an identifier that is stored on rows
 * ({@code updated_by}) and in the audit trail and filtered on, so it is refused rather than redacted, as
 * conversation, user and fill identifiers holding a secret are. Redacting it would attribute the write
 * to a shared placeholder and still leave the credential in the caller's logs.
 */
public final class Actors {

    public static final HeaderName ACTOR_HEADER = HeaderNames.create("X-Strata-Actor");

    private Actors() {
    }

    /** Lets {@link #of} refuse, for this request, a header that holds one of {@code scrubber}'s secrets. */
    public static void refuseSecrets(Context requestContext, CredentialScrubber scrubber) {
        requestContext.register(new SecretCheck(scrubber));
    }

    public static Actor of(ServerRequest req) {
        Optional<String> keyId = principal(req).map(Principal::keyId);
        Optional<String> header = req.headers().first(ACTOR_HEADER);
        if (header.isPresent()) {
            if (req.context().get(SecretCheck.class).filter(c -> c.scrubber().containsSecret(header.get())).isPresent()) {
                throw new InvalidInputException(ACTOR_HEADER.defaultCase(), "holds a secret stored in the vault: name "
                        + "the agent or session, never a credential");
            }
            try {
                return Actor.claimed(header.get(), keyId);
            } catch (InvalidInputException e) {
                throw new InvalidInputException(ACTOR_HEADER.defaultCase(), e.reason());
            }
        }
        return keyId.map(Actor::apiKey).orElse(Actor.ANONYMOUS);
    }

    private record SecretCheck(CredentialScrubber scrubber) {
    }

    /** The verified key of the request, when authentication is on. */
    public static Optional<Principal> principal(ServerRequest req) {
        return req.context().get(AuthenticatedRequest.class).map(AuthenticatedRequest::principal);
    }
}
