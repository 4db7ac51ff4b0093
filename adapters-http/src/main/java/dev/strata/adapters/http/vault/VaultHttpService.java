package dev.strata.adapters.http.vault;

import dev.strata.adapters.http.GatewaySettings;
import dev.strata.adapters.http.Resource;
import dev.strata.adapters.http.support.Actors;
import dev.strata.adapters.http.support.JsonBody;
import dev.strata.adapters.http.support.Requests;
import dev.strata.adapters.http.support.Responses;
import dev.strata.adapters.http.support.ScrubbedOutput;
import dev.strata.application.vault.VaultService;
import dev.strata.domain.vault.VaultEntry;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.Set;

/**
 * {@code /v1/vault}: the tenant's key/value vault (spec 02). Listing and writing never echo a secret's
 * value; {@code GET /v1/vault/{key}} is the one read that returns it, to the caller that asked for
 * that key by name.
 */
public final class VaultHttpService implements Resource {

    private final VaultService vault;
    private final GatewaySettings settings;

    public VaultHttpService(VaultService vault, GatewaySettings settings) {
        this.vault = vault;
        this.settings = settings;
    }

    @Override
    public String path() {
        return "/v1/vault";
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/", this::list)
                .get("/{key}", this::get)
                .put("/{key}", this::put)
                .delete("/{key}", this::delete);
    }

    private void list(ServerRequest req, ServerResponse res) {
        Responses.ok(res, new VaultEntriesView(
                vault.list(Requests.tenant(req)).stream().map(e -> VaultEntryView.of(e, false)).toList()));
    }

    private void get(ServerRequest req, ServerResponse res) {
        VaultEntry entry = vault.get(Requests.tenant(req), key(req));
        if (entry.secret()) {
            ScrubbedOutput.reveal(req.context(), entry.value());
        }
        Responses.ok(res, VaultEntryView.of(entry, true));
    }

    private void put(ServerRequest req, ServerResponse res) {
        var tenant = Requests.tenant(req);
        String key = key(req);
        JsonBody body = Requests.json(req, settings.maxBodyBytes()).allowOnly(Set.of("value", "is_secret"));
        VaultEntry stored = vault.set(tenant, key, body.requiredString("value"),
                body.optionalBoolean("is_secret").orElse(false), Actors.of(req));
        Responses.ok(res, VaultEntryView.of(stored, false));
    }

    private void delete(ServerRequest req, ServerResponse res) {
        vault.delete(Requests.tenant(req), key(req), Actors.of(req));
        res.status(Status.NO_CONTENT_204).send();
    }

    private static String key(ServerRequest req) {
        return req.path().pathParameters().get("key");
    }
}
