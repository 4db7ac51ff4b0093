package dev.strata.application.trading;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.trading.FillInput;
import dev.strata.domain.trading.Fills;
import dev.strata.domain.trading.InMemoryPerpsFillStore;
import dev.strata.domain.trading.InMemorySpotActivityStore;
import dev.strata.domain.trading.InMemorySyncStateStore;
import dev.strata.domain.trading.SpotActivityInput;
import dev.strata.domain.trading.StoredPerpsFill;
import dev.strata.domain.vault.CredentialScrubber;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The trade mirror and the vault: a row's raw JSON is stored redacted, its dedup key still the one of the
 * JSON as sent; a secret in an identifier or label refuses the row (pushed: a 400 naming the element's
 * field; synced: left out and counted as rejected).
 */
class MirrorSecretsTest {

    private static final Tenant ALICE = Tenant.of("alice");
    private static final String SECRET = "sk-live-MIRROR0123456789";
    private static final long MS = Instant.parse("2026-11-22T10:00:00Z").toEpochMilli();

    private final CredentialScrubber scrubber = new CredentialScrubber();
    private final InMemoryPerpsFillStore fills = new InMemoryPerpsFillStore();
    private final InMemorySpotActivityStore spot = new InMemorySpotActivityStore();
    private final Clock clock = Clock.fixed(Instant.ofEpochMilli(MS), ZoneOffset.UTC);
    private final TradeMirrorService mirror = new TradeMirrorService(fills, spot, new InMemorySyncStateStore(),
            new TradingEvents(), clock, TradingLimits.defaults(), scrubber);

    MirrorSecretsTest() {
        scrubber.register(ALICE, "EXCHANGE_KEY", SECRET);
    }

    /** A fill without tid or hash, so its uid is the sha1 of the raw JSON. */
    private static FillInput fill(String dir, String rawJson) {
        return new FillInput(Optional.of("sub-1"), Optional.empty(), Optional.of("o-1"), Optional.of(MS),
                Optional.of("BTC"), Optional.of("B"), Optional.of(dir), Optional.of(BigDecimal.ONE),
                Optional.of(new BigDecimal("60000")), Optional.of(BigDecimal.ZERO), Optional.of(BigDecimal.ZERO),
                Optional.empty(), Optional.empty(), Optional.of(rawJson));
    }

    private static SpotActivityInput spot(String hash, String toToken, String rawJson) {
        return new SpotActivityInput(Optional.of(hash), Optional.of(MS), Optional.of("swap"), Optional.of("USDC"),
                Optional.of(toToken), Optional.of("100"), Optional.of(new BigDecimal("100")), Optional.of("completed"),
                Optional.of(rawJson));
    }

    @Test
    void raw_json_is_stored_redacted_and_the_same_fill_sent_again_is_still_a_duplicate() {
        FillInput withSecret = fill("Open Long", "{\"coin\":\"BTC\",\"apiKey\":\"" + SECRET + "\"}");

        assertThat(mirror.recordPerpsFills(ALICE, List.of(withSecret))).isEqualTo(1);
        assertThat(mirror.recordPerpsFills(ALICE, List.of(withSecret))).isZero();

        List<StoredPerpsFill> stored = fills.after(ALICE, 0, 10);
        assertThat(stored).singleElement().satisfies(s -> assertThat(s.fill().rawJson())
                .contains("{\"coin\":\"BTC\",\"apiKey\":\"[REDACTED:vault:EXCHANGE_KEY]\"}"));
        assertThat(mirror.recordSpotActivities(ALICE, List.of(spot("0x1", "ETH", "{\"memo\":\"" + SECRET + "\"}"))))
                .isEqualTo(1);
        assertThat(spot.after(ALICE, 0, 10)).singleElement().satisfies(s -> assertThat(s.activity().rawJson())
                .contains("{\"memo\":\"[REDACTED:vault:EXCHANGE_KEY]\"}"));
    }

    @Test
    void a_pushed_row_with_a_secret_in_a_label_is_refused_naming_the_element_and_nothing_is_stored() {
        assertThatThrownBy(() -> mirror.recordPerpsFills(ALICE, List.of(fill("Open Long", "{}"),
                fill("Open " + SECRET.substring(0, 12) + SECRET.substring(12), "{\"a\":1}"))))
                .isInstanceOf(InvalidInputException.class)
                .satisfies(e -> assertThat(((InvalidInputException) e).field()).isEqualTo("fills[1].dir"));
        assertThatThrownBy(() -> mirror.recordSpotActivities(ALICE, List.of(spot("0x2", SECRET, "{}"))))
                .isInstanceOf(InvalidInputException.class)
                .satisfies(e -> assertThat(((InvalidInputException) e).field()).isEqualTo("activities[0].to_token"));

        assertThat(fills.after(ALICE, 0, 10)).isEmpty();
        assertThat(spot.after(ALICE, 0, 10)).isEmpty();
    }

    @Test
    void another_tenants_text_holding_the_value_is_redacted_without_naming_alices_key() {
        Tenant bob = Tenant.of("bob");
        mirror.recordPerpsFills(bob, List.of(fill("Open Long", "{\"x\":\"" + SECRET + "\"}")));

        assertThat(fills.after(bob, 0, 10)).singleElement().satisfies(s -> assertThat(s.fill().rawJson())
                .contains("{\"x\":\"" + CredentialScrubber.UNNAMED_LABEL + "\"}"));
    }

    @Test
    void a_synced_row_with_a_secret_in_a_label_is_left_out_and_counted_as_rejected_and_the_rest_is_stored() {
        ScriptedHistorySource source = new ScriptedHistorySource();
        source.subAccounts.add("sub-1");
        source.fills.put("sub-1", List.of(Fills.input(null, "t1", MS, "BTC", "B", "Open Long", "1", "60000", "0"),
                Fills.input(null, "t2", MS + 1, "BTC", "B", SECRET, "1", "60000", "0")));
        HistorySyncService sync = new HistorySyncService(source, new InMemorySyncStateStore(), mirror, clock,
                HistorySyncSettings.defaults().withTenants(List.of(ALICE)), Runnable::run);

        SyncReport report = sync.runOnce(ALICE);

        assertThat(report.keys()).filteredOn(k -> k.key().subAccount().value().equals("sub-1")).singleElement()
                .satisfies(k -> {
                    assertThat(k.inserted()).isEqualTo(1);
                    assertThat(k.rejected()).isEqualTo(1);
                });
        assertThat(fills.after(ALICE, 0, 10)).extracting(f -> f.fill().oid()).containsExactly("o-t1");
    }
}
