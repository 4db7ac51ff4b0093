package dev.strata.application.retrieval;

import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.memory.Tenant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(60)
class SearchAdmissionTest {

    private static final Tenant ALICE = Tenant.of("alice");
    private static final Tenant BOB = Tenant.of("bob");

    @Test
    void neverRunsMoreSearchesAtOnceThanItsTurnsAndRunsThemAll() throws Exception {
        SearchAdmission admission = new SearchAdmission(3, Duration.ofSeconds(30));
        AtOnce atOnce = new AtOnce();
        List<Thread> threads = new ArrayList<>();
        AtomicInteger done = new AtomicInteger();
        for (int i = 0; i < 24; i++) {
            Tenant tenant = i % 3 == 0 ? BOB : ALICE;
            threads.add(Thread.ofVirtual().start(() -> admission.admit(tenant, () -> atOnce.during(() -> {
                sleep(5);
                return done.incrementAndGet();
            }))));
        }
        for (Thread t : threads) {
            t.join();
        }
        assertThat(done).hasValue(24);
        // Fails without the bound: 24 threads sleeping together reach far more than 3.
        assertThat(atOnce.most()).isEqualTo(3);
        SearchAdmission.Stats stats = admission.stats();
        assertThat(stats.admitted()).isEqualTo(24);
        assertThat(stats.waited()).isPositive();
        assertThat(stats.turnedAway()).isZero();
    }

    @Test
    void oneTenantsSearchesRunInTheOrderTheyCameAndASearchArrivingLaterGoesBehindThem() throws Exception {
        SearchAdmission admission = new SearchAdmission(1, Duration.ofSeconds(30));
        Held held = Held.by(admission, ALICE);
        List<String> order = Collections.synchronizedList(new ArrayList<>());
        List<Thread> waiters = queueNamed(admission, ALICE, 3, order);
        // The holder gives its turn back and at once asks again: the turn went to a waiter, so it queues too.
        held.releaseAndAskAgain(() -> order.add("alice again"));
        for (Thread t : waiters) {
            t.join();
        }
        held.join();
        assertThat(order).containsExactly("alice 0", "alice 1", "alice 2", "alice again");
    }

    @Test
    void aTenantThatFloodsTheTurnsDoesNotMakeAnotherWaitBehindItsQueue() throws Exception {
        SearchAdmission admission = new SearchAdmission(1, Duration.ofSeconds(30));
        Held held = Held.by(admission, ALICE);
        List<String> order = Collections.synchronizedList(new ArrayList<>());
        List<Thread> waiters = queueNamed(admission, ALICE, 5, order);
        waiters.add(queue(admission, BOB, () -> order.add("bob")));
        held.release();
        for (Thread t : waiters) {
            t.join();
        }
        // First come first served would run bob last; alice had the last turn, so the next one is bob's.
        assertThat(order).containsExactly("bob", "alice 0", "alice 1", "alice 2", "alice 3", "alice 4");
    }

    @Test
    void aFreedTurnGoesToTheTenantWithTheFewestSearchesRunning() throws Exception {
        SearchAdmission admission = new SearchAdmission(2, Duration.ofSeconds(30));
        Held alice = Held.by(admission, ALICE);
        Held alice2 = Held.by(admission, ALICE);
        List<String> order = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch bobMayFinish = new CountDownLatch(1);
        Thread aliceWaits = queue(admission, ALICE, () -> order.add("alice"));
        Thread bobWaits = queue(admission, BOB, () -> {
            order.add("bob");
            await(bobMayFinish);
        });
        alice.release();
        while (order.isEmpty()) {
            Thread.onSpinWait();
        }
        // alice still ran one search and bob none, so bob got the freed turn although alice asked first; with
        // alice's second search and bob's running, alice's waiting one has no turn yet.
        assertThat(order).containsExactly("bob");
        bobMayFinish.countDown();
        bobWaits.join();
        aliceWaits.join();
        assertThat(order).containsExactly("bob", "alice");
        alice2.release();
        alice.join();
        alice2.join();
    }

    @Test
    void aSearchThatWaitsLongerThanMaxWaitIsUnavailableAndTheTurnsStayWhole() throws Exception {
        SearchAdmission admission = new SearchAdmission(1, Duration.ofMillis(50));
        Held held = Held.by(admission, ALICE);
        AtomicInteger ran = new AtomicInteger();
        assertThatThrownBy(() -> admission.admit(BOB, ran::incrementAndGet)).isInstanceOf(UnavailableException.class)
                .hasMessageContaining("1 searches are running").hasMessageContaining("50 ms")
                // a tenth of the wait, at least a second: what the HTTP answer's Retry-After says
                .satisfies(e -> assertThat(((UnavailableException) e).retryAfter()).hasValue(Duration.ofSeconds(1)));
        assertThat(ran).hasValue(0);
        assertThat(admission.stats().turnedAway()).isEqualTo(1);
        assertThat(admission.stats().longestWaitMicros()).isGreaterThanOrEqualTo(50_000);
        held.release();
        held.join();
        // The refused search took no turn with it and left no place in a queue: the next one runs at once.
        long waitedBefore = admission.stats().waited();
        assertThat(admission.admit(BOB, ran::incrementAndGet)).isEqualTo(1);
        assertThat(admission.stats().waited()).isEqualTo(waitedBefore);
    }

    @Test
    void anInterruptedWaitLeavesTheQueueAndTheTurnsStayWhole() throws Exception {
        SearchAdmission admission = new SearchAdmission(1, Duration.ofSeconds(30));
        Held held = Held.by(admission, ALICE);
        List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
        Thread waiter = Thread.ofVirtual().start(() -> {
            try {
                admission.admit(BOB, () -> 0);
            } catch (UnavailableException e) {
                failures.add(e);
            }
        });
        awaitWaiting(admission, 1);
        waiter.interrupt();
        waiter.join();
        assertThat(failures).singleElement().satisfies(e -> assertThat(e).hasMessageContaining("interrupted"));
        held.release();
        held.join();
        long waitedBefore = admission.stats().waited();
        assertThat(admission.admit(BOB, () -> "next")).isEqualTo("next");
        assertThat(admission.stats().waited()).as("no turn was handed to the interrupted search").isEqualTo(waitedBefore);
    }

    @Test
    void underManyTenantsTimeoutsAndFailuresNoTurnIsLostOrDoubled() throws Exception {
        SearchAdmission admission = new SearchAdmission(3, Duration.ofMillis(20));
        AtOnce atOnce = new AtOnce();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            SplittableRandom random = new SplittableRandom(i);
            Tenant tenant = Tenant.of("t" + random.nextInt(7));
            int sleep = random.nextInt(4);
            boolean fails = random.nextInt(10) == 0;
            threads.add(Thread.ofVirtual().start(() -> {
                try {
                    admission.admit(tenant, () -> atOnce.during(() -> {
                        sleep(sleep);
                        if (fails) {
                            throw new IllegalStateException("the search failed");
                        }
                        return 0;
                    }));
                } catch (UnavailableException | IllegalStateException expected) {
                    // turned away after 20 ms, or the search itself failed: both give the turn back
                }
            }));
        }
        for (Thread t : threads) {
            t.join();
        }
        assertThat(atOnce.most()).isLessThanOrEqualTo(3);
        // Every turn is free again: three searches held at once all start without waiting.
        long waitedBefore = admission.stats().waited();
        Held a = Held.by(admission, Tenant.of("t0"));
        Held b = Held.by(admission, Tenant.of("t1"));
        Held c = Held.by(admission, Tenant.of("t2"));
        assertThat(admission.stats().waited()).isEqualTo(waitedBefore);
        a.release();
        b.release();
        c.release();
        a.join();
        b.join();
        c.join();
    }

    @Test
    void theRetryHintIsATenthOfTheWaitGivenUpOnAndAtLeastASecond() {
        assertThat(SearchAdmission.retryHint(Duration.ofSeconds(30))).isEqualTo(Duration.ofSeconds(3));
        assertThat(SearchAdmission.retryHint(Duration.ofMinutes(10))).isEqualTo(Duration.ofMinutes(1));
        assertThat(SearchAdmission.retryHint(Duration.ofMillis(300))).isEqualTo(Duration.ofSeconds(1));
        assertThat(SearchAdmission.retryHint(Duration.ZERO)).isEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void aSearchThatFailsGivesItsTurnBack() {
        SearchAdmission admission = new SearchAdmission(1, Duration.ZERO);
        assertThatThrownBy(() -> admission.admit(ALICE, () -> {
            throw new IllegalStateException("the index is gone");
        })).isInstanceOf(IllegalStateException.class);
        assertThat(admission.admit(ALICE, () -> "next")).isEqualTo("next");
    }

    @Test
    void unboundedRunsEverySearchAtOnce() throws Exception {
        SearchAdmission admission = SearchAdmission.UNBOUNDED;
        int n = 16;
        CountDownLatch all = new CountDownLatch(n);
        List<Thread> threads = new ArrayList<>();
        AtomicInteger met = new AtomicInteger();
        for (int i = 0; i < n; i++) {
            threads.add(Thread.ofVirtual().start(() -> admission.admit(ALICE, () -> {
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

    /** Counts the searches running at once, and the most there ever were. */
    private static final class AtOnce {
        private final AtomicInteger running = new AtomicInteger();
        private final AtomicInteger most = new AtomicInteger();

        <T> T during(java.util.function.Supplier<T> search) {
            most.accumulateAndGet(running.incrementAndGet(), Math::max);
            try {
                return search.get();
            } finally {
                running.decrementAndGet();
            }
        }

        int most() {
            return most.get();
        }
    }

    /** A search holding its turn until released; it can ask again at once after giving the turn back. */
    private static final class Held {
        private final CountDownLatch release = new CountDownLatch(1);
        private volatile Runnable again;
        private Thread thread;

        static Held by(SearchAdmission admission, Tenant tenant) throws InterruptedException {
            Held held = new Held();
            CountDownLatch holding = new CountDownLatch(1);
            held.thread = Thread.ofVirtual().start(() -> {
                admission.admit(tenant, () -> {
                    holding.countDown();
                    return await(held.release);
                });
                Runnable next = held.again;
                if (next != null) {
                    admission.admit(tenant, () -> {
                        next.run();
                        return 0;
                    });
                }
            });
            assertThat(holding.await(10, TimeUnit.SECONDS)).isTrue();
            return held;
        }

        void release() {
            release.countDown();
        }

        void releaseAndAskAgain(Runnable then) {
            again = then;
            release.countDown();
        }

        void join() throws InterruptedException {
            thread.join();
        }
    }

    /** Queues {@code n} searches of {@code tenant}, one after the other; each adds "name i" to {@code order}. */
    private static List<Thread> queueNamed(SearchAdmission admission, Tenant tenant, int n, List<String> order) {
        List<Thread> waiters = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String name = tenant.value() + " " + i;
            waiters.add(queue(admission, tenant, () -> order.add(name)));
        }
        return waiters;
    }

    /** Starts a search of {@code tenant} and returns once it waits in the queue. */
    private static Thread queue(SearchAdmission admission, Tenant tenant, Runnable search) {
        long before = admission.stats().waited();
        Thread t = Thread.ofVirtual().start(() -> admission.admit(tenant, () -> {
            search.run();
            return 0;
        }));
        awaitWaiting(admission, before + 1);
        return t;
    }

    /** Waits until {@code count} searches have begun waiting (the count is taken under the queue's lock). */
    private static void awaitWaiting(SearchAdmission admission, long count) {
        while (admission.stats().waited() < count) {
            Thread.onSpinWait();
        }
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
