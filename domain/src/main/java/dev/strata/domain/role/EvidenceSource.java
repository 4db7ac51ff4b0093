package dev.strata.domain.role;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Driven port: where a post-hoc probe's evidence comes from ({@code refetch_source} fetches the
 * decision's source again; {@code news} and {@code onchain} return snapshots). Read-only.
 */
public interface EvidenceSource {

    /**
     * Evidence for the entry, or empty when the source has nothing to say.
     *
     * @throws dev.strata.domain.error.DomainException when the source failed; the entry stays pending with the reason
     */
    Optional<Evidence> gather(Request request);

    /**
     * What a source is asked about; {@code params} are the entry's fields renamed by the probe's
     * {@code paramMapper} ({@code asset}, {@code decision}, {@code role}, {@code created_at} by default).
     */
    record Request(RoleMemoryEntry entry, RoleDefinition role, PostHocProbe probe, Map<String, String> params,
                   Instant now) {
        public Request {
            Objects.requireNonNull(entry, "entry");
            Objects.requireNonNull(role, "role");
            Objects.requireNonNull(probe, "probe");
            params = Map.copyOf(params);
            Objects.requireNonNull(now, "now");
        }
    }
}
