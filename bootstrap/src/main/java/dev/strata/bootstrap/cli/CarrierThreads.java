package dev.strata.bootstrap.cli;

import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * How many carrier threads run the JVM's virtual threads, set before the first virtual thread exists.
 *
 * <p>The web server runs every request on a virtual thread, and almost all of a request's work is native:
 * SQLite through JDBC and the local embedding model through ONNX Runtime. A virtual thread inside a native
 * call cannot leave its carrier, and the JDK does not add a carrier for it, so with the JDK's default of one
 * carrier per core two requests embedding a query hold both carriers of a 2-core machine: every other request,
 * however short, waits until one of them returns, while the operating system has nothing else of ours to run.
 * More carriers than cores let the operating system's time slicing share the cores among more requests at once.
 * Measured with {@code strata bench load} (32 clients, embeddings on, quiet 2-core machine, two runs each): 2
 * carriers (the JDK default here) 323-336 requests/s at search p99 455-487 ms, 4 carriers 392-394 at 341-353 ms,
 * 8 carriers 348-406 at 291-306 ms; 16 and 32 measured no better than 8. Hence four per core. The price: the
 * background embedding, a platform thread, gets a smaller share of the cores while requests saturate them.
 *
 * <p>It cannot be a setting of {@code application.yaml}: the JDK reads it once, when the first virtual
 * thread is created, and reading the configuration may already create one. It is read from the
 * {@value #PROPERTY} system property or the {@value #ENV} variable; a JVM started with the JDK's own
 * {@value #JDK_PROPERTY} keeps that.
 */
public final class CarrierThreads {

    /** The JDK's own property, read once when the virtual-thread scheduler starts. */
    static final String JDK_PROPERTY = "jdk.virtualThreadScheduler.parallelism";
    static final String PROPERTY = "strata.server.carrier-threads";
    static final String ENV = "STRATA_CARRIER_THREADS";
    static final int PER_CORE = 4;
    /** The JDK's default ceiling on carriers ({@code jdk.virtualThreadScheduler.maxPoolSize}). */
    static final int MAX = 256;

    /** The carriers chosen and where the number came from, for the start-up log. */
    public record Choice(int carriers, String source) {
    }

    private static volatile Choice applied;

    private CarrierThreads() {
    }

    /** What {@link #apply()} chose in this JVM; empty when it was not called (the JVM runs the JDK's default). */
    public static Optional<Choice> applied() {
        return Optional.ofNullable(applied);
    }

    /**
     * Sets {@value #JDK_PROPERTY} for this JVM unless it was given; call before anything creates a virtual
     * thread (first thing in {@code main}).
     *
     * @throws IllegalArgumentException when the Strata setting is not a whole number in 1..{@value #MAX}
     */
    public static Choice apply() {
        Choice choice = choose(System.getenv(), System.getProperties(), Runtime.getRuntime().availableProcessors());
        if (System.getProperty(JDK_PROPERTY) == null) {
            System.setProperty(JDK_PROPERTY, Integer.toString(choice.carriers()));
        }
        applied = choice;
        return choice;
    }

    static Choice choose(Map<String, String> env, Properties properties, int cores) {
        String given = properties.getProperty(JDK_PROPERTY);
        if (given != null) {
            // The JDK validates its own property and it is left as given; this is only what the log reports.
            return new Choice(parseOr(given, Math.max(1, cores)), "-D" + JDK_PROPERTY);
        }
        Optional<Map.Entry<String, String>> setting = Optional.ofNullable(properties.getProperty(PROPERTY))
                .map(v -> Map.entry(PROPERTY, v))
                .or(() -> Optional.ofNullable(env.get(ENV)).map(v -> Map.entry(ENV, v)));
        if (setting.isPresent()) {
            String name = setting.get().getKey();
            String value = setting.get().getValue().strip();
            int carriers = parseOr(value, -1);
            if (carriers < 1 || carriers > MAX) {
                throw new IllegalArgumentException(name + " must be a whole number in 1.." + MAX + ", was '" + value + "'");
            }
            return new Choice(carriers, name);
        }
        return new Choice(Math.min(MAX, PER_CORE * Math.max(1, cores)), PER_CORE + " per core, " + cores + " cores");
    }

    private static int parseOr(String value, int fallback) {
        if (value.isEmpty() || !value.chars().allMatch(ch -> ch >= '0' && ch <= '9') || value.length() > 4) {
            return fallback;
        }
        return Integer.parseInt(value);
    }
}
