package dev.strata.adapters.sqlite;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

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
     * spec 02's keyed, typed memories on the same table: an optional key with at most one active
     * entry per (tenant, key), enforced by a partial unique index, and the supersede chain. The FTS
     * index is rebuilt to cover the key and the supersede reason too: a reason such as "we thought X
     * but actually Y" is searchable context.
     */
    static final Migration V3_KEYED_MEMORIES = new Migration(3, "keyed memories and the supersede chain", List.of(
            "ALTER TABLE memories ADD COLUMN key TEXT",
            "ALTER TABLE memories ADD COLUMN supersedes_id INTEGER REFERENCES memories(id) ON DELETE SET NULL",
            "ALTER TABLE memories ADD COLUMN supersede_reason TEXT",
            "ALTER TABLE memories ADD COLUMN superseded_at TEXT",
            "CREATE UNIQUE INDEX ux_memories_active_key ON memories(tenant, key) "
                    + "WHERE key IS NOT NULL AND deleted_at IS NULL AND superseded_at IS NULL",
            "CREATE INDEX idx_memories_key_history ON memories(tenant, key, id DESC) WHERE key IS NOT NULL",
            "DROP INDEX idx_memories_recent",
            "DROP INDEX idx_memories_category",
            "CREATE INDEX idx_memories_active_recent ON memories(tenant, updated_at DESC, id DESC) "
                    + "WHERE deleted_at IS NULL AND superseded_at IS NULL",
            "CREATE INDEX idx_memories_active_category ON memories(tenant, category, updated_at DESC, id DESC) "
                    + "WHERE deleted_at IS NULL AND superseded_at IS NULL",
            "DROP TRIGGER memories_ai",
            "DROP TRIGGER memories_ad",
            "DROP TRIGGER memories_au",
            "DROP TABLE memories_fts",
            """
            CREATE VIRTUAL TABLE memories_fts USING fts5(
              content,
              category,
              key,
              supersede_reason,
              content='memories',
              content_rowid='id',
              tokenize='porter unicode61 remove_diacritics 2'
            )""",
            """
            CREATE TRIGGER memories_ai AFTER INSERT ON memories BEGIN
              INSERT INTO memories_fts(rowid, content, category, key, supersede_reason)
                VALUES (new.id, new.content, new.category, new.key, new.supersede_reason);
            END""",
            """
            CREATE TRIGGER memories_ad AFTER DELETE ON memories BEGIN
              INSERT INTO memories_fts(memories_fts, rowid, content, category, key, supersede_reason)
                VALUES ('delete', old.id, old.content, old.category, old.key, old.supersede_reason);
            END""",
            """
            CREATE TRIGGER memories_au AFTER UPDATE OF content, category, key, supersede_reason ON memories BEGIN
              INSERT INTO memories_fts(memories_fts, rowid, content, category, key, supersede_reason)
                VALUES ('delete', old.id, old.content, old.category, old.key, old.supersede_reason);
              INSERT INTO memories_fts(rowid, content, category, key, supersede_reason)
                VALUES (new.id, new.content, new.category, new.key, new.supersede_reason);
            END""",
            "INSERT INTO memories_fts(memories_fts) VALUES ('rebuild')"));

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

    /**
     * The general fact layer (spec 01) in its own tables, its consolidation audit trail, and model
     * spend. Facts get their own FTS5 index so the LLM pass finds a new fact's most similar active
     * facts with the same tokenizer and BM25 ranking as memory search; the index follows content
     * only, and fact content never changes (consolidation only moves the status), so it costs one
     * index write per recorded fact. Two triggers turn "retired, never deleted" into schema:
     * deleting a fact and reviving a retired one both abort. Dollars are TEXT holding an exact
     * decimal that the ledger sums in Java: REAL would drift, and fixed-point integers would cut
     * sub-nano prices.
     */
    static final Migration V5_FACT_LAYER = new Migration(5, "general fact layer, consolidation events, model spend",
            List.of(
            """
            CREATE TABLE facts (
              id          INTEGER PRIMARY KEY AUTOINCREMENT,
              tenant      TEXT NOT NULL,
              content     TEXT NOT NULL,
              normalized  TEXT NOT NULL,
              status      TEXT NOT NULL CHECK (status IN ('pending', 'active', 'retired')),
              source      TEXT NOT NULL,
              created_at  TEXT NOT NULL,
              settled_at  TEXT,
              retired_by  INTEGER REFERENCES facts(id),
              reason      TEXT
            )""",
            "CREATE INDEX idx_facts_status ON facts(status, tenant, created_at, id)",
            "CREATE INDEX idx_facts_recent ON facts(tenant, id DESC)",
            "CREATE INDEX idx_facts_active_key ON facts(tenant, normalized, created_at, id) WHERE status = 'active'",
            """
            CREATE VIRTUAL TABLE facts_fts USING fts5(
              content,
              content='facts',
              content_rowid='id',
              tokenize='porter unicode61 remove_diacritics 2'
            )""",
            """
            CREATE TRIGGER facts_ai AFTER INSERT ON facts BEGIN
              INSERT INTO facts_fts(rowid, content) VALUES (new.id, new.content);
            END""",
            """
            CREATE TRIGGER facts_au AFTER UPDATE OF content ON facts BEGIN
              INSERT INTO facts_fts(facts_fts, rowid, content) VALUES ('delete', old.id, old.content);
              INSERT INTO facts_fts(rowid, content) VALUES (new.id, new.content);
            END""",
            """
            CREATE TRIGGER facts_never_deleted BEFORE DELETE ON facts BEGIN
              SELECT RAISE(ABORT, 'facts are retired, never deleted');
            END""",
            """
            CREATE TRIGGER facts_stay_retired BEFORE UPDATE OF status ON facts
              WHEN old.status = 'retired' AND new.status <> 'retired' BEGIN
              SELECT RAISE(ABORT, 'a retired fact stays retired');
            END""",
            """
            CREATE TABLE memory_consolidation_events (
              id           INTEGER PRIMARY KEY AUTOINCREMENT,
              tenant       TEXT NOT NULL,
              fact_id      INTEGER NOT NULL REFERENCES facts(id),
              target_kind  TEXT CHECK (target_kind IN ('fact', 'memory')),
              target_id    INTEGER,
              named        TEXT NOT NULL,
              decision     TEXT NOT NULL,
              outcome      TEXT NOT NULL CHECK (outcome IN ('applied', 'rejected')),
              reason       TEXT NOT NULL,
              model        TEXT NOT NULL,
              prompt_hash  TEXT NOT NULL,
              created_at   TEXT NOT NULL
            )""",
            "CREATE INDEX idx_consolidation_events_fact ON memory_consolidation_events(tenant, fact_id, id)",
            "CREATE INDEX idx_consolidation_events_target ON memory_consolidation_events(tenant, target_kind, target_id, id)",
            """
            CREATE TABLE model_spend (
              tenant         TEXT NOT NULL,
              day            TEXT NOT NULL,
              category       TEXT NOT NULL,
              input_tokens   INTEGER NOT NULL,
              output_tokens  INTEGER NOT NULL,
              usd            TEXT NOT NULL,
              calls          INTEGER NOT NULL,
              PRIMARY KEY (tenant, day, category)
            ) WITHOUT ROWID"""));

    /**
     * Frozen sessions (spec 01 "The frozen snapshot pattern"). The blocks are stored as written, as a
     * JSON array, so a session's prompt reads back byte for byte; {@code prompt} repeats their
     * rendering for the sqlite3 shell. Expiry is a column so the purge is one indexed delete.
     */
    static final Migration V6_SESSIONS = new Migration(6, "frozen sessions", List.of(
            """
            CREATE TABLE sessions (
              id          TEXT PRIMARY KEY,
              tenant      TEXT NOT NULL DEFAULT 'default',
              created_at  TEXT NOT NULL,
              expires_at  TEXT NOT NULL,
              bootstrap   INTEGER NOT NULL DEFAULT 0,
              identity    TEXT NOT NULL,
              blocks      TEXT NOT NULL,
              notices     TEXT NOT NULL,
              prompt      TEXT NOT NULL
            ) WITHOUT ROWID""",
            "CREATE INDEX idx_sessions_expiry ON sessions(expires_at)"));

    /**
     * Hybrid retrieval (spec 01): each memory's {@code embedding_state} (pending until the worker has
     * embedded it; a content change makes it pending again) and the embedding cache keyed by
     * (content hash, model). The vector table itself is created at start-up by the vector index,
     * since its dimension is the configured model's.
     */
    static final Migration V7_EMBEDDINGS = new Migration(7, "embedding state and embedding cache", List.of(
            "ALTER TABLE memories ADD COLUMN embedding_state TEXT NOT NULL DEFAULT 'pending'",
            "CREATE INDEX idx_memories_embedding_state ON memories(embedding_state, id) "
                    + "WHERE embedding_state IN ('pending', 'failed') AND deleted_at IS NULL",
            """
            CREATE TRIGGER memories_embedding_stale AFTER UPDATE OF content ON memories
              WHEN new.content IS NOT old.content BEGIN
              UPDATE memories SET embedding_state = 'pending' WHERE id = new.id;
            END""",
            """
            CREATE TABLE embedding_cache (
              content_hash TEXT NOT NULL,
              model        TEXT NOT NULL,
              vector       BLOB NOT NULL,
              PRIMARY KEY (content_hash, model)
            ) WITHOUT ROWID"""));

    /**
     * The prompt-injection mark on memories: rule ids, comma-separated, NULL when clean. Rows from
     * before this version are NULL until their content is next written; readers that must be exact
     * (the snapshot, the views, the embedding worker) ask {@code Memory.isFlagged()}, which scans the
     * content itself. The partial index serves "which memories are flagged" for operators.
     */
    static final Migration V9_INJECTION_FLAGS = new Migration(9, "prompt-injection flags on memories", List.of(
            "ALTER TABLE memories ADD COLUMN injection_flags TEXT",
            "CREATE INDEX idx_memories_flagged ON memories(tenant, id) WHERE injection_flags IS NOT NULL"));

    /**
     * A read-only view of the memory index's vocabulary (document frequency per term), so a query
     * can leave out terms that occur in most rows: BM25 gives them almost no weight, yet matching
     * them makes SQLite rank nearly the whole table.
     */
    static final Migration V10_SEARCH_VOCABULARY = new Migration(10, "search vocabulary", List.of(
            "CREATE VIRTUAL TABLE memories_fts_vocab USING fts5vocab(memories_fts, 'row')"));

    /**
     * spec 01's typed memory edges, plus the {@code tenant} every user-data table carries, so reads
     * filter on the edge table alone. The UNIQUE key is the spec's: the source row already fixes the
     * tenant, so adding it would only widen the index; that same index serves every lookup by source
     * (the purge trigger, a content change). The entity index serves neighborhoods and rankings.
     * {@code src_id} cannot be a foreign key (it names a row of either source table), so an AFTER
     * DELETE trigger purges a memory's edges with it; soft-deleted and superseded memories keep their
     * edges and are filtered out by joining {@code memories}. {@code role_memory}, the spec's second
     * source table, does not exist yet: its trigger comes with it. {@code created_at} has no default:
     * the writer stamps it from its clock, in the same format as every other timestamp. Rows that
     * exist already are back-filled in the migration's transaction. {@code id} is a plain rowid, not
     * the spec's AUTOINCREMENT: no edge id is ever shown or referenced, and AUTOINCREMENT would write
     * {@code sqlite_sequence} on every one of the several edge rows a memory write adds.
     */
    static final Migration V11_MEMORY_EDGES = new Migration(11, "typed memory edges", List.of(
            """
            CREATE TABLE memory_edges (
              id               INTEGER PRIMARY KEY,
              tenant           TEXT NOT NULL,
              src_table        TEXT NOT NULL CHECK (src_table IN ('memories', 'role_memory')),
              src_id           INTEGER NOT NULL,
              dst_entity_kind  TEXT NOT NULL,
              dst_entity_key   TEXT NOT NULL,
              edge_type        TEXT NOT NULL,
              weight           REAL NOT NULL DEFAULT 1.0 CHECK (weight > 0),
              created_at       TEXT NOT NULL,
              UNIQUE (src_table, src_id, dst_entity_kind, dst_entity_key, edge_type)
            )""",
            "CREATE INDEX idx_memory_edges_entity ON memory_edges(tenant, dst_entity_kind, dst_entity_key, src_id)",
            """
            CREATE TRIGGER memories_edges_ad AFTER DELETE ON memories BEGIN
              DELETE FROM memory_edges WHERE src_table = 'memories' AND src_id = old.id;
            END"""),
            Optional.of(EdgeBackfillMigration::run));

    /**
     * The finance learning loop (spec 01, spec 04's trading-cases boundary). Vocabularies are CHECKs,
     * so a row the domain would refuse cannot be written by hand either. {@code UNIQUE (tenant, id)}
     * on the parents lets children reference them by tenant AND id: a case can never be linked to
     * another tenant's trade or methodology, whatever the code above does. A case's attribution is
     * immutable and cases are never deleted (the corpus is an audit trail, spec 04). A learned
     * preference is born {@code proposed} and only moves proposed -> active | rejected and
     * active -> archived: the schema itself refuses any other path to {@code active}. Amounts are
     * exact decimals as TEXT (break-even must be exactly zero). {@code methodology_cases.methodology_ids}
     * repeats the attribution in order for readers; {@code methodology_case_links} is what integrity
     * and the per-methodology lookups use.
     */
    static final Migration V12_LEARNING_LOOP = new Migration(12, "finance learning loop", List.of(
            """
            CREATE TABLE methodologies (
              id              INTEGER PRIMARY KEY AUTOINCREMENT,
              tenant          TEXT NOT NULL,
              asset_class     TEXT NOT NULL CHECK (asset_class IN ('crypto_major', 'crypto_alt', 'crypto_meme',
                                'stablecoin', 'perps', 'stocks', 'forex', 'commodities', 'pre_ipo')),
              title           TEXT NOT NULL,
              body            TEXT NOT NULL,
              normalized_key  TEXT NOT NULL,
              successes       INTEGER NOT NULL DEFAULT 0,
              times_used      INTEGER NOT NULL DEFAULT 0,
              confidence      REAL NOT NULL CHECK (confidence >= 0 AND confidence <= 1),
              quarantine      INTEGER NOT NULL DEFAULT 1 CHECK (quarantine IN (0, 1)),
              provenance      TEXT NOT NULL CHECK (provenance IN ('seed', 'synthesized', 'imported', 'manual')),
              created_at      TEXT NOT NULL,
              updated_at      TEXT NOT NULL,
              CHECK (successes >= 0 AND successes <= times_used),
              UNIQUE (tenant, asset_class, normalized_key),
              UNIQUE (tenant, id)
            )""",
            "CREATE INDEX idx_methodologies_rank ON methodologies(tenant, confidence DESC, id DESC)",
            """
            CREATE TABLE trade_history (
              id                 INTEGER PRIMARY KEY AUTOINCREMENT,
              tenant             TEXT NOT NULL,
              asset              TEXT NOT NULL,
              forex_pair         INTEGER NOT NULL CHECK (forex_pair IN (0, 1)),
              asset_class        TEXT NOT NULL CHECK (asset_class IN ('crypto_major', 'crypto_alt', 'crypto_meme',
                                   'stablecoin', 'perps', 'stocks', 'forex', 'commodities', 'pre_ipo')),
              side               TEXT NOT NULL CHECK (side IN ('long', 'short')),
              size               TEXT NOT NULL,
              entry_price        TEXT NOT NULL,
              exit_price         TEXT,
              pnl                TEXT,
              opened_at          TEXT NOT NULL,
              closed_at          TEXT,
              status             TEXT NOT NULL CHECK (status IN ('open', 'closed')),
              outcome_memory_id  INTEGER,
              created_at         TEXT NOT NULL,
              updated_at         TEXT NOT NULL,
              CHECK ((status = 'open' AND exit_price IS NULL AND pnl IS NULL AND closed_at IS NULL)
                  OR (status = 'closed' AND exit_price IS NOT NULL AND pnl IS NOT NULL AND closed_at IS NOT NULL)),
              UNIQUE (tenant, id)
            )""",
            "CREATE INDEX idx_trade_history_recent ON trade_history(tenant, opened_at DESC, id DESC)",
            "CREATE INDEX idx_trade_history_asset ON trade_history(tenant, asset, opened_at DESC, id DESC)",
            """
            CREATE TABLE methodology_cases (
              id               INTEGER PRIMARY KEY AUTOINCREMENT,
              tenant           TEXT NOT NULL,
              trade_id         INTEGER NOT NULL,
              methodology_ids  TEXT NOT NULL,
              hint_hash        TEXT NOT NULL,
              decision         TEXT NOT NULL DEFAULT '',
              outcome          TEXT NOT NULL CHECK (outcome IN ('pending', 'win', 'loss')),
              created_at       TEXT NOT NULL,
              scored_at        TEXT,
              UNIQUE (tenant, id),
              FOREIGN KEY (tenant, trade_id) REFERENCES trade_history(tenant, id)
            )""",
            "CREATE INDEX idx_methodology_cases_trade ON methodology_cases(tenant, trade_id, id)",
            "CREATE INDEX idx_methodology_cases_outcome ON methodology_cases(outcome, tenant, id)",
            """
            CREATE TABLE methodology_case_links (
              tenant          TEXT NOT NULL,
              case_id         INTEGER NOT NULL,
              methodology_id  INTEGER NOT NULL,
              PRIMARY KEY (tenant, case_id, methodology_id),
              FOREIGN KEY (tenant, case_id) REFERENCES methodology_cases(tenant, id),
              FOREIGN KEY (tenant, methodology_id) REFERENCES methodologies(tenant, id)
            ) WITHOUT ROWID""",
            "CREATE INDEX idx_methodology_case_links_methodology ON methodology_case_links(tenant, methodology_id, case_id)",
            """
            CREATE TRIGGER methodology_cases_never_deleted BEFORE DELETE ON methodology_cases BEGIN
              SELECT RAISE(ABORT, 'methodology cases are an audit trail and are never deleted');
            END""",
            """
            CREATE TRIGGER methodology_cases_attribution_fixed
              BEFORE UPDATE OF tenant, trade_id, methodology_ids, hint_hash ON methodology_cases BEGIN
              SELECT RAISE(ABORT, 'a case''s attribution never changes');
            END""",
            """
            CREATE TABLE learned_preferences (
              id          INTEGER PRIMARY KEY AUTOINCREMENT,
              tenant      TEXT NOT NULL,
              dimension   TEXT NOT NULL CHECK (dimension IN ('risk', 'leverage', 'position_size', 'stop_loss',
                            'take_profit', 'slippage', 'chain', 'asset', 'asset_class', 'direction', 'timeframe',
                            'order_type', 'general')),
              content     TEXT NOT NULL,
              normalized  TEXT NOT NULL,
              kind        TEXT NOT NULL CHECK (kind IN ('normal', 'hard_constraint')),
              state       TEXT NOT NULL CHECK (state IN ('proposed', 'active', 'rejected', 'archived')),
              evidence    INTEGER NOT NULL CHECK (evidence >= 1),
              source      TEXT NOT NULL CHECK (source IN ('mined', 'model', 'agent', 'user', 'import')),
              memory_id   INTEGER,
              created_at  TEXT NOT NULL,
              updated_at  TEXT NOT NULL,
              UNIQUE (tenant, dimension, kind, normalized)
            )""",
            "CREATE INDEX idx_learned_preferences_state ON learned_preferences(tenant, state, id DESC)",
            """
            CREATE TRIGGER learned_preferences_born_proposed BEFORE INSERT ON learned_preferences
              WHEN new.state <> 'proposed' BEGIN
              SELECT RAISE(ABORT, 'a learned preference is born proposed; only an approve activates it');
            END""",
            """
            CREATE TRIGGER learned_preferences_transitions BEFORE UPDATE OF state ON learned_preferences
              WHEN new.state <> old.state
               AND NOT ((old.state = 'proposed' AND new.state IN ('active', 'rejected'))
                     OR (old.state = 'active' AND new.state = 'archived')) BEGIN
              SELECT RAISE(ABORT, 'not a learned-preference transition');
            END""",
            """
            CREATE TABLE learnings (
              id               INTEGER PRIMARY KEY AUTOINCREMENT,
              tenant           TEXT NOT NULL,
              task             TEXT NOT NULL,
              normalized_task  TEXT NOT NULL,
              steps            TEXT NOT NULL,
              context          TEXT NOT NULL DEFAULT '',
              times_used       INTEGER NOT NULL DEFAULT 1 CHECK (times_used >= 1),
              created_at       TEXT NOT NULL,
              updated_at       TEXT NOT NULL,
              UNIQUE (tenant, normalized_task)
            )""",
            "CREATE INDEX idx_learnings_recent ON learnings(tenant, updated_at DESC, id DESC)",
            """
            CREATE VIRTUAL TABLE learnings_fts USING fts5(
              task,
              steps,
              context,
              content='learnings',
              content_rowid='id',
              tokenize='porter unicode61 remove_diacritics 2'
            )""",
            """
            CREATE TRIGGER learnings_ai AFTER INSERT ON learnings BEGIN
              INSERT INTO learnings_fts(rowid, task, steps, context) VALUES (new.id, new.task, new.steps, new.context);
            END""",
            """
            CREATE TRIGGER learnings_ad AFTER DELETE ON learnings BEGIN
              INSERT INTO learnings_fts(learnings_fts, rowid, task, steps, context)
                VALUES ('delete', old.id, old.task, old.steps, old.context);
            END""",
            """
            CREATE TRIGGER learnings_au AFTER UPDATE OF task, steps, context ON learnings BEGIN
              INSERT INTO learnings_fts(learnings_fts, rowid, task, steps, context)
                VALUES ('delete', old.id, old.task, old.steps, old.context);
              INSERT INTO learnings_fts(rowid, task, steps, context) VALUES (new.id, new.task, new.steps, new.context);
            END"""));

    /**
     * spec 05's role memory. {@code role_memory} holds one decision per row with its outcome, reflection
     * and the note saying why it is still pending; a CHECK keeps {@code reflected_at} set exactly on
     * reflected rows. Evidence is a child table (cascade-deleted with its entry) rather than a JSON
     * column, so appending never rewrites the row. The FTS index (external content, like the memories')
     * covers the text recall searches; an AFTER DELETE trigger purges the entry's {@code memory_edges},
     * as migration 11 promised for this second source table. The entry's embedding lives on the row
     * (one vector per entry: decisions and lessons are short) and is cleared when a reflection adds
     * text. {@code price_points} holds prices pushed through the API, one per (tenant, asset, instant,
     * source). Versions need only increase: the runner does not require them to be contiguous.
     */
    static final Migration V13_ROLE_MEMORY = new Migration(13, "role memory and pushed prices", List.of(
            """
            CREATE TABLE role_memory (
              id                INTEGER PRIMARY KEY AUTOINCREMENT,
              tenant            TEXT NOT NULL,
              role              TEXT NOT NULL,
              inputs            TEXT NOT NULL DEFAULT '{}',
              decision          TEXT NOT NULL,
              asset             TEXT,
              created_at        TEXT NOT NULL,
              updated_at        TEXT NOT NULL,
              status            TEXT NOT NULL DEFAULT 'pending'
                                CHECK (status IN ('pending', 'reflected', 'skipped')),
              outcome           TEXT,
              outcome_change    TEXT,
              outcome_source    TEXT,
              outcome_at        TEXT,
              classification    TEXT CHECK (classification IS NULL
                                OR classification IN ('logic_error', 'missing_data', 'exogenous', 'variance')),
              narrative         TEXT,
              lesson            TEXT,
              reflection_model  TEXT,
              reflected_at      TEXT,
              note              TEXT,
              embedding         BLOB,
              embedding_model   TEXT,
              CHECK ((status = 'reflected') = (reflected_at IS NOT NULL))
            )""",
            "CREATE INDEX idx_role_memory_pending ON role_memory(tenant, role, created_at, id) WHERE status = 'pending'",
            "CREATE INDEX idx_role_memory_pending_asset ON role_memory(tenant, asset) WHERE status = 'pending'",
            "CREATE INDEX idx_role_memory_pending_role ON role_memory(role, tenant) WHERE status = 'pending'",
            "CREATE INDEX idx_role_memory_reflected ON role_memory(tenant, role, reflected_at DESC, id DESC) "
                    + "WHERE status = 'reflected'",
            "CREATE INDEX idx_role_memory_asset_timeline ON role_memory(tenant, asset, reflected_at DESC, id DESC) "
                    + "WHERE status = 'reflected'",
            "CREATE INDEX idx_role_memory_unembedded ON role_memory(id) WHERE embedding IS NULL",
            """
            CREATE TABLE role_memory_evidence (
              id        INTEGER PRIMARY KEY,
              tenant    TEXT NOT NULL,
              entry_id  INTEGER NOT NULL REFERENCES role_memory(id) ON DELETE CASCADE,
              kind      TEXT NOT NULL,
              source    TEXT NOT NULL,
              text      TEXT NOT NULL,
              at        TEXT NOT NULL
            )""",
            "CREATE INDEX idx_role_memory_evidence_entry ON role_memory_evidence(tenant, entry_id, id)",
            """
            CREATE VIRTUAL TABLE role_memory_fts USING fts5(
              decision,
              asset,
              narrative,
              lesson,
              outcome,
              content='role_memory',
              content_rowid='id',
              tokenize='porter unicode61 remove_diacritics 2'
            )""",
            """
            CREATE TRIGGER role_memory_ai AFTER INSERT ON role_memory BEGIN
              INSERT INTO role_memory_fts(rowid, decision, asset, narrative, lesson, outcome)
                VALUES (new.id, new.decision, new.asset, new.narrative, new.lesson, new.outcome);
            END""",
            """
            CREATE TRIGGER role_memory_ad AFTER DELETE ON role_memory BEGIN
              INSERT INTO role_memory_fts(role_memory_fts, rowid, decision, asset, narrative, lesson, outcome)
                VALUES ('delete', old.id, old.decision, old.asset, old.narrative, old.lesson, old.outcome);
            END""",
            // Notes, status and embeddings change often and are not indexed: only text changes touch the index.
            """
            CREATE TRIGGER role_memory_au AFTER UPDATE OF decision, asset, narrative, lesson, outcome ON role_memory BEGIN
              INSERT INTO role_memory_fts(role_memory_fts, rowid, decision, asset, narrative, lesson, outcome)
                VALUES ('delete', old.id, old.decision, old.asset, old.narrative, old.lesson, old.outcome);
              INSERT INTO role_memory_fts(rowid, decision, asset, narrative, lesson, outcome)
                VALUES (new.id, new.decision, new.asset, new.narrative, new.lesson, new.outcome);
            END""",
            """
            CREATE TRIGGER role_memory_edges_ad AFTER DELETE ON role_memory BEGIN
              DELETE FROM memory_edges WHERE src_table = 'role_memory' AND src_id = old.id;
            END""",
            """
            CREATE TABLE price_points (
              tenant  TEXT NOT NULL,
              asset   TEXT NOT NULL,
              at      TEXT NOT NULL,
              source  TEXT NOT NULL,
              price   TEXT NOT NULL,
              PRIMARY KEY (tenant, asset, at, source)
            ) WITHOUT ROWID""",
            "CREATE INDEX idx_price_points_at ON price_points(at)"));

    /**
     * Secrets that cannot be recovered (issue 13). {@code vault.sealed_by} names the key that sealed a
     * secret value (AES-256-GCM, the key outside the database file); NULL for plain values and for
     * secrets stored in clear before this version, which the vault seals at its next start.
     * {@code vault.redacted_at} records when the rest of the stored text was last swept for the
     * secret's current value; NULL (every existing secret) makes the next start sweep for it.
     */
    static final Migration V15_VAULT_AT_REST = new Migration(15, "vault values sealed at rest, redaction sweeps",
            List.of(
            "ALTER TABLE vault ADD COLUMN sealed_by TEXT",
            "ALTER TABLE vault ADD COLUMN redacted_at TEXT"));

    /**
     * Personalization's database sub-layer (spec 04): the financial profile row per (tenant, user) with
     * its cooldown cursors and the trading summary's source cursors, the ten behavioural tags, capital
     * metrics and the append-only autopilot history. Timestamps are the fixed-width text of
     * {@link Timestamps}, so {@code x <= ?} compares times; US-dollar amounts are exact decimal text.
     * {@code user_tags} takes any dimension, value and source text: v1 rows can be imported as they
     * were and moved by the tag migration; typed reads skip what the v2 schema does not know. A
     * running strategy run is unique per strategy (partial index); a trigger keeps a run's identity,
     * allocation and start immutable so the history stays append-only.
     */
    static final Migration V16_PERSONALIZATION = new Migration(16, "personalization: financial profile, user tags,"
            + " capital metrics, strategy runs", List.of(
            """
            CREATE TABLE financial_profile (
              tenant                                     TEXT NOT NULL,
              user_id                                    TEXT NOT NULL,
              platform_wallet_summary                    TEXT,
              reference_wallets_summary                  TEXT,
              reference_wallets_json                     TEXT NOT NULL DEFAULT '[]',
              custom_prompt                              TEXT,
              include_memories                           INTEGER NOT NULL DEFAULT 1 CHECK (include_memories IN (0, 1)),
              include_trading_summary                    INTEGER NOT NULL DEFAULT 1
                                                           CHECK (include_trading_summary IN (0, 1)),
              include_tags                               INTEGER NOT NULL DEFAULT 1 CHECK (include_tags IN (0, 1)),
              trading_summary_next_update                TEXT,
              tags_next_update                           TEXT,
              memories_next_update                       TEXT,
              last_indexed_chat_id                       TEXT,
              trading_summary_updated_at                 TEXT,
              trading_summary_last_trade_id_seen         TEXT,
              trading_summary_last_perps_fill_id_seen    TEXT,
              trading_summary_last_external_spot_id_seen TEXT,
              onboarding_answers                         TEXT,
              onboarding_completed_at                    TEXT,
              created_at                                 TEXT NOT NULL,
              updated_at                                 TEXT NOT NULL,
              PRIMARY KEY (tenant, user_id),
              CHECK ((onboarding_answers IS NULL) = (onboarding_completed_at IS NULL))
            ) WITHOUT ROWID""",
            "CREATE INDEX idx_financial_profile_summary_due ON financial_profile(trading_summary_next_update)",
            "CREATE INDEX idx_financial_profile_tags_due ON financial_profile(tags_next_update)",
            "CREATE INDEX idx_financial_profile_memories_due ON financial_profile(memories_next_update)",
            """
            CREATE TABLE user_tags (
              tenant      TEXT NOT NULL,
              user_id     TEXT NOT NULL,
              dimension   TEXT NOT NULL,
              value       TEXT NOT NULL,
              source      TEXT NOT NULL,
              updated_at  TEXT NOT NULL,
              PRIMARY KEY (tenant, user_id, dimension)
            ) WITHOUT ROWID""",
            """
            CREATE TABLE capital_metrics (
              tenant             TEXT NOT NULL,
              user_id            TEXT NOT NULL,
              spot_holdings_usd  TEXT,
              perp_value_usd     TEXT,
              capital_total_usd  TEXT,
              tier               TEXT CHECK (tier IN ('tier_1', 'tier_2', 'tier_3', 'tier_4', 'tier_5', 'tier_6',
                                                      'tier_7', 'tier_8')),
              computed_at        TEXT,
              next_update        TEXT,
              last_failure_at    TEXT,
              last_failure       TEXT,
              PRIMARY KEY (tenant, user_id),
              CHECK ((capital_total_usd IS NULL) = (computed_at IS NULL))
            ) WITHOUT ROWID""",
            """
            CREATE TABLE strategy_runs (
              id                INTEGER PRIMARY KEY,
              tenant            TEXT NOT NULL,
              user_id           TEXT NOT NULL,
              strategy_id       TEXT NOT NULL,
              allocated_usd     TEXT NOT NULL,
              started_at        TEXT NOT NULL,
              stopped_at        TEXT,
              status            TEXT NOT NULL CHECK (status IN ('running', 'stopped')),
              stop_reason       TEXT CHECK (stop_reason IN ('user_manual', 'insufficient_balance',
                                  'drawdown_protection', 'liquidated', 'strategy_expired', 'other')),
              realized_pnl_usd  TEXT,
              CHECK ((status = 'running') = (stopped_at IS NULL)),
              CHECK ((stopped_at IS NULL) = (stop_reason IS NULL)),
              CHECK (realized_pnl_usd IS NULL OR status = 'stopped')
            )""",
            "CREATE UNIQUE INDEX ux_strategy_runs_running ON strategy_runs(tenant, user_id, strategy_id)"
                    + " WHERE status = 'running'",
            "CREATE INDEX idx_strategy_runs_user ON strategy_runs(tenant, user_id, started_at)",
            """
            CREATE TRIGGER strategy_runs_append_only BEFORE UPDATE ON strategy_runs
              WHEN new.tenant IS NOT old.tenant OR new.user_id IS NOT old.user_id
                OR new.strategy_id IS NOT old.strategy_id OR new.allocated_usd IS NOT old.allocated_usd
                OR new.started_at IS NOT old.started_at OR old.status = 'stopped' AND new.status = 'running'
              BEGIN
              SELECT RAISE(ABORT, 'strategy_runs is append-only');
            END"""));

    /**
     * Conversations handed to Strata and the off-agent trade mirror (spec 01 "Off-agent trade
     * history mirror tables", spec 04 "MinaraHistorySync"). Every table leads its keys with the
     * tenant. {@code conversation_messages.seq} and the mirror ids are AUTOINCREMENT on purpose: the
     * rebuild cursors point at them, and a plain rowid could hand a deleted newest row's number to
     * the next insert, which a cursor already past it would never read. The mirror keeps the spec's
     * REAL numbers (summed and averaged in SQL; the domain rounds to 15 significant digits so a row
     * reads back equal) and its dedup keys: (sub-account, fill uid) for fills, the transaction hash
     * for spot; a covering index serves the 30-day profile at 100k fills without sorting the window. The
     * spec's {@code minara_history_sync_state} is {@code history_sync_state}: the
     * watermark per (tenant, source, sub-account), '' for spot.
     */
    static final Migration V17_CONVERSATIONS_AND_TRADE_MIRROR = new Migration(17,
            "conversations and the off-agent trade mirror", List.of(
            """
            CREATE TABLE conversations (
              tenant      TEXT NOT NULL,
              id          TEXT NOT NULL,
              user_id     TEXT NOT NULL,
              created_at  TEXT NOT NULL,
              PRIMARY KEY (tenant, id)
            ) WITHOUT ROWID""",
            """
            CREATE TABLE conversation_messages (
              seq              INTEGER PRIMARY KEY AUTOINCREMENT,
              tenant           TEXT NOT NULL,
              conversation_id  TEXT NOT NULL,
              message_id       TEXT NOT NULL,
              role             TEXT NOT NULL CHECK (role IN ('user', 'assistant', 'system', 'tool')),
              content          TEXT NOT NULL,
              ts               TEXT NOT NULL,
              created_at       TEXT NOT NULL,
              UNIQUE (tenant, conversation_id, message_id),
              FOREIGN KEY (tenant, conversation_id) REFERENCES conversations(tenant, id) ON DELETE CASCADE
            )""",
            "CREATE INDEX idx_conversation_messages_scan ON conversation_messages(tenant, seq)",
            "CREATE INDEX idx_conversation_messages_read ON conversation_messages(tenant, conversation_id, seq)",
            "CREATE INDEX idx_conversation_messages_stored ON conversation_messages(created_at)",
            """
            CREATE TABLE perps_fills (
              id              INTEGER PRIMARY KEY AUTOINCREMENT,
              tenant          TEXT NOT NULL,
              sub_account_id  TEXT NOT NULL,
              wallet_address  TEXT,
              oid             TEXT NOT NULL,
              ts_ms           INTEGER NOT NULL,
              symbol          TEXT NOT NULL,
              side            TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
              dir             TEXT,
              size            REAL NOT NULL,
              price           REAL NOT NULL,
              fee             REAL NOT NULL DEFAULT 0,
              closed_pnl      REAL NOT NULL DEFAULT 0,
              raw_json        TEXT,
              fill_uid        TEXT NOT NULL,
              created_at      TEXT NOT NULL
            )""",
            "CREATE UNIQUE INDEX uniq_perps_fills_dedup ON perps_fills(tenant, sub_account_id, fill_uid)",
            "CREATE INDEX idx_perps_fills_scan ON perps_fills(tenant, id)",
            // Covers the trading profile's aggregate (grouped in index order, no sort, no table reads).
            "CREATE INDEX idx_perps_fills_profile ON perps_fills(tenant, symbol, side, dir, ts_ms, size, price, "
                    + "closed_pnl)",
            "CREATE INDEX idx_perps_fills_symbol ON perps_fills(tenant, symbol COLLATE NOCASE, ts_ms)",
            """
            CREATE TABLE external_spot_activities (
              id          INTEGER PRIMARY KEY AUTOINCREMENT,
              tenant      TEXT NOT NULL,
              tx_hash     TEXT NOT NULL,
              ts_ms       INTEGER NOT NULL,
              type        TEXT NOT NULL,
              from_token  TEXT,
              to_token    TEXT,
              amount      TEXT,
              value_usd   REAL,
              status      TEXT NOT NULL,
              raw_json    TEXT,
              created_at  TEXT NOT NULL,
              UNIQUE (tenant, tx_hash)
            )""",
            "CREATE INDEX idx_external_spot_activities_scan ON external_spot_activities(tenant, id)",
            """
            CREATE TABLE history_sync_state (
              tenant                TEXT NOT NULL,
              source                TEXT NOT NULL CHECK (source IN ('perps_fills', 'spot_activities')),
              sub_account_id        TEXT NOT NULL DEFAULT '',
              last_synced_ts_ms     INTEGER,
              last_synced_at        TEXT NOT NULL,
              last_error            TEXT,
              consecutive_failures  INTEGER NOT NULL DEFAULT 0 CHECK (consecutive_failures >= 0),
              PRIMARY KEY (tenant, source, sub_account_id)
            ) WITHOUT ROWID"""));

    /**
     * Who did it (spec 02's {@code updated_by}): the actor of the last write on each memory and of each
     * audit entry, with the API key that vouched for it; rows written before are {@code unknown}. The
     * audit trail is read by action, actor and subject ({@code GET /v1/audit}). Each frozen session
     * keeps the explanation of its memory-context block, and loses it with the session.
     */
    static final Migration V18_ACTORS_AND_EXPLANATIONS = new Migration(18, "actors, audit filters, session "
            + "explanations", List.of(
            "ALTER TABLE memories ADD COLUMN updated_by TEXT NOT NULL DEFAULT 'unknown'",
            "ALTER TABLE audit_log ADD COLUMN actor TEXT NOT NULL DEFAULT 'unknown'",
            "ALTER TABLE audit_log ADD COLUMN key_id TEXT",
            "CREATE INDEX idx_audit_log_action ON audit_log(tenant, action, id DESC)",
            "CREATE INDEX idx_audit_log_actor ON audit_log(tenant, actor, id DESC)",
            "CREATE INDEX idx_audit_log_subject ON audit_log(tenant, subject, id DESC)",
            """
            CREATE TABLE session_explanations (
              tenant       TEXT NOT NULL,
              session_id   TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
              explanation  TEXT NOT NULL,
              PRIMARY KEY (tenant, session_id)
            ) WITHOUT ROWID""",
            "CREATE INDEX idx_session_explanations_session ON session_explanations(session_id)"));

    /**
     * Issue 13, "retries are safe" and "erased data leaves every prompt". {@code idempotency_keys}: one
     * row per tenant and {@code Idempotency-Key}, claimed before the keyed request runs, marked
     * {@code applied} inside the first transaction of the request that commits, and holding the first
     * answer once it is kept (purged after 24 hours). {@code session_memories}: which memories each
     * frozen session's prompt holds, so that deleting a memory can revoke those sessions; a session's
     * rows go with it.
     */
    static final Migration V19_RETRIES_AND_REVOCATION = new Migration(19, "idempotency keys and session memories",
            List.of("""
            CREATE TABLE idempotency_keys (
              tenant        TEXT NOT NULL,
              key           TEXT NOT NULL,
              fingerprint   TEXT NOT NULL,
              state         TEXT NOT NULL CHECK (state IN ('pending', 'applied', 'answered')),
              claimed_at    TEXT NOT NULL,
              status        INTEGER,
              content_type  TEXT,
              location      TEXT,
              body          TEXT,
              PRIMARY KEY (tenant, key)
            ) WITHOUT ROWID""",
            "CREATE INDEX idx_idempotency_keys_claimed ON idempotency_keys(claimed_at)",
            """
            CREATE TABLE session_memories (
              tenant      TEXT NOT NULL,
              memory_id   INTEGER NOT NULL,
              session_id  TEXT NOT NULL,
              PRIMARY KEY (tenant, memory_id, session_id)
            ) WITHOUT ROWID""",
            "CREATE INDEX idx_session_memories_session ON session_memories(session_id)",
            """
            CREATE TRIGGER sessions_memories_ad AFTER DELETE ON sessions BEGIN
              DELETE FROM session_memories WHERE session_id = old.id;
            END"""));

    /**
     * Issue 19, event time: {@code memories.occurred_at} is when the thing a memory tells of happened
     * (given by the writer, or a session date in its metadata), {@code created_at} when Strata learned
     * it. Existing rows take their write time. A row inserted without one (a raw INSERT, an older
     * build) gets its {@code created_at} from the trigger, so the column is never NULL for the index
     * that time filters and the time-aware ranking read.
     */
    static final Migration V20_EVENT_TIME = new Migration(20, "event time of memories", List.of(
            "ALTER TABLE memories ADD COLUMN occurred_at TEXT",
            "UPDATE memories SET occurred_at = created_at",
            "CREATE INDEX idx_memories_occurred ON memories(tenant, occurred_at)",
            """
            CREATE TRIGGER memories_occurred_ai AFTER INSERT ON memories WHEN new.occurred_at IS NULL BEGIN
              UPDATE memories SET occurred_at = new.created_at WHERE id = new.id;
            END"""));

    /**
     * The instance's own metadata (spec 01's {@code instance_meta}): the HMAC key that signs markdown
     * exports, made on first use. Not user data, so no tenant: it describes the database itself.
     */
    static final Migration V21_INSTANCE_META = new Migration(21, "instance metadata", List.of(
            """
            CREATE TABLE instance_meta (
              key    TEXT PRIMARY KEY,
              value  TEXT NOT NULL
            ) WITHOUT ROWID"""));

    /**
     * Issue 19, generalisation: the passage index. Every live memory is indexed a second time with the
     * memories its tenant wrote right before and after it in the same sitting (the ids next to it, within
     * {@link #PASSAGE_GAP_MINUTES} of it by write time and by event time) and its event date in words
     * ("8 May 2023"), so that a short reply ("three years, I think") is found by the words of the
     * question it answers. Three columns, weighted at query time: {@code own}, {@code neighbours},
     * {@code event_date}. Contentless (the text is in {@code memories}); triggers rebuild the passages
     * of the row written, edited, deleted or forgotten and of its two neighbours, so every write path
     * (REST, tools, MCP, chat extraction, a raw INSERT) keeps it, and a forgotten memory's words leave
     * its neighbours' passages with it. The adjacency rule is neighbour context's (README), on the data
     * every memory has: write order, write time and event time; no session field is needed.
     */
    static final Migration V22_PASSAGE_INDEX = new Migration(22, "passage index: a memory with its neighbours",
            List.of("""
            CREATE VIRTUAL TABLE memories_passage_fts USING fts5(
              own,
              neighbours,
              event_date,
              content='',
              contentless_delete=1,
              tokenize='porter unicode61 remove_diacritics 2'
            )""",
            "INSERT INTO memories_passage_fts(rowid, own, neighbours, event_date) " + passageRows("1 = 1", false),
            """
            CREATE TRIGGER memories_passage_ai AFTER INSERT ON memories BEGIN
              DELETE FROM memories_passage_fts WHERE rowid BETWEEN new.id - 1 AND new.id + 1;
              INSERT INTO memories_passage_fts(rowid, own, neighbours, event_date)
            """ + passageRows("m.id BETWEEN new.id - 1 AND new.id + 1", false) + ";\nEND",
            """
            CREATE TRIGGER memories_passage_au AFTER UPDATE OF content, deleted_at, occurred_at, created_at, tenant
              ON memories BEGIN
              DELETE FROM memories_passage_fts WHERE rowid BETWEEN old.id - 1 AND old.id + 1;
              INSERT INTO memories_passage_fts(rowid, own, neighbours, event_date)
            """ + passageRows("m.id BETWEEN old.id - 1 AND old.id + 1", false) + ";\nEND",
            """
            CREATE TRIGGER memories_passage_ad AFTER DELETE ON memories BEGIN
              DELETE FROM memories_passage_fts WHERE rowid BETWEEN old.id - 1 AND old.id + 1;
              INSERT INTO memories_passage_fts(rowid, own, neighbours, event_date)
            """ + passageRows("m.id BETWEEN old.id - 1 AND old.id + 1", false) + ";\nEND"));

    /**
     * Issue 19, the passage index's write cost. Migration 22's triggers rebuilt the passages of ids id-1..id+1 on
     * every write of a row, whether or not they could change. These rebuild exactly the passages that do: the row's
     * own, and a neighbour's only when the row was or becomes its neighbour ({@link #neighbourOf}: both live, same
     * tenant, same sitting), so an append rebuilds its predecessor only in the same sitting, an insert never touches
     * a passage across a tenant or sitting boundary, an update that changes none of the columns a passage is built
     * from (an {@code occurred_at} filled in with the write time it already stood for, a redaction of a forgotten
     * row) rebuilds nothing, and deleting a forgotten row (the purge) touches no passage at all. What the index
     * holds does not change: every live memory's passage is what {@link #passagesOf} builds.
     *
     * <p>{@code passage_deferral}: while it holds its one row the triggers do nothing, and the writer that put it
     * there rebuilds the passages of the ids it wrote and of the rows on either side before it takes the row out,
     * in the same transaction ({@link PassageMaintenance}): a batch of a thousand appends builds each passage once
     * instead of its predecessor's twice. No other connection ever sees the row (it is never committed), and a
     * rollback takes it away with the rows.
     */
    static final Migration V23_PASSAGE_MAINTENANCE = new Migration(23,
            "passage index: rebuild only the passages a write changes", Stream.concat(Stream.of(
            "CREATE TABLE passage_deferral (deferred INTEGER PRIMARY KEY CHECK (deferred = 1))",
            "DROP TRIGGER memories_passage_ai",
            "DROP TRIGGER memories_passage_au",
            "DROP TRIGGER memories_passage_ad"), passageTriggers(false).stream()).toList());

    /** Migration 23's triggers; with the tenant term as migration 24 builds the passages. */
    private static List<String> passageTriggers(boolean tenantTerm) {
        return List.of(
            """
            CREATE TRIGGER memories_passage_ai AFTER INSERT ON memories
              WHEN new.deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM passage_deferral) BEGIN
            """ + rebuildAround("new.id", "m.id = new.id OR (" + neighbourOf("new") + ")", tenantTerm) + "END",
            """
            CREATE TRIGGER memories_passage_au AFTER UPDATE OF content, deleted_at, occurred_at, created_at, tenant
              ON memories
              WHEN NOT EXISTS (SELECT 1 FROM passage_deferral)
                AND (old.deleted_at IS NULL OR new.deleted_at IS NULL)
                AND (new.content IS NOT old.content OR new.tenant IS NOT old.tenant
                  OR new.created_at IS NOT old.created_at
                  OR COALESCE(new.occurred_at, new.created_at) IS NOT COALESCE(old.occurred_at, old.created_at)
                  OR (new.deleted_at IS NULL) IS NOT (old.deleted_at IS NULL)) BEGIN
            """ + rebuildAround("old.id", "m.id = old.id OR (" + neighbourOf("old") + ") OR (" + neighbourOf("new")
                    + ")", tenantTerm) + "END",
            """
            CREATE TRIGGER memories_passage_ad AFTER DELETE ON memories
              WHEN old.deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM passage_deferral) BEGIN
              DELETE FROM memories_passage_fts WHERE rowid = old.id;
            """ + rebuildAround("old.id", neighbourOf("old"), tenantTerm) + "END");
    }

    /**
     * Trigger statements that rebuild the passages of the memories {@code m} at ids {@code id}-1..{@code id}+1 that
     * satisfy {@code which}: one range delete and one insert, as migration 22's, narrowed by {@code which} (whose
     * rows are looked up by id, never through an index on the tenant).
     */
    private static String rebuildAround(String id, String which, boolean tenantTerm) {
        return "  DELETE FROM memories_passage_fts WHERE rowid BETWEEN " + id + " - 1 AND " + id + " + 1 "
                + "AND EXISTS (SELECT 1 FROM memories m WHERE m.id = memories_passage_fts.rowid AND (" + which + "));\n"
                + "  INSERT INTO memories_passage_fts(" + (tenantTerm ? PASSAGE_COLUMNS : "rowid, own, neighbours, event_date")
                + ")\n  " + passageRows("m.id BETWEEN " + id + " - 1 AND " + id + " + 1 AND (" + which + ")", tenantTerm)
                + ";\n";
    }

    /**
     * The memory {@code m} is a neighbour of the trigger's row {@code row} ({@code new} or {@code old}) in the sense
     * of {@link #passagesOf}: both live, the same tenant, within {@link #PASSAGE_GAP_MINUTES} by write time and by
     * event time. Symmetric, so {@code row}'s words are in {@code m}'s passage exactly when this holds. The unary
     * {@code +} keeps the planner off the tenant's indexes: without statistics it would answer "m.id = new.id OR
     * (m.tenant = new.tenant AND ...)" with a union of a rowid lookup and a scan of the tenant's every row, a read
     * of the whole tenant on every write, where the rows wanted are the three around the id.
     */
    static String neighbourOf(String row) {
        String gap = "(" + PASSAGE_GAP_MINUTES + " / 1440.0)";
        return row + ".deleted_at IS NULL AND m.deleted_at IS NULL AND +m.tenant = " + row + ".tenant "
                + "AND abs(julianday(m.created_at) - julianday(" + row + ".created_at)) <= " + gap + " "
                + "AND abs(julianday(COALESCE(m.occurred_at, m.created_at)) - julianday(COALESCE(" + row
                + ".occurred_at, " + row + ".created_at))) <= " + gap;
    }

    /** Neighbours further apart than this (by write time or by event time) belong to different sittings. */
    static final int PASSAGE_GAP_MINUTES = 30;

    /** The passage index's columns, in the order {@link #passagesOf} gives their values (migration 24's shape). */
    static final String PASSAGE_COLUMNS = "rowid, own, neighbours, event_date, " + TenantTerm.COLUMN;

    /** The passage rows of the live memories {@code m} that satisfy {@code where}, for {@link #PASSAGE_COLUMNS}. */
    static String passagesOf(String where) {
        return passageRows(where, true);
    }

    /** The content of the memory at {@code id} when it is a live neighbour of {@code m} in its sitting, else NULL. */
    private static String neighbourContent(String id, String at, String gap) {
        return "(SELECT n.content FROM memories n WHERE n.id = " + id + " AND n.tenant = m.tenant "
                + "AND n.deleted_at IS NULL AND abs(julianday(n.created_at) - julianday(m.created_at)) <= " + gap + " "
                + "AND abs(julianday(COALESCE(n.occurred_at, n.created_at)) - julianday(" + at + ")) <= " + gap + ")";
    }

    /** The passage rows; without the tenant term as migrations 22 and 23 built them, which must not change. */
    private static String passageRows(String where, boolean tenantTerm) {
        String gap = "(" + PASSAGE_GAP_MINUTES + " / 1440.0)";
        String at = "COALESCE(m.occurred_at, m.created_at)";
        StringBuilder month = new StringBuilder("CASE strftime('%m', " + at + ")");
        String[] months = {"January", "February", "March", "April", "May", "June", "July", "August", "September",
            "October", "November", "December"};
        for (int i = 0; i < months.length; i++) {
            month.append(String.format(" WHEN '%02d' THEN '%s'", i + 1, months[i]));
        }
        month.append(" ELSE '' END");
        // The neighbours' words: the one before and the one after, space-separated, in id order. Spelled with
        // two scalar look-ups, not group_concat(... ORDER BY n.id): that form needs SQLite 3.44, and a trigger
        // holding it made the whole file unreadable to older SQLite ("malformed database schema"), the sqlite3
        // shell of Debian 12 and Python 3.11's module among them.
        String before = neighbourContent("m.id - 1", at, gap);
        String after = neighbourContent("m.id + 1", at, gap);
        return "SELECT m.id, m.content, "
                + "COALESCE(" + before + " || ' ' || " + after + ", " + before + ", " + after + ", ''), "
                + "COALESCE(CAST(strftime('%d', " + at + ") AS INTEGER) || ' ' || " + month + " || ' ' || strftime('%Y', "
                + at + "), '')" + (tenantTerm ? ", " + TenantTerm.sql("m.tenant") : "") + " "
                + "FROM memories m WHERE m.deleted_at IS NULL AND " + where;
    }

    /**
     * Issue 19, scale: the memory indexes know the tenant. Both full-text indexes spanned every tenant and a
     * search filtered its tenant's rows after FTS5 had matched, and for the passage arm walked, every tenant's
     * rows: at 1M memories over 100 tenants a tenant's 10k memories cost what 1M do (hybrid p95 around 200 ms
     * where 10k in one tenant answer in 15). Each row now also holds its tenant's {@link TenantTerm}, in a column
     * of its own that every ranking weighs 0, and a search of a tenant that holds a small part of the rows
     * ({@link TenantShares}: under a fifth for the keyword arm, two fifths for the passage arm) ANDs it into its
     * MATCH: FTS5 intersects the doclists and scores only the tenant's
     * rows. {@code memories.tenant_term} is a virtual generated column (no bytes on disk) because an
     * external-content index reads its columns from the content table by name. BM25's statistics stay the whole
     * index's, as before; a row is one token longer, which moved one evidence turn of one LoCoMo question past
     * rank 25 and nothing else (README, "Hybrid search at scale"). The passage index is rebuilt with the same
     * column and migration 23's triggers.
     *
     * <p>It is rebuilt as an FTS5 table that keeps its own copy of each passage, no longer a contentless one.
     * A contentless-delete table cannot subtract a deleted row from BM25's statistics (it no longer knows the
     * row's tokens), and every append rebuilds its predecessor's passage: after 300 single appends the index
     * counted 599 rows and a neighbours column a quarter shorter on average than the passages held (measured),
     * so a server written to one memory at a time ranked passages by statistics that a batch import (whose
     * passages are built once) never saw. With its content kept, a delete takes its tokens out exactly: the
     * statistics are those of the live passages. The copy costs about the passages' text once more on disk.
     */
    static final Migration V24_TENANT_TERMS = new Migration(24,
            "full-text indexes: a tenant term FTS5 can match; passages whose statistics follow deletes",
            Stream.concat(Stream.of(
            "ALTER TABLE memories ADD COLUMN " + TenantTerm.COLUMN + " TEXT GENERATED ALWAYS AS ("
                    + TenantTerm.sql("tenant") + ") VIRTUAL",
            "DROP TRIGGER memories_ai",
            "DROP TRIGGER memories_ad",
            "DROP TRIGGER memories_au",
            "DROP TABLE memories_fts",
            """
            CREATE VIRTUAL TABLE memories_fts USING fts5(
              content,
              category,
              key,
              supersede_reason,
              tenant_term,
              content='memories',
              content_rowid='id',
              tokenize='porter unicode61 remove_diacritics 2'
            )""",
            """
            CREATE TRIGGER memories_ai AFTER INSERT ON memories BEGIN
              INSERT INTO memories_fts(rowid, content, category, key, supersede_reason, tenant_term)
                VALUES (new.id, new.content, new.category, new.key, new.supersede_reason, new.tenant_term);
            END""",
            """
            CREATE TRIGGER memories_ad AFTER DELETE ON memories BEGIN
              INSERT INTO memories_fts(memories_fts, rowid, content, category, key, supersede_reason, tenant_term)
                VALUES ('delete', old.id, old.content, old.category, old.key, old.supersede_reason, old.tenant_term);
            END""",
            """
            CREATE TRIGGER memories_au AFTER UPDATE OF content, category, key, supersede_reason, tenant ON memories BEGIN
              INSERT INTO memories_fts(memories_fts, rowid, content, category, key, supersede_reason, tenant_term)
                VALUES ('delete', old.id, old.content, old.category, old.key, old.supersede_reason, old.tenant_term);
              INSERT INTO memories_fts(rowid, content, category, key, supersede_reason, tenant_term)
                VALUES (new.id, new.content, new.category, new.key, new.supersede_reason, new.tenant_term);
            END""",
            "INSERT INTO memories_fts(memories_fts) VALUES ('rebuild')",
            // The rank column's BM25: the four text columns as before (weight 1), the tenant term weightless.
            "INSERT INTO memories_fts(memories_fts, rank) VALUES ('rank', 'bm25(1.0, 1.0, 1.0, 1.0, 0.0)')",
            "DROP TRIGGER memories_passage_ai",
            "DROP TRIGGER memories_passage_au",
            "DROP TRIGGER memories_passage_ad",
            "DROP TABLE memories_passage_fts",
            """
            CREATE VIRTUAL TABLE memories_passage_fts USING fts5(
              own,
              neighbours,
              event_date,
              tenant_term,
              tokenize='porter unicode61 remove_diacritics 2'
            )""",
            "INSERT INTO memories_passage_fts(" + PASSAGE_COLUMNS + ") " + passagesOf("1 = 1")),
            passageTriggers(true).stream()).toList());

    /**
     * Issue 19, scale, for the other layers: the fact, learning and role-memory indexes get migration 24's
     * {@link TenantTerm}. They spanned every tenant too, so a fact search of one tenant among 100 matched all
     * 100 tenants' facts and looked each up to drop 99 in 100 of them: at 1M facts over 100 tenants a fact search
     * took 116 ms at the median, 18 ms with the term (README, "Hybrid search at scale"). Each table gets
     * the virtual generated column (no bytes on disk), its index is rebuilt with it as a last column that every
     * ranking weighs 0, and its triggers write it. The other triggers (facts are never deleted, a retired fact
     * stays retired, a role-memory row takes its edges along) are untouched.
     */
    static final Migration V25_TENANT_TERMS_FOR_LAYERS = new Migration(25,
            "fact, learning and role-memory indexes: the tenant term",
            List.of(
            "ALTER TABLE facts ADD COLUMN " + TenantTerm.COLUMN + " TEXT GENERATED ALWAYS AS ("
                    + TenantTerm.sql("tenant") + ") VIRTUAL",
            "DROP TRIGGER facts_ai",
            "DROP TRIGGER facts_au",
            "DROP TABLE facts_fts",
            """
            CREATE VIRTUAL TABLE facts_fts USING fts5(
              content,
              tenant_term,
              content='facts',
              content_rowid='id',
              tokenize='porter unicode61 remove_diacritics 2'
            )""",
            """
            CREATE TRIGGER facts_ai AFTER INSERT ON facts BEGIN
              INSERT INTO facts_fts(rowid, content, tenant_term) VALUES (new.id, new.content, new.tenant_term);
            END""",
            """
            CREATE TRIGGER facts_au AFTER UPDATE OF content, tenant ON facts BEGIN
              INSERT INTO facts_fts(facts_fts, rowid, content, tenant_term)
                VALUES ('delete', old.id, old.content, old.tenant_term);
              INSERT INTO facts_fts(rowid, content, tenant_term) VALUES (new.id, new.content, new.tenant_term);
            END""",
            "INSERT INTO facts_fts(facts_fts) VALUES ('rebuild')",
            "INSERT INTO facts_fts(facts_fts, rank) VALUES ('rank', 'bm25(1.0, 0.0)')",
            "ALTER TABLE learnings ADD COLUMN " + TenantTerm.COLUMN + " TEXT GENERATED ALWAYS AS ("
                    + TenantTerm.sql("tenant") + ") VIRTUAL",
            "DROP TRIGGER learnings_ai",
            "DROP TRIGGER learnings_ad",
            "DROP TRIGGER learnings_au",
            "DROP TABLE learnings_fts",
            """
            CREATE VIRTUAL TABLE learnings_fts USING fts5(
              task,
              steps,
              context,
              tenant_term,
              content='learnings',
              content_rowid='id',
              tokenize='porter unicode61 remove_diacritics 2'
            )""",
            """
            CREATE TRIGGER learnings_ai AFTER INSERT ON learnings BEGIN
              INSERT INTO learnings_fts(rowid, task, steps, context, tenant_term)
                VALUES (new.id, new.task, new.steps, new.context, new.tenant_term);
            END""",
            """
            CREATE TRIGGER learnings_ad AFTER DELETE ON learnings BEGIN
              INSERT INTO learnings_fts(learnings_fts, rowid, task, steps, context, tenant_term)
                VALUES ('delete', old.id, old.task, old.steps, old.context, old.tenant_term);
            END""",
            """
            CREATE TRIGGER learnings_au AFTER UPDATE OF task, steps, context, tenant ON learnings BEGIN
              INSERT INTO learnings_fts(learnings_fts, rowid, task, steps, context, tenant_term)
                VALUES ('delete', old.id, old.task, old.steps, old.context, old.tenant_term);
              INSERT INTO learnings_fts(rowid, task, steps, context, tenant_term)
                VALUES (new.id, new.task, new.steps, new.context, new.tenant_term);
            END""",
            "INSERT INTO learnings_fts(learnings_fts) VALUES ('rebuild')",
            "INSERT INTO learnings_fts(learnings_fts, rank) VALUES ('rank', 'bm25(1.0, 1.0, 1.0, 0.0)')",
            "ALTER TABLE role_memory ADD COLUMN " + TenantTerm.COLUMN + " TEXT GENERATED ALWAYS AS ("
                    + TenantTerm.sql("tenant") + ") VIRTUAL",
            "DROP TRIGGER role_memory_ai",
            "DROP TRIGGER role_memory_ad",
            "DROP TRIGGER role_memory_au",
            "DROP TABLE role_memory_fts",
            """
            CREATE VIRTUAL TABLE role_memory_fts USING fts5(
              decision,
              asset,
              narrative,
              lesson,
              outcome,
              tenant_term,
              content='role_memory',
              content_rowid='id',
              tokenize='porter unicode61 remove_diacritics 2'
            )""",
            """
            CREATE TRIGGER role_memory_ai AFTER INSERT ON role_memory BEGIN
              INSERT INTO role_memory_fts(rowid, decision, asset, narrative, lesson, outcome, tenant_term)
                VALUES (new.id, new.decision, new.asset, new.narrative, new.lesson, new.outcome, new.tenant_term);
            END""",
            """
            CREATE TRIGGER role_memory_ad AFTER DELETE ON role_memory BEGIN
              INSERT INTO role_memory_fts(role_memory_fts, rowid, decision, asset, narrative, lesson, outcome, tenant_term)
                VALUES ('delete', old.id, old.decision, old.asset, old.narrative, old.lesson, old.outcome, old.tenant_term);
            END""",
            """
            CREATE TRIGGER role_memory_au AFTER UPDATE OF decision, asset, narrative, lesson, outcome, tenant ON role_memory
            BEGIN
              INSERT INTO role_memory_fts(role_memory_fts, rowid, decision, asset, narrative, lesson, outcome, tenant_term)
                VALUES ('delete', old.id, old.decision, old.asset, old.narrative, old.lesson, old.outcome, old.tenant_term);
              INSERT INTO role_memory_fts(rowid, decision, asset, narrative, lesson, outcome, tenant_term)
                VALUES (new.id, new.decision, new.asset, new.narrative, new.lesson, new.outcome, new.tenant_term);
            END""",
            "INSERT INTO role_memory_fts(role_memory_fts) VALUES ('rebuild')",
            "INSERT INTO role_memory_fts(role_memory_fts, rank) VALUES ('rank', 'bm25(1.0, 1.0, 1.0, 1.0, 1.0, 0.0)')"));

    /**
     * The passage triggers (migration 24's), recreated in SQL that older SQLite reads (checked with 3.40.1). They built a
     * passage's neighbour words with {@code group_concat(... ORDER BY ...)}, which SQLite parses only from 3.44
     * (2023): any older SQLite, the one inside the sqlite3 shell of Debian 12 or Python 3.11's module, refused
     * to open the file at all ("malformed database schema (memories_passage_ai)"), so an operator could not
     * inspect, query or repair a Strata database with the tools the README points to. The passages they build
     * are byte for byte the same, so the index is not rebuilt.
     */
    static final Migration V26_PORTABLE_PASSAGE_TRIGGERS = new Migration(26,
            "passage triggers in SQL that older SQLite reads", Stream.concat(Stream.of(
            "DROP TRIGGER memories_passage_ai",
            "DROP TRIGGER memories_passage_au",
            "DROP TRIGGER memories_passage_ad"), passageTriggers(true).stream()).toList());

    static final List<Migration> MIGRATIONS = List.of(V1_GENERAL_MEMORY, V2_SOURCE_BACKFILL, V3_KEYED_MEMORIES,
            V4_ACCESS_AND_VAULT, V5_FACT_LAYER, V6_SESSIONS, V7_EMBEDDINGS, V9_INJECTION_FLAGS, V10_SEARCH_VOCABULARY,
            V11_MEMORY_EDGES, V12_LEARNING_LOOP, V13_ROLE_MEMORY, V15_VAULT_AT_REST, V16_PERSONALIZATION,
            V17_CONVERSATIONS_AND_TRADE_MIRROR, V18_ACTORS_AND_EXPLANATIONS, V19_RETRIES_AND_REVOCATION,
            V20_EVENT_TIME, V21_INSTANCE_META, V22_PASSAGE_INDEX, V23_PASSAGE_MAINTENANCE,
            V24_TENANT_TERMS, V25_TENANT_TERMS_FOR_LAYERS, V26_PORTABLE_PASSAGE_TRIGGERS);
}
