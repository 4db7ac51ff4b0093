package dev.strata.application.role;

import dev.strata.domain.role.Asset;
import dev.strata.domain.role.Evidence;
import dev.strata.domain.role.EvidenceSource;
import dev.strata.domain.role.Outcome;
import dev.strata.domain.role.OutcomeProbe;
import dev.strata.domain.role.OutcomeProbeSpec;
import dev.strata.domain.role.PostHocProbe;
import dev.strata.domain.role.PriceFeed;
import dev.strata.domain.role.PricePoint;
import dev.strata.domain.role.ProbeRegistry;
import dev.strata.domain.role.RoleDefinition;
import dev.strata.domain.role.RoleMemoryEntry;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Asks a role's probes about one entry: its outcome probe (price delta through the {@link PriceFeed},
 * a custom probe from the {@link ProbeRegistry}, or nobody for {@code manual}) and its post-hoc
 * evidence sources. Everything it holds only reads, which is part of why the reflector cannot
 * change anything but role-memory rows. A probe that throws is a failure with its message, never an
 * exception out of here: one broken callback must not stop a role's other entries.
 */
public final class RoleProbes {

    private final PriceFeed prices;
    private final ProbeRegistry registry;

    public RoleProbes(PriceFeed prices, ProbeRegistry registry) {
        this.prices = Objects.requireNonNull(prices, "prices");
        this.registry = Objects.requireNonNull(registry, "registry");
    }

    /** The entry's outcome by its role's outcome probe. */
    public ProbeResult<Outcome> outcome(RoleMemoryEntry entry, RoleDefinition role, Instant now) {
        return switch (role.policy().outcomeProbe()) {
            case OutcomeProbeSpec.PriceDelta delta -> priceDelta(entry, delta, now);
            case OutcomeProbeSpec.Custom custom -> custom(entry, role, custom.probeId(), now);
            case OutcomeProbeSpec.Manual manual -> new ProbeResult.Waiting<>("waiting for a person to record the outcome "
                    + "(POST /v1/role-memory/" + entry.id() + "/outcome)");
        };
    }

    private ProbeResult<Outcome> priceDelta(RoleMemoryEntry entry, OutcomeProbeSpec.PriceDelta delta, Instant now) {
        if (entry.asset().isEmpty()) {
            return new ProbeResult.Failed<>("price_delta probe: the entry names no asset");
        }
        Asset asset = entry.asset().get();
        Instant start = entry.createdAt();
        Instant end = start.plus(Duration.ofHours(delta.windowHours()));
        if (now.isBefore(end)) {
            return new ProbeResult.Waiting<>("price_delta probe: the " + delta.windowHours() + "h window ends at " + end);
        }
        Optional<PricePoint> from;
        Optional<PricePoint> to;
        try {
            from = prices.priceAt(entry.tenant(), asset, start);
            to = prices.priceAt(entry.tenant(), asset, end);
        } catch (RuntimeException e) {
            return new ProbeResult.Failed<>("price_delta probe: the price feed failed: " + oneLine(e.getMessage()));
        }
        if (from.isEmpty() || to.isEmpty()) {
            return new ProbeResult.Waiting<>("price_delta probe: no price of " + asset + " near "
                    + (from.isEmpty() ? start : end) + " (push one to /v1/prices)");
        }
        BigDecimal a = from.get().price();
        BigDecimal b = to.get().price();
        BigDecimal change = b.subtract(a).multiply(BigDecimal.valueOf(100)).divide(a, MathContext.DECIMAL64)
                .setScale(2, RoundingMode.HALF_EVEN);
        String summary = asset + " " + a.toPlainString() + " -> " + b.toPlainString() + " ("
                + (change.signum() > 0 ? "+" : "") + change.toPlainString() + "%) from " + start.truncatedTo(ChronoUnit.MINUTES)
                + " to " + end.truncatedTo(ChronoUnit.MINUTES) + " (" + delta.windowHours() + "h)";
        return new ProbeResult.Measured<>(new Outcome(summary, Optional.of(change), "price_delta", now));
    }

    private ProbeResult<Outcome> custom(RoleMemoryEntry entry, RoleDefinition role, String id, Instant now) {
        Optional<OutcomeProbe> probe = registry.probe(id);
        if (probe.isEmpty()) {
            return new ProbeResult.Failed<>("no outcome probe is registered under '" + id + "'");
        }
        try {
            return probe.get().measure(new OutcomeProbe.Request(entry, role, now))
                    .<ProbeResult<Outcome>>map(ProbeResult.Measured::new)
                    .orElseGet(() -> new ProbeResult.Waiting<>("probe " + id + ": no outcome yet"));
        } catch (RuntimeException e) {
            return new ProbeResult.Failed<>("probe " + id + " failed: " + oneLine(e.getMessage()));
        }
    }

    /**
     * The evidence for the reflector: what was pushed for the entry, then what each post-hoc probe
     * gathers. The first failing probe fails the whole gathering (the entry waits for complete
     * evidence rather than being judged on half of it).
     */
    public ProbeResult<List<Evidence>> evidence(RoleMemoryEntry entry, RoleDefinition role, Instant now) {
        List<Evidence> all = new ArrayList<>(entry.evidence());
        for (PostHocProbe probe : role.policy().postHocProbes()) {
            Optional<EvidenceSource> source = registry.source(probe.source());
            String label = probe.kind().wireName() + " probe '" + probe.source() + "'";
            if (source.isEmpty()) {
                return new ProbeResult.Failed<>(label + ": no evidence source is registered under that id");
            }
            try {
                source.get().gather(new EvidenceSource.Request(entry, role, probe, params(entry, probe), now))
                        .ifPresent(all::add);
            } catch (RuntimeException e) {
                return new ProbeResult.Failed<>(label + " failed: " + oneLine(e.getMessage()));
            }
        }
        return new ProbeResult.Measured<>(List.copyOf(all));
    }

    /** The entry's fields a source may use, renamed by the probe's {@code paramMapper}. */
    static Map<String, String> params(RoleMemoryEntry entry, PostHocProbe probe) {
        Map<String, String> fields = new LinkedHashMap<>();
        entry.asset().ifPresent(a -> fields.put("asset", a.symbol()));
        fields.put("decision", entry.decision());
        fields.put("role", entry.role().value());
        fields.put("created_at", entry.createdAt().toString());
        fields.put("entry_id", entry.id().toString());
        Map<String, String> mapped = new LinkedHashMap<>();
        fields.forEach((name, value) -> mapped.put(probe.paramMapper().getOrDefault(name, name), value));
        return mapped;
    }

    static String oneLine(String text) {
        if (text == null || text.isBlank()) {
            return "(no message)";
        }
        String line = text.replaceAll("[\\r\\n\\u2028\\u2029]+", " ").strip();
        return line.length() > 300 ? line.substring(0, 300) + "…" : line;
    }
}
