package dev.strata.bootstrap.area;

import dev.strata.domain.error.InvalidInputException;

import java.time.DateTimeException;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * One configuration key and the environment variable that overrides it, declared side by side in
 * the area's settings record. The variable is named explicitly rather than derived, so the README's
 * table is the whole contract and a typo in a variable cannot silently map somewhere else.
 *
 * @param name the key in {@code application.yaml}, e.g. {@code strata.server.port}
 * @param env  the environment variable, e.g. {@code STRATA_PORT}
 */
public record ConfigKey(String name, String env) {

    public ConfigKey {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(env, "env");
        if (!name.startsWith("strata.")) {
            throw new IllegalArgumentException("configuration keys start with strata.: " + name);
        }
        if (!env.matches("[A-Z][A-Z0-9_]*")) {
            throw new IllegalArgumentException("not an environment variable name: " + env);
        }
    }

    /**
     * The one shape of a configuration error: {@code configuration <key> (<ENV>) must be <expectation>, got '<value>'}.
     *
     * @param expectation what a valid value is, phrased to follow "must be"
     */
    public IllegalArgumentException invalid(String expectation, Object got) {
        return new IllegalArgumentException("configuration " + this + " must be " + expectation + ", got '" + got + "'");
    }

    /**
     * Builds a value whose own invariants check what was read (a record of another layer), naming this
     * key in front of the record's message when they fail.
     */
    public <T> T checking(Supplier<T> build) {
        return checking(toString(), build);
    }

    /** As {@link #checking(Supplier)}, for a value built from several keys, named by {@code keys}. */
    public static <T> T checking(String keys, Supplier<T> build) {
        try {
            return build.get();
        } catch (IllegalArgumentException | InvalidInputException | DateTimeException e) {
            throw new IllegalArgumentException("configuration " + keys + ": " + e.getMessage(), e);
        }
    }

    /** {@code strata.server.port (STRATA_PORT)}, as every message names a key. */
    @Override
    public String toString() {
        return name + " (" + env + ")";
    }
}
