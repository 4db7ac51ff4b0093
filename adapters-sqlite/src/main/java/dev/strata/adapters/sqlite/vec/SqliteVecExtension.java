package dev.strata.adapters.sqlite.vec;

import java.io.IOException;
import java.io.InputStream;
import java.lang.System.Logger.Level;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Optional;
import org.sqlite.SQLiteConfig;

/**
 * The sqlite-vec loadable extension ({@code vec0} virtual tables, KNN search), shipped inside
 * this jar for Linux, macOS and Windows and loaded into SQLite connections at run time.
 *
 * <p>Resolving it extracts the platform's binary once into a directory named after its
 * SHA-256 (so versions never clash and concurrent starts reuse one file) and proves it by
 * loading it into an in-memory database. When any step fails the extension is
 * <em>unavailable</em>: one warning is logged, nothing is thrown, and callers keep keyword
 * search only. Create one instance per process and reuse it.
 */
public final class SqliteVecExtension {

    /** Default parent of the extracted binaries. */
    public static final Path DEFAULT_EXTRACT_ROOT = Path.of(System.getProperty("java.io.tmpdir"), "strata-sqlite-vec");

    private final Optional<Path> library;
    private final Optional<String> version;
    private final Optional<String> unavailableReason;

    private SqliteVecExtension(Optional<Path> library, Optional<String> version, Optional<String> unavailableReason) {
        this.library = library;
        this.version = version;
        this.unavailableReason = unavailableReason;
    }

    /** The binary bundled for this platform, extracted under {@link #DEFAULT_EXTRACT_ROOT}. */
    public static SqliteVecExtension bundled() {
        return bundled(DEFAULT_EXTRACT_ROOT);
    }

    /**
     * The binary bundled for this platform, extracted under {@code extractRoot} (choose a
     * directory on a file system that allows executable mappings when {@code /tmp} is noexec).
     */
    public static SqliteVecExtension bundled(Path extractRoot) {
        return bundled(extractRoot, NativePlatform.current(), SqliteVecExtension.class.getClassLoader(), defaultLogger());
    }

    /** A binary at a known path, e.g. one installed by the system's package manager. */
    public static SqliteVecExtension fromLibrary(Path library) {
        return fromLibrary(library, defaultLogger());
    }

    static SqliteVecExtension bundled(Path extractRoot, Optional<NativePlatform> platform, ClassLoader resources,
            System.Logger logger) {
        Objects.requireNonNull(extractRoot, "extractRoot");
        if (platform.isEmpty()) {
            return unavailable("no sqlite-vec binary exists for " + System.getProperty("os.name") + " on "
                    + System.getProperty("os.arch"), logger);
        }
        NativePlatform target = platform.get();
        byte[] binary;
        try (InputStream in = resources.getResourceAsStream(target.resourcePath())) {
            if (in == null) {
                return unavailable("this build does not bundle sqlite-vec for " + target
                        + " (resource " + target.resourcePath() + " is missing)", logger);
            }
            binary = in.readAllBytes();
        } catch (IOException e) {
            return unavailable("cannot read the bundled sqlite-vec binary: " + e.getMessage(), logger);
        }
        Path extracted;
        try {
            extracted = extract(binary, extractRoot, target.libraryFileName());
        } catch (IOException e) {
            return unavailable("cannot extract sqlite-vec to " + extractRoot + ": " + e.getMessage(), logger);
        }
        return fromLibrary(extracted, logger);
    }

    static SqliteVecExtension fromLibrary(Path library, System.Logger logger) {
        Objects.requireNonNull(library, "library");
        Path absolute = library.toAbsolutePath();
        if (!Files.isRegularFile(absolute)) {
            return unavailable("sqlite-vec library " + absolute + " does not exist", logger);
        }
        try (Connection probe = DriverManager.getConnection("jdbc:sqlite::memory:", extensionConfig().toProperties())) {
            load(probe, absolute);
            try (PreparedStatement statement = probe.prepareStatement("SELECT vec_version()");
                    ResultSet result = statement.executeQuery()) {
                result.next();
                return new SqliteVecExtension(Optional.of(absolute), Optional.of(result.getString(1)), Optional.empty());
            }
        } catch (SQLException | UnsatisfiedLinkError e) {
            return unavailable("sqlite-vec library " + absolute + " cannot be loaded: " + e.getMessage(), logger);
        }
    }

    private static SqliteVecExtension unavailable(String reason, System.Logger logger) {
        logger.log(Level.WARNING, reason + "; vector search is off and hybrid search degrades to BM25");
        return new SqliteVecExtension(Optional.empty(), Optional.empty(), Optional.of(reason));
    }

    private static System.Logger defaultLogger() {
        return System.getLogger(SqliteVecExtension.class.getName());
    }

    /** True when the extension loaded in the probe and can be loaded into connections. */
    public boolean isAvailable() {
        return library.isPresent();
    }

    /** The loadable library file, when available. */
    public Optional<Path> libraryPath() {
        return library;
    }

    /** {@code vec_version()} of the loaded extension, e.g. {@code v0.1.9}. */
    public Optional<String> version() {
        return version;
    }

    /** Why the extension is unavailable; empty when it is available. */
    public Optional<String> unavailableReason() {
        return unavailableReason;
    }

    /**
     * Allows extension loading on connections built from {@code config}, required before
     * {@link #loadInto} or {@link #connectionInitSql()} can work on them. When the extension is
     * unavailable the config is left alone: {@code load_extension()} stays disabled, so SQL can
     * never load a library nobody meant to load.
     */
    public SQLiteConfig enableOn(SQLiteConfig config) {
        Objects.requireNonNull(config, "config");
        if (isAvailable()) {
            config.enableLoadExtension(true);
        }
        return config;
    }

    /**
     * SQL that loads the extension, for a pool's per-connection init statement (Hikari's
     * {@code connectionInitSql}); empty when unavailable.
     */
    public Optional<String> connectionInitSql() {
        return library.map(path -> "SELECT load_extension('" + path.toString().replace("'", "''") + "')");
    }

    /**
     * Loads the extension into {@code connection}, which must allow extension loading
     * ({@link #enableOn}). Loading twice into one connection is harmless.
     *
     * @return false, doing nothing, when the extension is unavailable
     * @throws SQLException when the connection refuses the extension
     */
    public boolean loadInto(Connection connection) throws SQLException {
        if (library.isEmpty()) {
            return false;
        }
        load(connection, library.get());
        return true;
    }

    /** Opens a connection to {@code jdbcUrl} with the extension loaded when available. */
    public Connection open(String jdbcUrl, SQLiteConfig config) throws SQLException {
        Connection connection = DriverManager.getConnection(jdbcUrl, enableOn(config).toProperties());
        try {
            loadInto(connection);
            return connection;
        } catch (SQLException e) {
            connection.close();
            throw e;
        }
    }

    private static SQLiteConfig extensionConfig() {
        SQLiteConfig config = new SQLiteConfig();
        config.enableLoadExtension(true);
        return config;
    }

    private static void load(Connection connection, Path library) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("SELECT load_extension(?)")) {
            statement.setString(1, library.toString());
            statement.execute();
        }
    }

    /** Writes the binary once per content hash; a half-written file is never visible. */
    private static Path extract(byte[] binary, Path root, String fileName) throws IOException {
        String digest = sha256(binary);
        Path directory = root.resolve(digest.substring(0, 16));
        Path target = directory.resolve(fileName);
        if (Files.isRegularFile(target) && sha256(Files.readAllBytes(target)).equals(digest)) {
            return target;
        }
        Files.createDirectories(directory);
        Path partial = Files.createTempFile(directory, fileName, ".part");
        try {
            Files.write(partial, binary);
            try {
                Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(partial);
        }
        return target;
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK always provides SHA-256", e);
        }
    }
}
