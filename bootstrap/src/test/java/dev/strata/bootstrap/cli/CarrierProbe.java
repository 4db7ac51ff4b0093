package dev.strata.bootstrap.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Run in a child JVM by {@link CarrierThreadsTest}: applies the carrier setting as {@code Main} does, then starts
 * {@code args[0]} virtual threads that each spin without ever blocking. A spinning virtual thread never leaves its
 * carrier, so exactly as many of them start as there are carriers; prints how many started within two seconds.
 */
public final class CarrierProbe {

    private static volatile boolean stop;

    private CarrierProbe() {
    }

    public static void main(String[] args) throws InterruptedException {
        CarrierThreads.apply();
        int spinners = Integer.parseInt(args[0]);
        CountDownLatch started = new CountDownLatch(spinners);
        for (int i = 0; i < spinners; i++) {
            Thread.ofVirtual().start(() -> {
                started.countDown();
                while (!stop) {
                    Thread.onSpinWait();
                }
            });
        }
        started.await(2, TimeUnit.SECONDS);
        System.out.println("started " + (spinners - started.getCount()));
        stop = true;
        System.exit(0);
    }
}
