package dev.strata.adapters.sqlite;

import dev.strata.domain.error.ConflictException;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.prompt.PromptBlock;
import dev.strata.domain.session.Session;
import dev.strata.domain.session.SessionId;
import dev.strata.domain.session.SessionStore;
import dev.strata.domain.workspace.IdentityMetadata;
import dev.strata.domain.workspace.WorkspaceNotice;
import io.helidon.dbclient.DbClient;
import io.helidon.dbclient.DbRow;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.spi.JsonProvider;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

import java.io.StringReader;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@link SessionStore} on the {@code sessions} table. Blocks, identity and notices are JSON columns:
 * a session is written once and read whole, never queried by its parts, and JSON keeps each text
 * exactly as it was (JSON strings round-trip every character).
 */
public final class SqliteSessionStore implements SessionStore {

    /** Looked up once: each {@code Json.create*} call would run the service loader again. */
    private static final JsonProvider JSON = JsonProvider.provider();
    private static final String COLUMNS = "id, tenant, created_at, expires_at, bootstrap, identity, blocks, notices";

    private final SqliteDatabase database;
    private final DbClient db;
    private final Transactions transactions;
    private final int purgeSliceRows;

    public SqliteSessionStore(SqliteDatabase database) {
        this(database, SlicedPurge.DEFAULT_ROWS);
    }

    /** @param purgeSliceRows the most sessions one background slice of the purge removes (tests shrink it) */
    SqliteSessionStore(SqliteDatabase database, int purgeSliceRows) {
        this.database = database;
        this.db = database.dbClient();
        this.transactions = new Transactions(database);
        this.purgeSliceRows = purgeSliceRows;
    }

    /** The session and the memories its prompt holds, in one transaction: revocation never misses a session. */
    @Override
    public void save(Session s, Set<MemoryId> holding) {
        transactions.write("store the session", c -> {
            try {
                Jdbc.update(c, "INSERT INTO sessions(" + COLUMNS + ", prompt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        s.id().value(), s.tenant().value(), Timestamps.format(s.createdAt()),
                        Timestamps.format(s.expiresAt()), s.bootstrap() ? 1 : 0, identityJson(s.identity()),
                        blocksJson(s.blocks()), noticesJson(s.notices()), s.prompt());
            } catch (SQLiteException e) {
                if (isPrimaryKeyViolation(e)) {
                    throw new ConflictException("session " + s.id() + " already exists");
                }
                throw e;
            }
            for (MemoryId memory : holding) {
                Jdbc.update(c, "INSERT OR IGNORE INTO session_memories(tenant, memory_id, session_id) VALUES (?, ?, ?)",
                        s.tenant().value(), memory.value(), s.id().value());
            }
            return null;
        });
    }

    @Override
    public boolean revoke(Tenant tenant, SessionId id) {
        return transactions.write("revoke the session", c -> Jdbc.update(c,
                "DELETE FROM sessions WHERE id = ? AND tenant = ?", id.value(), tenant.value()) == 1);
    }

    @Override
    public int revokeHolding(Tenant tenant, MemoryId memory) {
        return transactions.write("revoke the sessions holding the memory", c -> Jdbc.update(c,
                "DELETE FROM sessions WHERE tenant = ? AND id IN (SELECT session_id FROM session_memories "
                        + "WHERE tenant = ? AND memory_id = ?)", tenant.value(), tenant.value(), memory.value()));
    }

    @Override
    public Optional<Session> find(Tenant tenant, SessionId id, Instant now) {
        return db.execute().get("SELECT " + COLUMNS + " FROM sessions WHERE id = ? AND tenant = ? AND expires_at > ?",
                id.value(), tenant.value(), Timestamps.format(now)).map(SqliteSessionStore::toSession);
    }

    /**
     * Background work, in slices that give way to request writers ({@link SlicedPurge}): a session carries its
     * whole rendered prompt and its {@code session_memories} rows (deleted by trigger), so one delete of a day's
     * expired sessions held the write lock far longer than a request should wait.
     */
    @Override
    public int purgeExpired(Instant now) {
        String at = Timestamps.format(now);
        return SlicedPurge.count(database, "purge expired sessions", purgeSliceRows, (c, limit) -> Jdbc.update(c,
                "DELETE FROM sessions WHERE id IN (SELECT id FROM sessions WHERE expires_at <= ? LIMIT ?)", at, limit));
    }

    private static Session toSession(DbRow r) {
        return new Session(new SessionId(Columns.string(r, "id")), Tenant.of(Columns.string(r, "tenant")),
                Timestamps.parse(Columns.string(r, "created_at")), Timestamps.parse(Columns.string(r, "expires_at")),
                blocks(parse(Columns.string(r, "blocks")).asJsonArray()),
                identity(parse(Columns.string(r, "identity")).asJsonObject()),
                Columns.longValue(r, "bootstrap") != 0,
                notices(parse(Columns.string(r, "notices")).asJsonArray()));
    }

    private static String blocksJson(List<PromptBlock> blocks) {
        JsonArrayBuilder array = JSON.createArrayBuilder();
        for (PromptBlock b : blocks) {
            array.add(JSON.createObjectBuilder().add("name", b.name()).add("text", b.text()).add("cache", b.cache()));
        }
        return array.build().toString();
    }

    private static List<PromptBlock> blocks(JsonArray array) {
        return array.getValuesAs(JsonObject.class).stream()
                .map(o -> new PromptBlock(o.getString("name"), o.getString("text"), o.getBoolean("cache")))
                .toList();
    }

    private static String identityJson(IdentityMetadata identity) {
        JsonObjectBuilder object = JSON.createObjectBuilder();
        identity.name().ifPresent(v -> object.add("name", v));
        identity.vibe().ifPresent(v -> object.add("vibe", v));
        identity.emoji().ifPresent(v -> object.add("emoji", v));
        return object.build().toString();
    }

    private static IdentityMetadata identity(JsonObject object) {
        return new IdentityMetadata(optional(object, "name"), optional(object, "vibe"), optional(object, "emoji"));
    }

    private static String noticesJson(List<WorkspaceNotice> notices) {
        JsonArrayBuilder array = JSON.createArrayBuilder();
        for (WorkspaceNotice n : notices) {
            array.add(JSON.createObjectBuilder().add("type", n.type().name()).add("path", n.path())
                    .add("message", n.message()));
        }
        return array.build().toString();
    }

    private static List<WorkspaceNotice> notices(JsonArray array) {
        return array.getValuesAs(JsonObject.class).stream()
                .map(o -> new WorkspaceNotice(WorkspaceNotice.Type.valueOf(o.getString("type")), o.getString("path"),
                        o.getString("message")))
                .toList();
    }

    private static Optional<String> optional(JsonObject object, String key) {
        return Optional.ofNullable(object.get(key)).map(v -> ((JsonString) v).getString());
    }

    private static jakarta.json.JsonValue parse(String json) {
        try (JsonReader reader = JSON.createReader(new StringReader(json))) {
            return reader.readValue();
        }
    }

    private static boolean isPrimaryKeyViolation(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLiteException sqlite
                    && sqlite.getResultCode() == SQLiteErrorCode.SQLITE_CONSTRAINT_PRIMARYKEY) {
                return true;
            }
        }
        return false;
    }
}
