package dev.strata.adapters.http.feed;

import dev.strata.application.role.ProbeResult;
import dev.strata.application.role.RoleProbes;
import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.role.Asset;
import dev.strata.domain.role.EntryStatus;
import dev.strata.domain.role.Evidence;
import dev.strata.domain.role.EvidenceSource;
import dev.strata.domain.role.Outcome;
import dev.strata.domain.role.OutcomeProbe;
import dev.strata.domain.role.PostHocProbe;
import dev.strata.domain.role.PricePoint;
import dev.strata.domain.role.ProbeRegistry;
import dev.strata.domain.role.RoleFixtures;
import dev.strata.domain.role.RoleId;
import dev.strata.domain.role.RoleInputs;
import dev.strata.domain.role.RoleMemoryEntry;
import dev.strata.domain.role.RoleMemoryId;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The role callbacks against a real HTTP server on 127.0.0.1. */
class RoleCallbacksTest {

    private static final Tenant ALICE = Tenant.of("alice");
    private static final Instant T0 = Instant.parse("2026-03-02T10:00:00Z");
    private static final Instant NOW = T0.plus(Duration.ofHours(200));

    private final StubHttpServer stub;
    private final CallbackClient client = new CallbackClient(Duration.ofSeconds(2));

    RoleCallbacksTest() throws IOException {
        stub = new StubHttpServer();
    }

    @AfterEach
    void stop() {
        stub.close();
    }

    private HttpPriceFeed priceFeed(Duration timeout) {
        return new HttpPriceFeed(client, "prices", stub.url("/v1/price?symbol={asset}&time={at}"), Optional.of("s3cret"),
                timeout);
    }

    private CallbackClient.Endpoint endpoint(String name) {
        return new CallbackClient.Endpoint(name, URI.create(stub.url("/" + name)), Optional.empty(), Duration.ofSeconds(2));
    }

    private static RoleMemoryEntry entry(String role, String asset) {
        return new RoleMemoryEntry(RoleMemoryId.of(7), ALICE, RoleId.of(role), new RoleInputs("{\"symbol\": \"BTC\", \"n\": [1]}"),
                "follow the whale \"0xabc\"", Optional.of(Asset.of(asset)), T0, EntryStatus.PENDING, Optional.empty(),
                List.of(), Optional.empty(), Optional.empty(), T0);
    }

    @Test
    void a_feed_with_a_readable_name_gives_points_whose_source_a_price_point_accepts() {
        stub.json(200, "{\"price\": 92}");
        HttpPriceFeed feed = new HttpPriceFeed(client, "price endpoint", stub.url("/v1/price?symbol={asset}&time={at}"),
                Optional.empty(), Duration.ofSeconds(2));

        assertThat(feed.priceAt(ALICE, Asset.of("BTC"), T0).orElseThrow().source()).isEqualTo("endpoint:price_endpoint");
        assertThat(HttpPriceFeed.source("x".repeat(200))).hasSize(80).startsWith("endpoint:x");
    }

    @Test
    void the_price_endpoint_is_asked_with_the_encoded_asset_and_instant_and_the_token() {
        stub.json(200, "{\"price\": 64123.50, \"at\": \"2026-03-02T10:00:05Z\"}");

        Optional<PricePoint> point = priceFeed(Duration.ofSeconds(2)).priceAt(ALICE, Asset.of("BRK.B"), T0);

        assertThat(point.orElseThrow().price()).isEqualByComparingTo("64123.5");
        assertThat(point.get().at()).isEqualTo(Instant.parse("2026-03-02T10:00:05Z"));
        assertThat(point.get().source()).isEqualTo("endpoint:prices");
        assertThat(stub.received).singleElement().satisfies(r -> {
            assertThat(r.method()).isEqualTo("GET");
            assertThat(r.uri()).isEqualTo("/v1/price?symbol=BRK.B&time=2026-03-02T10%3A00%3A00Z");
            assertThat(r.authorization()).isEqualTo("Bearer s3cret");
        });
    }

    @Test
    void no_price_is_empty_and_a_broken_endpoint_is_unavailable_naming_it() {
        HttpPriceFeed feed = priceFeed(Duration.ofSeconds(2));
        stub.json(404, "");
        assertThat(feed.priceAt(ALICE, Asset.of("BTC"), T0)).isEmpty();
        stub.json(200, "{\"price\": null}");
        assertThat(feed.priceAt(ALICE, Asset.of("BTC"), T0)).isEmpty();

        Map<String, String> broken = Map.of(
                "HTTP 500", "500|{}",
                "not JSON", "200|<html>",
                "not a number", "200|{\"price\": \"cheap\"}",
                "unusable price", "200|{\"price\": -3}",
                "HTTP 302", "302|{}",
                "not an object", "200|[1, 2]");
        for (var c : broken.entrySet()) {
            String[] parts = c.getValue().split("\\|", 2);
            stub.json(Integer.parseInt(parts[0]), parts[1]);
            assertThatThrownBy(() -> feed.priceAt(ALICE, Asset.of("BTC"), T0)).as(c.getKey())
                    .isInstanceOf(UnavailableException.class).hasMessageStartingWith("prices ")
                    .hasMessageContaining(c.getKey().startsWith("HTTP") ? c.getKey() : "");
        }
    }

    @Test
    void a_slow_or_oversized_answer_is_refused_not_waited_for_or_buffered() {
        stub.answering((exchange, body) -> {
            try {
                Thread.sleep(1_500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            StubHttpServer.reply(exchange, 200, "{\"price\": 1}");
        });
        assertThatThrownBy(() -> priceFeed(Duration.ofMillis(300)).priceAt(ALICE, Asset.of("BTC"), T0))
                .isInstanceOf(UnavailableException.class).hasMessageContaining("did not answer");

        stub.json(200, "{\"price\": 1, \"pad\": \"" + "x".repeat(CallbackClient.MAX_RESPONSE_BYTES) + "\"}");
        assertThatThrownBy(() -> priceFeed(Duration.ofSeconds(2)).priceAt(ALICE, Asset.of("BTC"), T0))
                .isInstanceOf(UnavailableException.class).hasMessageContaining("more than");
    }

    @Test
    void a_price_url_without_the_asset_or_not_http_is_refused_at_configuration() {
        assertThatThrownBy(() -> new HttpPriceFeed(client, "prices", "http://127.0.0.1/price", Optional.empty(),
                Duration.ofSeconds(1))).hasMessageContaining("{asset}");
        assertThatThrownBy(() -> new HttpPriceFeed(client, "prices", "file:///etc/passwd?{asset}", Optional.empty(),
                Duration.ofSeconds(1))).hasMessageContaining("http(s)");
    }

    @Test
    void a_custom_probe_posts_the_entry_and_reads_the_outcome() {
        stub.json(200, "{\"outcome\": \"whale sold within 2h\", \"change_percent\": -3.5}");
        HttpOutcomeProbe probe = new HttpOutcomeProbe(client, endpoint("whale_followthrough"));

        Optional<Outcome> outcome = probe.measure(new OutcomeProbe.Request(entry("market.onchain.whale_follow", "PEPE"),
                RoleFixtures.whaleFollow(), NOW));

        assertThat(outcome.orElseThrow().summary()).isEqualTo("whale sold within 2h");
        assertThat(outcome.get().changePercent()).contains(new BigDecimal("-3.5"));
        assertThat(outcome.get().source()).isEqualTo("custom:whale_followthrough");
        assertThat(stub.received.getFirst().method()).isEqualTo("POST");
        assertThat(stub.received.getFirst().body()).contains("\"entry_id\":7", "\"tenant\":\"alice\"",
                "\"asset\":\"PEPE\"", "\"inputs\":{\"symbol\":\"BTC\",\"n\":[1]}",
                "\"decision\":\"follow the whale \\\"0xabc\\\"\"", "\"now\":\"2026-03-10T18:00:00Z\"");

        stub.json(200, "{\"outcome\": null}");
        assertThat(probe.measure(new OutcomeProbe.Request(entry("market.onchain.whale_follow", "PEPE"),
                RoleFixtures.whaleFollow(), NOW))).isEmpty();
    }

    @Test
    void an_evidence_source_gets_the_renamed_params_and_its_text_becomes_evidence() {
        stub.json(200, "{\"text\": \"BTC was 100 at the decision\"}");
        HttpEvidenceSource source = new HttpEvidenceSource(client, endpoint("get_price"));
        PostHocProbe probe = RoleFixtures.targetPrice().policy().postHocProbes().getFirst();

        Optional<Evidence> evidence = source.gather(new EvidenceSource.Request(entry("analysis.valuation.target_price", "BTC"),
                RoleFixtures.targetPrice(), probe, Map.of("symbol", "BTC"), NOW));

        assertThat(evidence.orElseThrow().kind()).isEqualTo("refetch_source");
        assertThat(evidence.get().source()).isEqualTo("get_price");
        assertThat(evidence.get().text()).isEqualTo("BTC was 100 at the decision");
        assertThat(stub.received.getFirst().body()).contains("\"params\":{\"symbol\":\"BTC\"}",
                "\"kind\":\"refetch_source\"");
    }

    @Test
    void a_failing_callback_reaches_the_reflector_as_a_probe_failure_with_the_reason() {
        stub.json(502, "{}");
        RoleProbes probes = new RoleProbes((tenant, asset, at) -> Optional.empty(), ProbeRegistry.builder()
                .probe("whale_followthrough", new HttpOutcomeProbe(client, endpoint("whale_followthrough"))).build());

        ProbeResult<Outcome> result = probes.outcome(entry("market.onchain.whale_follow", "PEPE"),
                RoleFixtures.whaleFollow(), NOW);

        assertThat(result).isEqualTo(new ProbeResult.Failed<Outcome>(
                "probe whale_followthrough failed: whale_followthrough answered HTTP 502"));
    }
}
