package dev.strata.domain.instance;

/**
 * Driven port: who this database is, for an export a later import can trust (spec 01, "Markdown
 * round-trip"). The instance's HMAC key is made on first use and kept in the database's instance
 * metadata; it never leaves the adapter: callers get signatures and the key's fingerprint, never the key.
 */
public interface InstanceIdentity {

    /** The key's fingerprint: the first 16 hex characters of its SHA-256 (spec 01's {@code instance_id}). */
    String instanceId();

    /** HMAC-SHA256 of {@code data} under the instance key, as 64 lower-case hex characters. */
    String sign(byte[] data);

    /** The schema version the database is at (the highest applied migration). */
    int schemaVersion();
}
