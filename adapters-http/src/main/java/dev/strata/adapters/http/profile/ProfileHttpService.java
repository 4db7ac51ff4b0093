package dev.strata.adapters.http.profile;

import dev.strata.adapters.http.GatewaySettings;
import dev.strata.adapters.http.Resource;
import dev.strata.adapters.http.support.Actors;
import dev.strata.adapters.http.support.JsonBody;
import dev.strata.adapters.http.support.Requests;
import dev.strata.adapters.http.support.Responses;
import dev.strata.application.profile.ProfileService;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.Set;

/** {@code /v1/profile}: the user profile as a key/value resource. */
public final class ProfileHttpService implements Resource {

    private final ProfileService profile;
    private final GatewaySettings settings;

    public ProfileHttpService(ProfileService profile, GatewaySettings settings) {
        this.profile = profile;
        this.settings = settings;
    }

    @Override
    public String path() {
        return "/v1/profile";
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/", this::all)
                .get("/{key}", this::get)
                .put("/{key}", this::put)
                .delete("/{key}", this::delete);
    }

    private void all(ServerRequest req, ServerResponse res) {
        Responses.ok(res, new ProfileView(profile.all(Requests.tenant(req)).stream().map(ProfileEntryView::of).toList()));
    }

    private void get(ServerRequest req, ServerResponse res) {
        Responses.ok(res, ProfileEntryView.of(profile.get(Requests.tenant(req), key(req))));
    }

    private void put(ServerRequest req, ServerResponse res) {
        var tenant = Requests.tenant(req);
        String key = key(req);
        JsonBody body = Requests.json(req, settings.maxBodyBytes()).allowOnly(Set.of("value"));
        Responses.ok(res, ProfileEntryView.of(profile.set(tenant, key, body.requiredString("value"), Actors.of(req))));
    }

    private void delete(ServerRequest req, ServerResponse res) {
        profile.delete(Requests.tenant(req), key(req), Actors.of(req));
        res.status(Status.NO_CONTENT_204).send();
    }

    private static String key(ServerRequest req) {
        return req.path().pathParameters().get("key");
    }
}
