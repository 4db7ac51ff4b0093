package dev.strata.adapters.sqlite;

import dev.strata.domain.instance.InstanceIdentity;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

/**
 * {@link InstanceIdentity} on {@code instance_meta} (migration 21). The HMAC key is 32 random bytes,
 * written once ({@code ON CONFLICT DO NOTHING}, so two processes racing to create it agree on the one
 * stored) and read back; it stays inside this class.
 */
public final class SqliteInstanceIdentity implements InstanceIdentity {

    static final String HMAC_KEY = "hmac_key";
    private static final String ALGORITHM = "HmacSHA256";

    private final SqliteDatabase database;
    private final Transactions transactions;
    private volatile byte[] key;

    public SqliteInstanceIdentity(SqliteDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
        this.transactions = new Transactions(database);
    }

    @Override
    public String instanceId() {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(key())).substring(0, 16);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }

    @Override
    public String sign(byte[] data) {
        Objects.requireNonNull(data, "data");
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(key(), ALGORITHM));
            return HexFormat.of().formatHex(mac.doFinal(data));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 is not available", e);
        }
    }

    @Override
    public int schemaVersion() {
        return (int) database.dbClient().execute().get("SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations")
                .map(r -> Columns.longValue(r, "v")).orElse(0L).longValue();
    }

    private byte[] key() {
        byte[] k = key;
        if (k == null) {
            byte[] fresh = new byte[32];
            new SecureRandom().nextBytes(fresh);
            String stored = transactions.write("create the instance key", c -> {
                Jdbc.update(c, "INSERT INTO instance_meta(key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
                        HMAC_KEY, HexFormat.of().formatHex(fresh));
                return Jdbc.first(c, "SELECT value FROM instance_meta WHERE key = ?", List.of(HMAC_KEY),
                        row -> row.getString(1)).orElseThrow();
            });
            k = HexFormat.of().parseHex(stored);
            key = k;
        }
        return k.clone();
    }
}
