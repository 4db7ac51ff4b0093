package dev.strata.domain.trading;

import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Tenant;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One mirrored off-agent spot activity (a row of {@code external_spot_activities}): a swap or a
 * transfer, keyed by its chain transaction hash. {@code amount} stays text, as upstream sent it,
 * so a token amount of any precision reads back digit for digit.
 */
public record SpotActivity(Tenant tenant, String txHash, Instant at, String type, Optional<String> fromToken,
                           Optional<String> toToken, Optional<String> amount, Optional<BigDecimal> valueUsd,
                           String status, Optional<String> rawJson) {

    private static final Pattern WORD = Pattern.compile("[a-z][a-z0-9_]{0,31}");
    private static final Pattern AMOUNT = Pattern.compile("-?[0-9]{1,40}(\\.[0-9]{1,40})?");

    public SpotActivity {
        Objects.requireNonNull(tenant, "tenant");
        txHash = Text.token("tx_hash", txHash, 128);
        at = PerpsFill.checkTime("ts_ms", at);
        type = word("type", type);
        fromToken = Text.label("from_token", Objects.requireNonNull(fromToken, "fromToken"), 64);
        toToken = Text.label("to_token", Objects.requireNonNull(toToken, "toToken"), 64);
        amount = Objects.requireNonNull(amount, "amount").map(String::strip).filter(a -> !a.isEmpty()).map(a -> {
            if (!AMOUNT.matcher(a).matches()) {
                throw new InvalidInputException("amount", "must be a decimal number such as 12.5");
            }
            return a;
        });
        valueUsd = Objects.requireNonNull(valueUsd, "valueUsd").map(v -> Decimals.of("value_usd", v));
        status = word("status", status);
        rawJson = Text.rawJson("raw_json", Objects.requireNonNull(rawJson, "rawJson"));
    }

    private static String word(String field, String value) {
        if (value == null || value.isBlank()) {
            throw new InvalidInputException(field, "is required");
        }
        String v = value.strip().toLowerCase(java.util.Locale.ROOT);
        if (!WORD.matcher(v).matches()) {
            throw new InvalidInputException(field, "must be a word of 1-32 letters, digits or '_' (such as swap)");
        }
        return v;
    }
}
