package dev.strata.application.retrieval;

import dev.strata.domain.error.UnavailableException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(30)
class SearchAdmissionTest {

    @Test
    void neverRunsMoreSearchesAtOnceThanItsTurnsAndRunsThemAll() throws Exception {
        SearchAdmission admission = new SearchAdmission(3, Duration.ofSeconds(30));
        AtomicInteger running = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        AtomicInteger done = new AtomicInteger();
        for (int i = 0; i < 24; i++) {
            threads.add(Thread.ofVirtual().start(() -> admission.admit(() -> {
                most.accumulateAndGet(running.incrementAndGet(), Math::max);
                sleep(5);
                running.decrementAndGet();
                return done.incrementAndGet();
            })));
        }
        for (Thread t : threads) {
            t.join();
        }
        assertThat(done).hasValue(24);
        // Fails without the bound: 24 threads sleeping together reach far more than 3.
        assertThat(most.get()).isEqualTo(3);
        SearchAdmission.Stats stats = admission.stats();
        assertThat(stats.admitted()).isEqualTo(24);
        assertThat(stats.waited()).isPositive();
        assertThat(stats.turnedAway()).isZero();
    }

    @Test
    void aSearchThatArrivesWhileOthersWaitGoesBehindThem() throws Exception {
        SearchAdmission admission = new SearchAdmission(1, Duration.ofSeconds(30));
        CountDownLatch holding = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        List<String> order = Collections.synchronizedList(new ArrayList<>());
        Thread holder = Thread.ofVirtual().start(() -> {
            admission.admit(() -> {
                holding.countDown();
                await(release);
                return 0;
            });
            // Its turn has just been given back, to the search queued behind it: asking again at once, it must
            // queue too. An untimed tryAcquire, or an unfair semaphore, lets it take the turn back first.
            admission.admit(() -> order.add("the holder again"));
        });
        holding.await();
        Thread waiter = Thread.ofVirtual().start(() -> admission.admit(() -> order.add("the waiting search")));
        while (admission.stats().waited() < 1) {
            Thread.onSpinWait();
        }
        sleep(50);
        release.countDown();
        holder.join();
        waiter.join();
        assertThat(order).containsExactly("the waiting search", "the holder again");
    }

    @Test
    void aSearchThatWaitsLongerThanMaxWaitIsUnavailableAndTheTurnsStayWhole() throws Exception {
        SearchAdmission admission = new SearchAdmission(1, Duration.ofMillis(50));
        CountDownLatch holding = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread holder = Thread.ofVirtual().start(() -> admission.admit(() -> {
            holding.countDown();
            await(release);
            return 0;
        }));
        holding.await();
        AtomicInteger ran = new AtomicInteger();
        assertThatThrownBy(() -> admission.admit(ran::incrementAndGet)).isInstanceOf(UnavailableException.class)
                .hasMessageContaining("1 searches are running").hasMessageContaining("50 ms");
        assertThat(ran).hasValue(0);
        assertThat(admission.stats().turnedAway()).isEqualTo(1);
        assertThat(admission.stats().longestWaitMicros()).isGreaterThanOrEqualTo(50_000);
        release.countDown();
        holder.join();
        // The refused search took no turn with it: the next one runs at once.
        assertThat(admission.admit(ran::incrementAndGet)).isEqualTo(1);
    }

    @Test
    void aSearchThatFailsGivesItsTurnBack() {
        SearchAdmission admission = new SearchAdmission(1, Duration.ZERO);
        assertThatThrownBy(() -> admission.admit(() -> {
            throw new IllegalStateException("the index is gone");
        })).isInstanceOf(IllegalStateException.class);
        assertThat(admission.admit(() -> "next")).isEqualTo("next");
    }

    @Test
    void unboundedRunsEverySearchAtOnce() throws Exception {
        SearchAdmission admission = SearchAdmission.UNBOUNDED;
        int n = 16;
        CountDownLatch all = new CountDownLatch(n);
        List<Thread> threads = new ArrayList<>();
        AtomicInteger met = new AtomicInteger();
        for (int i = 0; i < n; i++) {
            threads.add(Thread.ofVirtual().start(() -> admission.admit(() -> {
                all.countDown();
                // Only possible when all 16 run together.
                if (await(all)) {
                    met.incrementAndGet();
                }
                return 0;
            })));
        }
        for (Thread t : threads) {
            t.join();
        }
        assertThat(met).hasValue(n);
        assertThat(admission.maxConcurrent()).isZero();
    }

    @Test
    void perCoreScalesWithTheMachineAndBoundsAreChecked() {
        int cores = Runtime.getRuntime().availableProcessors();
        assertThat(SearchAdmission.perCore(3, Duration.ofSeconds(1)).maxConcurrent()).isEqualTo(3 * cores);
        assertThat(SearchAdmission.perCore(0, Duration.ofSeconds(1)).maxConcurrent()).isZero();
        assertThatThrownBy(() -> SearchAdmission.perCore(-1, Duration.ZERO)).hasMessageContaining("perCore");
        assertThatThrownBy(() -> new SearchAdmission(1, Duration.ofMillis(-1))).hasMessageContaining("maxWait");
    }

    private static boolean await(CountDownLatch latch) {
        try {
            return latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
