package dev.strata.adapters.sqlite;

import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Category;
import dev.strata.domain.memory.Memory;
import dev.strata.domain.memory.MemoryId;
import dev.strata.domain.memory.MemoryKey;
import dev.strata.domain.memory.Metadata;
import dev.strata.domain.memory.NewMemory;
import dev.strata.domain.memory.Source;
import dev.strata.domain.memory.Supersession;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.safety.InjectionFlags;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** The {@code memories} row and a {@link Memory}, both ways: the columns read, the values written. */
final class MemoryRows {

    /** The columns {@link #read} maps, for {@code SELECT ... FROM memories m}; nullable ones coalesced to ''. */
    static final String COLUMNS = "m.id, m.tenant, m.category, m.content, COALESCE(m.metadata, '') AS metadata, "
            + "m.source, m.created_at, m.updated_at, COALESCE(m.deleted_at, '') AS deleted_at, "
            + "COALESCE(m.key, '') AS key, COALESCE(m.supersedes_id, 0) AS supersedes_id, "
            + "COALESCE(m.supersede_reason, '') AS supersede_reason, COALESCE(m.superseded_at, '') AS superseded_at, "
            + "m.updated_by, COALESCE(m.occurred_at, m.created_at) AS occurred_at";

    /** Neither deleted nor superseded. */
    static final String ACTIVE = "m.deleted_at IS NULL AND m.superseded_at IS NULL";

    /** Takes {@link #insertParams}. */
    static final String INSERT = "INSERT INTO memories(tenant, category, content, metadata, source, "
            + "created_at, updated_at, key, supersedes_id, supersede_reason, injection_flags, updated_by, occurred_at) "
            + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

    private MemoryRows() {
    }

    static List<Object> insertParams(NewMemory m, Optional<Supersession> supersedes, Instant at) {
        String ts = Timestamps.format(at);
        return java.util.Arrays.asList(m.tenant().value(), m.category().value(), m.content(),
                m.metadata().isEmpty() ? null : m.metadata().json(), m.source().wireName(), ts, ts,
                m.key().map(MemoryKey::value).orElse(null),
                supersedes.map(s -> s.previous().value()).orElse(null),
                supersedes.map(Supersession::reason).orElse(null), injectionFlags(m.content()), m.updatedBy().id(),
                Timestamps.format(occurredAt(m, at)));
    }

    /**
     * The stored prompt-injection mark: the tripped rule ids, comma-separated, or NULL for clean
     * content, so SQL consumers such as the embedding worker can skip flagged rows.
     */
    static String injectionFlags(String content) {
        List<String> flags = InjectionFlags.of(content);
        return flags.isEmpty() ? null : String.join(",", flags);
    }

    /** The memory a just-inserted row holds, without reading it back. */
    static Memory stored(long id, NewMemory m, Optional<Supersession> supersedes, Instant at) {
        return new Memory(MemoryId.of(id), m.tenant(), m.category(), m.content(), m.metadata(), m.source(), at, at,
                Optional.empty(), m.key(), supersedes, Optional.empty(), m.updatedBy(), occurredAt(m, at));
    }

    /** The stated event time at the store's precision, or the write time. */
    static Instant occurredAt(NewMemory m, Instant at) {
        return m.occurredAt().map(Timestamps::truncate).orElse(at);
    }

    /** A row selected with {@link #COLUMNS}. */
    static Memory read(ResultSet r) throws SQLException {
        long supersedesId = r.getLong("supersedes_id");
        Optional<Supersession> supersedes = supersedesId == 0 ? Optional.empty()
                : Optional.of(new Supersession(MemoryId.of(supersedesId),
                        optional(r, "supersede_reason").orElse(Supersession.MINOR_CORRECTION)));
        return new Memory(
                MemoryId.of(r.getLong("id")),
                Tenant.of(r.getString("tenant")),
                Category.resolve(r.getString("category")),
                r.getString("content"),
                optional(r, "metadata").map(Metadata::new).orElse(Metadata.EMPTY),
                Source.parse(r.getString("source")),
                Timestamps.parse(r.getString("created_at")),
                Timestamps.parse(r.getString("updated_at")),
                optional(r, "deleted_at").map(Timestamps::parse),
                optional(r, "key").map(MemoryKey::new),
                supersedes,
                optional(r, "superseded_at").map(Timestamps::parse),
                new Actor(r.getString("updated_by"), Optional.empty()),
                Timestamps.parse(r.getString("occurred_at")));
    }

    /** The columns are selected as {@code COALESCE(col, '')}: empty means absent, as in {@link Columns}. */
    private static Optional<String> optional(ResultSet r, String column) throws SQLException {
        return Optional.ofNullable(r.getString(column)).filter(s -> !s.isEmpty());
    }
}
