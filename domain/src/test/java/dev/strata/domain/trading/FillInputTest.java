package dev.strata.domain.trading;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FillInputTest {

    private static final Tenant ALICE = Tenant.of("alice");

    private static FillInput withIds(Optional<String> tid, Optional<String> hash, Optional<String> raw) {
        return new FillInput(Optional.of("sub-1"), Optional.empty(), Optional.of("42"), Optional.of(1_700_000_000_123L),
                Optional.of("BTC"), Optional.of("B"), Optional.of("Open Long"), Optional.of(new BigDecimal("0.1")),
                Optional.of(new BigDecimal("60000")), Optional.empty(), Optional.empty(), tid, hash, raw);
    }

    @Test
    void the_fill_uid_is_the_tid_when_there_is_one() {
        PerpsFill fill = withIds(Optional.of("9001"), Optional.of("0xhash"), Optional.of("{}")).toFill(ALICE,
                Optional.empty());

        assertThat(fill.uid().value()).isEqualTo("tid:9001");
    }

    @Test
    void without_a_tid_the_fill_uid_is_the_hash() {
        PerpsFill fill = withIds(Optional.of("  "), Optional.of("0xhash"), Optional.of("{}")).toFill(ALICE,
                Optional.empty());

        assertThat(fill.uid().value()).isEqualTo("hash:0xhash");
    }

    @Test
    void without_tid_or_hash_the_fill_uid_is_the_sha1_of_the_raw_json() throws Exception {
        String raw = "{\"coin\":\"BTC\",\"px\":\"60000\"}";
        PerpsFill fill = withIds(Optional.empty(), Optional.empty(), Optional.of(raw)).toFill(ALICE, Optional.empty());

        String sha1 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(raw.getBytes(StandardCharsets.UTF_8)));
        assertThat(fill.uid().value()).isEqualTo("sha1:" + sha1);
        assertThat(fill.rawJson()).contains(raw);
    }

    @Test
    void without_any_id_or_raw_json_equal_fills_get_equal_uids_and_different_fills_different_ones() {
        FillInput a = withIds(Optional.empty(), Optional.empty(), Optional.empty());
        FillInput b = new FillInput(Optional.of("sub-1"), Optional.empty(), Optional.of("42"),
                Optional.of(1_700_000_000_123L), Optional.of("BTC"), Optional.of("B"), Optional.of("Open Long"),
                Optional.of(new BigDecimal("0.2")), Optional.of(new BigDecimal("60000")), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());

        assertThat(a.toFill(ALICE, Optional.empty()).uid()).isEqualTo(a.toFill(ALICE, Optional.empty()).uid());
        assertThat(a.toFill(ALICE, Optional.empty()).uid()).isNotEqualTo(b.toFill(ALICE, Optional.empty()).uid());
    }

    @Test
    void defaults_fee_and_closed_pnl_to_zero_and_reads_hyperliquid_sides() {
        PerpsFill fill = withIds(Optional.of("1"), Optional.empty(), Optional.empty()).toFill(ALICE, Optional.empty());

        assertThat(fill.fee()).isEqualByComparingTo("0");
        assertThat(fill.closedPnl()).isEqualByComparingTo("0");
        assertThat(fill.side()).isEqualTo(FillSide.BUY);
        assertThat(fill.at().toEpochMilli()).isEqualTo(1_700_000_000_123L);
        assertThat(FillSide.parse("A")).isEqualTo(FillSide.SELL);
    }

    @Test
    void the_sub_account_fetched_for_wins_over_the_one_in_the_body() {
        PerpsFill fill = withIds(Optional.of("1"), Optional.empty(), Optional.empty())
                .toFill(ALICE, Optional.of(SubAccountId.of("fetched")));

        assertThat(fill.subAccount()).isEqualTo(SubAccountId.of("fetched"));
    }

    @Test
    void every_missing_or_broken_field_is_named() {
        assertThatThrownBy(() -> new FillInput(Optional.empty(), Optional.empty(), Optional.of("1"), Optional.of(1L),
                Optional.of("BTC"), Optional.of("B"), Optional.empty(), Optional.of(BigDecimal.ONE),
                Optional.of(BigDecimal.ONE), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty()).toFill(ALICE, Optional.empty()))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("sub_account_id"));
        assertThat(field(new BigDecimal("-1"), "BTC", "B", 5L)).isEqualTo("size");
        assertThat(field(BigDecimal.ONE, "BTC; DROP", "B", 5L)).isEqualTo("symbol");
        assertThat(field(BigDecimal.ONE, "BTC", "up", 5L)).isEqualTo("side");
        assertThat(field(BigDecimal.ONE, "BTC", "B", -5L)).isEqualTo("ts_ms");
        assertThat(field(new BigDecimal("1e300"), "BTC", "B", 5L)).isEqualTo("size");
    }

    private static String field(BigDecimal size, String symbol, String side, long ts) {
        try {
            new FillInput(Optional.of("s"), Optional.empty(), Optional.of("1"), Optional.of(ts), Optional.of(symbol),
                    Optional.of(side), Optional.empty(), Optional.of(size), Optional.of(BigDecimal.TEN),
                    Optional.empty(), Optional.empty(), Optional.of("1"), Optional.empty(), Optional.empty())
                    .toFill(ALICE, Optional.empty());
        } catch (InvalidInputException e) {
            return e.field();
        }
        throw new AssertionError("accepted");
    }

    @Test
    void numbers_keep_fifteen_significant_digits() {
        assertThat(Decimals.of("size", new BigDecimal("0.12345678901234567890"))).isEqualTo(new BigDecimal("0.123456789012346"));
        assertThat(Decimals.fromDouble(0.123456789012346)).isEqualTo(new BigDecimal("0.123456789012346"));
        assertThat(Decimals.of("size", new BigDecimal("1E+3")).toPlainString()).isEqualTo("1000");
    }
}
