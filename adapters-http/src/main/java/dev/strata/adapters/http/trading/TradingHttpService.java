package dev.strata.adapters.http.trading;

import dev.strata.adapters.http.GatewaySettings;
import dev.strata.adapters.http.Resource;
import dev.strata.adapters.http.support.Actors;
import dev.strata.adapters.http.support.JsonBody;
import dev.strata.adapters.http.support.Requests;
import dev.strata.adapters.http.support.Responses;
import dev.strata.application.personalization.rebuild.ProfileRefreshService;
import dev.strata.application.trading.HistorySyncService;
import dev.strata.application.trading.TradeMirrorService;
import dev.strata.application.trading.TradingProfileService;
import dev.strata.application.trading.TradingTools;
import dev.strata.application.trading.UserTrade;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.trading.FillInput;
import dev.strata.domain.trading.SpotActivityInput;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The off-agent trade mirror over REST. Two resources ({@link #resources()}):
 * <pre>
 * POST /v1/trading/perps-fills       {"fills":[{sub_account_id, oid, ts_ms, symbol, side, size, price, dir?, fee?,
 *                                     closed_pnl?, tid?, hash?, wallet_address?, raw_json?}]}  -> {"inserted": n}
 * POST /v1/trading/spot-activities   {"activities":[{tx_hash, ts_ms, type, from_token?, to_token?, amount?,
 *                                     value_usd?, status?, raw_json?}]}                         -> {"inserted": n}
 * GET  /v1/trading/sync-state        each (source, sub-account) watermark, failures, whether it is skipped
 * GET  /v1/trading/profile           the 30-day trading profile
 * GET  /v1/trading/trades            ?asset=&amp;limit=  recent fills of one asset (search_user_trades)
 * POST /v1/profile/refresh           {"user_id"?}: the sync now, then the rebuilds; what each did
 * </pre>
 * Re-sent rows are ignored (a fill by sub-account and fill uid, an activity by transaction hash).
 */
public final class TradingHttpService {

    private static final Set<String> FILL_FIELDS = Set.of("sub_account_id", "wallet_address", "oid", "ts_ms", "symbol",
            "side", "dir", "size", "price", "fee", "closed_pnl", "tid", "hash", "raw_json");
    private static final Set<String> SPOT_FIELDS = Set.of("tx_hash", "ts_ms", "type", "from_token", "to_token", "amount",
            "value_usd", "status", "raw_json");

    private final TradeMirrorService mirror;
    private final TradingProfileService profile;
    private final HistorySyncService sync;
    private final ProfileRefreshService refresh;
    private final GatewaySettings settings;

    public TradingHttpService(TradeMirrorService mirror, TradingProfileService profile, HistorySyncService sync,
                              ProfileRefreshService refresh, GatewaySettings settings) {
        this.mirror = Objects.requireNonNull(mirror, "mirror");
        this.profile = Objects.requireNonNull(profile, "profile");
        this.sync = Objects.requireNonNull(sync, "sync");
        this.refresh = Objects.requireNonNull(refresh, "refresh");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /** The mirror's collection and the profile refresh, for the gateway to mount. */
    public List<Resource> resources() {
        return List.of(
                new Mount("/v1/trading", rules -> rules.post("/perps-fills", this::perpsFills)
                        .post("/spot-activities", this::spotActivities)
                        .get("/sync-state", (req, res) -> Responses.ok(res,
                                SyncStateView.of(sync.status(Requests.tenant(req)))))
                        .get("/profile", (req, res) -> Responses.ok(res,
                                TradingProfileView.of(profile.profile(Requests.tenant(req)))))
                        .get("/trades", this::trades)),
                new Mount("/v1/profile/refresh", rules -> rules.post("/", this::refresh)));
    }

    private record Mount(String path, Consumer<HttpRules> routes) implements Resource {
        @Override
        public void routing(HttpRules rules) {
            routes.accept(rules);
        }
    }

    private void perpsFills(ServerRequest req, ServerResponse res) {
        var tenant = Requests.tenant(req);
        JsonBody body = Requests.json(req, settings.maxBatchBodyBytes()).allowOnly(Set.of("fills"));
        List<FillInput> fills = TradingJson.elements(body, "fills", FILL_FIELDS).stream()
                .map(f -> new FillInput(f.text("sub_account_id"), f.text("wallet_address"), f.text("oid"),
                        f.millis("ts_ms"), f.text("symbol"), f.text("side"), f.text("dir"), f.decimal("size"),
                        f.decimal("price"), f.decimal("fee"), f.decimal("closed_pnl"), f.text("tid"), f.text("hash"),
                        f.rawJson("raw_json")))
                .toList();
        Responses.ok(res, new InsertedView(mirror.recordPerpsFills(tenant, fills, Actors.of(req))));
    }

    private void spotActivities(ServerRequest req, ServerResponse res) {
        var tenant = Requests.tenant(req);
        JsonBody body = Requests.json(req, settings.maxBatchBodyBytes()).allowOnly(Set.of("activities"));
        List<SpotActivityInput> activities = TradingJson.elements(body, "activities", SPOT_FIELDS).stream()
                .map(a -> new SpotActivityInput(a.text("tx_hash"), a.millis("ts_ms"), a.text("type"),
                        a.text("from_token"), a.text("to_token"), a.text("amount"), a.decimal("value_usd"),
                        a.text("status"), a.rawJson("raw_json")))
                .toList();
        Responses.ok(res, new InsertedView(mirror.recordSpotActivities(tenant, activities, Actors.of(req))));
    }

    private void trades(ServerRequest req, ServerResponse res) {
        var tenant = Requests.tenant(req);
        String asset = Requests.param(req, "asset").orElseThrow(() -> new InvalidInputException("asset", "is required"));
        Responses.ok(res, new TradingTools.Trades(asset.strip(), profile.searchUserTrades(tenant, asset,
                Requests.intParam(req, "limit")).stream().map(UserTrade::of).toList()));
    }

    private void refresh(ServerRequest req, ServerResponse res) {
        var tenant = Requests.tenant(req);
        var user = Requests.optionalJson(req, settings.maxBodyBytes())
                .map(b -> b.allowOnly(Set.of("user_id")).optionalString("user_id")).flatMap(u -> u);
        Responses.ok(res, RefreshView.of(refresh.refresh(tenant, user)));
    }
}
