package dev.strata.adapters.sqlite;

import java.util.List;

/** Every schema migration, oldest first. Never edit a released migration: add a new one. */
final class Schema {

    private Schema() {
    }

    static final Migration V1_GENERAL_MEMORY = new Migration(1, "general memory layer", List.of(
            """
            CREATE TABLE memories (
              id          INTEGER PRIMARY KEY AUTOINCREMENT,
              tenant      TEXT NOT NULL DEFAULT 'default',
              category    TEXT NOT NULL,
              content     TEXT NOT NULL,
              metadata    TEXT,
              source      TEXT,
              deleted_at  TEXT,
              created_at  TEXT NOT NULL,
              updated_at  TEXT NOT NULL
            )""",
            "CREATE INDEX idx_memories_recent ON memories(tenant, updated_at DESC, id DESC) WHERE deleted_at IS NULL",
            "CREATE INDEX idx_memories_category ON memories(tenant, category, updated_at DESC, id DESC) "
                    + "WHERE deleted_at IS NULL",
            "CREATE INDEX idx_memories_deleted ON memories(deleted_at) WHERE deleted_at IS NOT NULL",
            """
            CREATE VIRTUAL TABLE memories_fts USING fts5(
              content,
              category,
              content='memories',
              content_rowid='id',
              tokenize='porter unicode61 remove_diacritics 2'
            )""",
            """
            CREATE TRIGGER memories_ai AFTER INSERT ON memories BEGIN
              INSERT INTO memories_fts(rowid, content, category) VALUES (new.id, new.content, new.category);
            END""",
            """
            CREATE TRIGGER memories_ad AFTER DELETE ON memories BEGIN
              INSERT INTO memories_fts(memories_fts, rowid, content, category)
                VALUES ('delete', old.id, old.content, old.category);
            END""",
            // Only text changes touch the index: soft delete and restore flip deleted_at for free.
            """
            CREATE TRIGGER memories_au AFTER UPDATE OF content, category ON memories BEGIN
              INSERT INTO memories_fts(memories_fts, rowid, content, category)
                VALUES ('delete', old.id, old.content, old.category);
              INSERT INTO memories_fts(rowid, content, category) VALUES (new.id, new.content, new.category);
            END""",
            """
            CREATE TABLE user_profile (
              tenant      TEXT NOT NULL DEFAULT 'default',
              key         TEXT NOT NULL,
              value       TEXT NOT NULL,
              updated_at  TEXT NOT NULL,
              PRIMARY KEY (tenant, key)
            ) WITHOUT ROWID""",
            """
            CREATE TABLE audit_log (
              id          INTEGER PRIMARY KEY AUTOINCREMENT,
              tenant      TEXT NOT NULL DEFAULT 'default',
              action      TEXT NOT NULL,
              subject     TEXT NOT NULL,
              detail      TEXT NOT NULL,
              created_at  TEXT NOT NULL
            )""",
            "CREATE INDEX idx_audit_log_tenant ON audit_log(tenant, id DESC)"));

    /**
     * spec 01: {@code source} used to live in {@code metadata.source}. Rows written before it was a
     * column (or imported from such a file) get it back-filled when the value is one of the six
     * known sources; anything else becomes {@code user_manual}, the most protected provenance, so
     * no later pass can retire a row whose origin is unknown.
     */
    static final Migration V2_SOURCE_BACKFILL = new Migration(2, "back-fill memories.source", List.of(
            """
            UPDATE memories SET source = json_extract(metadata, '$.source')
             WHERE source IS NULL AND metadata IS NOT NULL AND json_valid(metadata)
               AND json_extract(metadata, '$.source') IN ('user_manual', 'user_explicit', 'learned_preference',
                                                          'inferred', 'chat_extracted', 'agent_recorded')""",
            "UPDATE memories SET source = 'user_manual' WHERE source IS NULL"));

    /**
     * API keys (only the SHA-256 of each token, never the token) and the per-tenant vault of spec 02.
     * {@code api_keys.revoked_at} stays NULL while a key works; revocation is a timestamp, not a
     * delete, so {@code keys list} can still show who had access.
     */
    static final Migration V4_ACCESS_AND_VAULT = new Migration(4, "api keys and vault", List.of(
            """
            CREATE TABLE api_keys (
              id          TEXT PRIMARY KEY,
              tenant      TEXT NOT NULL,
              admin       INTEGER NOT NULL CHECK (admin IN (0, 1)),
              hash        TEXT NOT NULL,
              created_at  TEXT NOT NULL,
              revoked_at  TEXT
            ) WITHOUT ROWID""",
            """
            CREATE TABLE vault (
              tenant      TEXT NOT NULL,
              key         TEXT NOT NULL,
              value       TEXT NOT NULL,
              is_secret   INTEGER NOT NULL CHECK (is_secret IN (0, 1)),
              updated_at  TEXT NOT NULL,
              PRIMARY KEY (tenant, key)
            ) WITHOUT ROWID""",
            "CREATE INDEX idx_vault_secrets ON vault(is_secret) WHERE is_secret = 1"));

    static final List<Migration> MIGRATIONS = List.of(V1_GENERAL_MEMORY, V2_SOURCE_BACKFILL, V4_ACCESS_AND_VAULT);
}
