package dev.strata.adapters.sqlite;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.helidon.dbclient.DbClient;
import io.helidon.dbclient.jdbc.JdbcClientBuilder;
import io.helidon.dbclient.jdbc.JdbcConnectionPool;
import dev.strata.adapters.sqlite.vec.SqliteVecExtension;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteConnection;
import org.sqlite.SQLiteDataSource;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;

/**
 * The one embedded SQLite file: a pooled set of connections configured the same way (WAL, busy
 * timeout, foreign keys, immediate write transactions), the Helidon DB client over them, and the
 * schema migrated to the newest version at open.
 */
public final class SqliteDatabase implements AutoCloseable {

    /** Default file name inside the data directory. */
    public static final String FILE_NAME = "strata.db";

    private final Path file;
    private final HikariDataSource pool;
    private final DbClient dbClient;
    private final DatabaseLock lock;
    private final WriteGate gate;
    /** The connection of the background slice the current thread runs, if any: stores called inside join it. */
    private final ThreadLocal<Connection> sliceConnection = new ThreadLocal<>();

    private SqliteDatabase(Path file, HikariDataSource pool, DbClient dbClient, DatabaseLock lock, WriteGate gate) {
        this.file = file;
        this.pool = pool;
        this.dbClient = dbClient;
        this.lock = lock;
        this.gate = gate;
    }

    /**
     * Opens (creating if needed) the database file and applies pending migrations. The database's
     * {@link DatabaseLock} is held shared until {@link #close()}, which is what marks it live.
     *
     * @throws IllegalStateException with a message fit for an operator when the data directory cannot be
     *                               created or written, or a restore holds the database
     */
    public static SqliteDatabase open(Path file, SqliteSettings settings, Clock clock) {
        return open(file, settings, clock, Optional.empty());
    }

    /**
     * Opens the database with the sqlite-vec extension loaded into every pooled connection when it
     * is available (an unavailable extension has already warned once; the database opens without it).
     */
    public static SqliteDatabase open(Path file, SqliteSettings settings, Clock clock, SqliteVecExtension vec) {
        return open(file, settings, clock, Optional.of(vec));
    }

    private static SqliteDatabase open(Path file, SqliteSettings settings, Clock clock,
                                       Optional<SqliteVecExtension> vec) {
        Objects.requireNonNull(file, "file");
        Path absolute = file.toAbsolutePath();
        Path parent = absolute.getParent();
        if (parent != null && Files.exists(parent) && !Files.isDirectory(parent)) {
            throw new IllegalStateException("the data directory " + parent + " is not a directory");
        }
        try {
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot create the data directory for " + absolute + ": " + e.getMessage(), e);
        }
        if (Files.exists(absolute) && !Files.isWritable(absolute)) {
            throw new IllegalStateException("the database file " + absolute + " is not writable");
        }
        DatabaseLock lock = DatabaseLock.shared(absolute);
        WriteGate gate = new WriteGate(settings.busyTimeout());
        SQLiteDataSource source = dataSource(absolute, settings, vec, gate);
        HikariDataSource pool;
        try {
            // One plain connection first: it applies the same pragmas (WAL needs to write), and when the
            // storage refuses, the operator gets one line instead of the pool's logged stack trace.
            try (Connection first = source.getConnection()) {
                first.isValid(0);
            }
            pool = new HikariDataSource(hikariConfig(source, settings, vec));
        } catch (SQLException | RuntimeException e) {
            lock.close();
            throw storageRefused(absolute, e).orElseGet(() ->
                    new IllegalStateException("cannot open the database " + absolute + ": " + e.getMessage(), e));
        }
        try {
            DbClient client = JdbcClientBuilder.create()
                    .connectionPool(new Pool(pool))
                    .build();
            SqliteDatabase db = new SqliteDatabase(absolute, pool, client, lock, gate);
            new Migrator(new Transactions(db), clock).migrate(Schema.MIGRATIONS);
            return db;
        } catch (RuntimeException e) {
            pool.close();
            lock.close();
            throw storageRefused(absolute, e).<RuntimeException>map(refused -> refused).orElse(e);
        }
    }

    /**
     * A failure to open or migrate caused by the storage (full, read-only, failing), as a message naming
     * the directory; SQLite rolled back whatever migration it interrupted, so the file stays valid.
     */
    private static Optional<IllegalStateException> storageRefused(Path file, Exception e) {
        return SqliteFailures.storageCondition(e).map(condition -> new IllegalStateException(
                "cannot open the database " + file + ": " + refine(condition, file.getParent()) + " in "
                        + file.getParent(), e));
    }

    /** Names the cause of a refused commit from the file system itself when it tells. */
    private static String refine(String condition, Path dir) {
        if (!condition.equals(SqliteFailures.REFUSED_COMMIT)) {
            return condition;
        }
        try {
            FileStore store = Files.getFileStore(dir);
            if (store.isReadOnly()) {
                return "the file system is read-only";
            }
            if (store.getUsableSpace() < FULL_BELOW_BYTES) {
                return "the disk is full (" + store.getUsableSpace() + " bytes usable)";
            }
        } catch (IOException | RuntimeException unknown) {
            // The generic condition below is still true.
        }
        return condition;
    }

    /** A file system with less room than this cannot take one more transaction of ours for practical purposes. */
    private static final long FULL_BELOW_BYTES = 256 * 1024;

    private static SQLiteDataSource dataSource(Path file, SqliteSettings settings, Optional<SqliteVecExtension> vec,
                                               WriteGate gate) {
        SQLiteConfig sqlite = new SQLiteConfig();
        sqlite.setJournalMode(SQLiteConfig.JournalMode.WAL);
        sqlite.setSynchronous(settings.synchronous());
        sqlite.setBusyTimeout((int) settings.busyTimeout().toMillis());
        sqlite.enforceForeignKeys(true);
        // A deferred transaction that reads and then writes can fail with SQLITE_BUSY without ever
        // calling the busy handler; taking the write lock at BEGIN makes writers queue instead.
        sqlite.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
        sqlite.setTempStore(SQLiteConfig.TempStore.MEMORY);
        sqlite.setCacheSize(-16_000);
        vec.ifPresent(v -> v.enableOn(sqlite));
        SQLiteDataSource source = new GatedDataSource(sqlite, gate);
        source.setUrl("jdbc:sqlite:" + file);
        return source;
    }

    private static HikariConfig hikariConfig(SQLiteDataSource source, SqliteSettings settings,
                                             Optional<SqliteVecExtension> vec) {
        HikariConfig config = new HikariConfig();
        config.setDataSource(source);
        config.setPoolName("strata-sqlite");
        config.setMaximumPoolSize(settings.poolSize());
        config.setMinimumIdle(1);
        config.setConnectionTimeout(settings.busyTimeout().toMillis() + 5_000);
        config.setAutoCommit(true);
        vec.flatMap(SqliteVecExtension::connectionInitSql).ifPresent(config::setConnectionInitSql);
        return config;
    }

    public DbClient dbClient() {
        return dbClient;
    }

    /** Plain JDBC, for hot reads, batches and transactions ({@link Transactions}). */
    public Connection connection() throws SQLException {
        return borrow(pool);
    }

    /** Takes a borrowed connection out of the pool for good: it is closed instead of lent again. */
    void evict(Connection connection) {
        pool.evictConnection(connection);
    }

    /**
     * A pooled connection in auto-commit mode, as every borrower expects. When the storage refuses a
     * COMMIT (disk full, file system gone read-only), SQLite rolls back on its own, so the pool's rollback
     * on return fails and the pool skips resetting the connection: it comes back still in manual-commit
     * mode, and whoever borrows it next, a read included, fails. Such a connection is evicted instead.
     */
    private static Connection borrow(HikariDataSource pool) throws SQLException {
        for (int attempt = 0; ; attempt++) {
            Connection c = pool.getConnection();
            if (c.unwrap(SQLiteConnection.class).getAutoCommit() || attempt > pool.getMaximumPoolSize()) {
                return c;
            }
            pool.evictConnection(c);
        }
    }

    public Path file() {
        return file;
    }

    /** The write gate every pooled connection passes: request writers before background slices. */
    public WriteGate writeGate() {
        return gate;
    }

    /**
     * Runs background work's writes as one short transaction that gives way to request writers
     * ({@link WriteGate#slice}); stores that use {@link #withConnection} join it. Called inside a slice, it
     * simply joins the slice already running.
     */
    public <T> T inBackgroundSlice(WriteGate.SqlWork<T> work) throws SQLException {
        Connection joined = sliceConnection.get();
        if (joined != null) {
            return work.run(joined);
        }
        try (Connection c = connection()) {
            sliceConnection.set(c);
            try {
                return gate.slice(c, work, this::evict);
            } finally {
                sliceConnection.remove();
            }
        }
    }

    /**
     * The one way scheduled background jobs run (the server's scheduler calls it for every job): on this thread,
     * every transaction the job opens through the stores becomes a short {@link WriteGate#slice slice} that
     * gives way to request writers, and a row it changes outside a slice (a store writing past
     * {@link Transactions}) is counted in {@link WriteGate.Stats#backgroundWritesOutsideSlices()} and logged.
     */
    public void runAsBackgroundJob(String what, Runnable job) {
        WriteGate.runAsBackgroundJob(java.util.Objects.requireNonNull(what, "what"),
                java.util.Objects.requireNonNull(job, "job"));
    }

    /** The connection of the background slice the current thread runs, if any ({@link Transactions} joins it). */
    Optional<Connection> sliceConnection() {
        return Optional.ofNullable(sliceConnection.get());
    }

    /**
     * Runs {@code work} on the current thread's background slice connection when there is one (so the work
     * joins that transaction), else on a pooled connection in auto-commit mode.
     */
    public <T> T withConnection(WriteGate.SqlWork<T> work) throws SQLException {
        Connection joined = sliceConnection.get();
        if (joined != null) {
            return work.run(joined);
        }
        try (Connection c = connection()) {
            return work.run(c);
        }
    }

    @Override
    public void close() {
        try {
            dbClient.close();
            pool.close();
        } finally {
            lock.close();
        }
    }

    /** Puts every new connection under the write gate before anyone can use it. */
    private static final class GatedDataSource extends SQLiteDataSource {
        private final transient WriteGate gate;

        GatedDataSource(SQLiteConfig config, WriteGate gate) {
            super(config);
            this.gate = gate;
        }

        @Override
        public SQLiteConnection getConnection(String username, String password) throws SQLException {
            SQLiteConnection c = super.getConnection(username, password);
            try {
                gate.watch(c);
            } catch (SQLException | RuntimeException e) {
                c.close();
                throw e;
            }
            return c;
        }
    }

    /** Lends Hikari's connections to the Helidon DB client. */
    private record Pool(HikariDataSource dataSource) implements JdbcConnectionPool {

        @Override
        public Connection connection() {
            try {
                return borrow(dataSource);
            } catch (SQLException e) {
                throw new IllegalStateException("no SQLite connection available: " + e.getMessage(), e);
            }
        }

        @Override
        public String dbType() {
            return "sqlite";
        }
    }
}
