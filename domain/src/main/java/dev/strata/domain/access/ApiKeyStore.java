package dev.strata.domain.access;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Driven port: the API keys. Keys are not tenant data (one admin lists all of them), so methods
 * take no tenant; each key records the tenant it acts in.
 */
public interface ApiKeyStore {

    /** Stores a new key; its id must not exist yet. */
    void insert(ApiKey key);

    Optional<ApiKey> find(String id);

    /** Every key, revoked ones included, oldest first. */
    List<ApiKey> all();

    /** Marks the key revoked at {@code at}; false when the id is unknown or the key was already revoked. */
    boolean revoke(String id, Instant at);

    /** Whether at least one key is not revoked: the server refuses to require auth without one. */
    boolean anyActive();
}
