package dev.strata.application.fact;

import dev.strata.domain.MutableClock;
import dev.strata.domain.audit.AuditLog;
import dev.strata.domain.audit.InMemoryAuditLog;
import dev.strata.domain.fact.FactStatus;
import dev.strata.domain.fact.FactStore;
import dev.strata.domain.fact.InMemoryFactStore;
import dev.strata.domain.memory.InMemoryMemoryStore;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.languagemodel.ChatRequest;
import dev.strata.domain.languagemodel.ChatResponse;
import dev.strata.domain.languagemodel.LanguageModel;
import dev.strata.domain.retrieval.BackgroundWrites;
import dev.strata.domain.vault.CredentialScrubber;
import org.junit.jupiter.api.Test;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static dev.strata.application.provenance.TestOrigins.AGENT;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A fact sweep is background work: every settled fact's writes (its transitions, its event, its audit entry) go
 * into one background slice, nothing is written outside a slice, the model is never called inside one, and a
 * sweep of many facts is many short slices rather than back-to-back writes that win the lock against requests.
 */
class FactSweepSlicesTest {

    private static final Tenant ALICE = Tenant.of("alice");

    /** Counts slices and knows whether the calling code is inside one. */
    private static final class CountingWrites implements BackgroundWrites {
        int slices;
        boolean inside;

        @Override
        public void slice(Runnable work) {
            slices++;
            inside = true;
            try {
                work.run();
            } finally {
                inside = false;
            }
        }
    }

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-14T09:00:00Z"));
    private final CountingWrites writes = new CountingWrites();
    private final List<String> outsideSlices = new ArrayList<>();
    private final InMemoryFactStore facts = new InMemoryFactStore();
    private final InMemoryAuditLog audit = new InMemoryAuditLog();

    /** {@code target} behind an interface whose {@code writes} methods note a call made outside a slice. */
    @SuppressWarnings("unchecked")
    private <T> T watched(Class<T> port, T target, Set<String> writeMethods) {
        return (T) Proxy.newProxyInstance(port.getClassLoader(), new Class<?>[]{port}, (proxy, method, args) -> {
            if (writeMethods.contains(method.getName()) && !writes.inside) {
                outsideSlices.add(port.getSimpleName() + "." + method.getName());
            }
            try {
                return method.invoke(target, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        });
    }

    private GeneralFactService service(LanguageModel model, ConsolidationSettings settings) {
        FactStore store = watched(FactStore.class, facts, Set.of("apply"));
        AuditLog log = watched(AuditLog.class, audit, Set.of("record", "recordAll"));
        return new GeneralFactService(store, new FactConsolidator(model, store, new InMemoryMemoryStore(), clock,
                settings, writes), clock, 1000, new CredentialScrubber(), log, writes);
    }

    private void record(GeneralFactService service, String content) {
        clock.advance(Duration.ofSeconds(1));
        service.recordFact(ALICE, content, Optional.empty(), AGENT);
    }

    @Test
    void without_a_model_each_fact_is_settled_in_one_slice_and_nothing_is_written_outside_one() {
        GeneralFactService service = service(new DecidingModel(), ConsolidationSettings.DISABLED);
        for (int i = 0; i < 40; i++) {
            record(service, "user holds asset number " + (i % 30)); // ten restatements
        }
        outsideSlices.clear(); // the recordings are request writes

        ConsolidationReport report = service.consolidatePending(ALICE);

        assertThat(report.activated()).isEqualTo(30);
        assertThat(report.duplicates()).isEqualTo(10);
        assertThat(facts.count(ALICE, FactStatus.PENDING)).isZero();
        assertThat(writes.slices).isEqualTo(40);
        assertThat(outsideSlices).isEmpty();
        assertThat(audit.recent(ALICE, 100)).filteredOn(e -> e.action().equals("fact.decision")).hasSize(40);
    }

    @Test
    void with_a_model_the_model_is_called_outside_every_slice_and_its_decision_is_written_inside_one() {
        DecidingModel script = new DecidingModel();
        List<Boolean> calledInsideASlice = new ArrayList<>();
        LanguageModel model = new LanguageModel() {
            @Override
            public ChatResponse chat(ChatRequest request) {
                calledInsideASlice.add(writes.inside);
                return script.chat(request);
            }

            @Override
            public boolean isEnabled() {
                return true;
            }

            @Override
            public String model() {
                return script.model();
            }
        };
        GeneralFactService plain = service(script, ConsolidationSettings.DISABLED);
        record(plain, "user prefers weekly charts");
        plain.consolidatePending(ALICE);
        GeneralFactService service = service(model, ConsolidationSettings.enabled(""));
        record(service, "user prefers daily charts");
        record(service, "the user likes weekly charts best");
        script.decides("supersede", "F1", "changed their mind").decides("duplicate", "F1", "same preference");
        outsideSlices.clear();
        int slicesBefore = writes.slices;

        ConsolidationReport report = service.consolidatePending(ALICE);

        assertThat(report.superseded()).isEqualTo(1);
        assertThat(report.duplicates()).isEqualTo(1);
        assertThat(calledInsideASlice).containsExactly(false, false);
        assertThat(outsideSlices).isEmpty();
        // Per fact: the decision's writes, then its audit entry (no exact match: no slice just to look).
        assertThat(writes.slices - slicesBefore).isEqualTo(4);
    }
}
