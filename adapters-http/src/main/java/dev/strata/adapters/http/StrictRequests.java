package dev.strata.adapters.http;

import dev.strata.adapters.http.support.Problem;
import dev.strata.adapters.http.support.Requests;
import io.helidon.http.HeaderName;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.Filter;
import io.helidon.webserver.http.FilterChain;
import io.helidon.webserver.http.RoutingRequest;
import io.helidon.webserver.http.RoutingResponse;

import java.util.List;

/**
 * Requests are read one way only (issue 13, strict parsing):
 * <ul>
 * <li>A path with a {@code ;} parameter is a 400 naming {@code path}: the router would drop the parameter
 *     ({@code /v1/memory/1;x=1} would read memory 1), so one resource would have two spellings.</li>
 * <li>{@code Authorization}, {@code X-Strata-Key}, {@code X-Strata-Tenant} and {@code Idempotency-Key}
 *     sent twice are a 400 naming the header: a proxy and the gateway could each pick a different copy.</li>
 * <li>With authentication off, a request that presents a key is refused (400
 *     {@code urn:strata:problem:authentication-off}) rather than served with the key ignored: the client
 *     believes it acts as its key's tenant, but the server would act in the tenant header's (or the
 *     default) tenant. Send no key to a server without authentication, or start it with
 *     {@code --require-auth}.</li>
 * </ul>
 */
final class StrictRequests implements Filter {

    private static final List<HeaderName> SINGLE = List.of(HeaderNames.AUTHORIZATION, Authentication.KEY_HEADER,
            Requests.TENANT_HEADER, IdempotentWrites.KEY_HEADER);

    private final boolean authRequired;

    StrictRequests(boolean authRequired) {
        this.authRequired = authRequired;
    }

    @Override
    public void filter(FilterChain chain, RoutingRequest req, RoutingResponse res) {
        String path = req.path().absolute().path();
        if (req.prologue().uriPath().rawPath().indexOf(';') >= 0) {
            Problem.of("invalid-input", "Invalid input", Status.BAD_REQUEST_400,
                    "path parameters (';') are not accepted: each resource has one path").with("field", "path")
                    .send(res, path);
            return;
        }
        for (HeaderName name : SINGLE) {
            int copies = req.headers().all(name, List::of).size();
            if (copies > 1) {
                Problem.of("invalid-input", "Invalid input", Status.BAD_REQUEST_400,
                                name.defaultCase() + " must be sent once (got " + copies + ")")
                        .with("field", name.defaultCase()).send(res, path);
                return;
            }
        }
        if (!authRequired) {
            for (HeaderName name : List.of(HeaderNames.AUTHORIZATION, Authentication.KEY_HEADER)) {
                if (req.headers().contains(name)) {
                    Problem.of("authentication-off", "Authentication is off", Status.BAD_REQUEST_400,
                                    "this server does not check API keys (authentication is off), so the key would "
                                            + "be ignored and the request would act in the tenant named by "
                                            + Requests.TENANT_HEADER.defaultCase() + " (or 'default'); send no key, or "
                                            + "start the server with --require-auth")
                            .with("field", name.defaultCase()).send(res, path);
                    return;
                }
            }
        }
        chain.proceed();
    }
}
