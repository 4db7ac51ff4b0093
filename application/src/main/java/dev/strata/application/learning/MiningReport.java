package dev.strata.application.learning;

import dev.strata.domain.memory.Tenant;

import java.util.Optional;

/**
 * What a mining run did: new proposals, proposals merged into existing rows, proposals only recorded
 * (shadow mode), and why it did not run or why the model pass stopped.
 */
public record MiningReport(Tenant tenant, int proposed, int merged, int shadowed, Optional<String> skipped,
                           Optional<String> modelStopped) {

    static MiningReport skipped(Tenant tenant, String why) {
        return new MiningReport(tenant, 0, 0, 0, Optional.of(why), Optional.empty());
    }
}
