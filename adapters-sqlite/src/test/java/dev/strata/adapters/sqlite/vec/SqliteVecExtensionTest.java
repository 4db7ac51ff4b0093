package dev.strata.adapters.sqlite.vec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteConfig;

class SqliteVecExtensionTest {

    @TempDir
    Path temp;

    private final RecordingLogger logger = new RecordingLogger();

    private SqliteVecExtension bundled(Path root) {
        return SqliteVecExtension.bundled(root, NativePlatform.current(), getClass().getClassLoader(), logger);
    }

    private static String queryString(Connection connection, String sql) throws Exception {
        try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(sql)) {
            result.next();
            return result.getString(1);
        }
    }

    @Test
    void the_build_bundles_a_binary_for_this_platform() {
        Optional<NativePlatform> platform = NativePlatform.current();

        assertThat(platform).as("this machine is a platform sqlite-vec publishes binaries for").isPresent();
        assertThat(getClass().getClassLoader().getResource(platform.get().resourcePath())).isNotNull();
    }

    @Test
    void extracts_the_bundled_binary_and_loads_it() {
        SqliteVecExtension extension = bundled(temp);

        assertThat(extension.isAvailable()).isTrue();
        assertThat(extension.version()).hasValue("v0.1.9");
        assertThat(extension.unavailableReason()).isEmpty();
        assertThat(extension.libraryPath()).hasValueSatisfying(path -> assertThat(path).startsWith(temp).exists());
        assertThat(logger.entries()).isEmpty();
    }

    @Test
    void extracts_once_and_reuses_the_file() throws Exception {
        Path first = bundled(temp).libraryPath().orElseThrow();
        Path second = bundled(temp).libraryPath().orElseThrow();

        assertThat(second).isEqualTo(first);
        try (Stream<Path> files = Files.walk(temp)) {
            assertThat(files.filter(Files::isRegularFile).toList()).containsExactly(first);
        }
    }

    @Test
    void loads_into_a_file_database_connection() throws Exception {
        SqliteVecExtension extension = bundled(temp.resolve("lib"));

        try (Connection connection = extension.open("jdbc:sqlite:" + temp.resolve("strata.db"), new SQLiteConfig())) {
            assertThat(queryString(connection, "SELECT vec_version()")).isEqualTo("v0.1.9");
        }
    }

    @Test
    void offers_an_init_statement_for_connection_pools() throws Exception {
        SqliteVecExtension extension = bundled(temp.resolve("it's here"));
        SQLiteConfig config = extension.enableOn(new SQLiteConfig());

        try (Connection connection = DriverManager.getConnection("jdbc:sqlite::memory:", config.toProperties());
                Statement statement = connection.createStatement()) {
            statement.execute(extension.connectionInitSql().orElseThrow());
            assertThat(queryString(connection, "SELECT vec_version()")).isEqualTo("v0.1.9");
        }
    }

    @Test
    void a_missing_library_is_unavailable_with_one_warning_and_no_exception() throws Exception {
        SqliteVecExtension extension = SqliteVecExtension.fromLibrary(temp.resolve("nowhere/vec0.so"), logger);

        assertThat(extension.isAvailable()).isFalse();
        assertThat(extension.libraryPath()).isEmpty();
        assertThat(extension.connectionInitSql()).isEmpty();
        assertThat(extension.unavailableReason()).hasValueSatisfying(reason -> assertThat(reason).contains("does not exist"));
        assertThat(logger.at(Level.WARNING)).singleElement()
                .satisfies(entry -> assertThat(entry.message()).contains("degrades to BM25"));
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            assertThat(extension.loadInto(connection)).isFalse();
            assertThat(extension.loadInto(connection)).isFalse();
        }
        try (Connection connection = extension.open("jdbc:sqlite:" + temp.resolve("plain.db"), new SQLiteConfig());
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE VIRTUAL TABLE docs USING fts5(content)");
            assertThatThrownBy(() -> statement.execute("SELECT load_extension('anything')"))
                    .as("extension loading stays disabled in the degraded state")
                    .isInstanceOf(SQLException.class);
        }
        assertThat(logger.entries()).hasSize(1);
    }

    @Test
    void a_corrupt_library_is_unavailable() throws Exception {
        Path garbage = Files.write(temp.resolve("vec0.so"), new byte[] {1, 2, 3, 4});

        SqliteVecExtension extension = SqliteVecExtension.fromLibrary(garbage, logger);

        assertThat(extension.isAvailable()).isFalse();
        assertThat(logger.at(Level.WARNING)).hasSize(1);
    }

    @Test
    void a_platform_without_a_bundled_binary_is_unavailable() {
        SqliteVecExtension unsupported = SqliteVecExtension.bundled(temp, Optional.empty(),
                getClass().getClassLoader(), logger);
        SqliteVecExtension notBundled = SqliteVecExtension.bundled(temp, Optional.of(new NativePlatform("linux", "riscv64")),
                getClass().getClassLoader(), logger);

        assertThat(unsupported.isAvailable()).isFalse();
        assertThat(notBundled.isAvailable()).isFalse();
        assertThat(notBundled.unavailableReason()).hasValueSatisfying(reason -> assertThat(reason).contains("linux-riscv64"));
        assertThat(logger.at(Level.WARNING)).hasSize(2);
    }

    @Test
    void when_unavailable_there_is_no_vector_index() {
        SqliteVecExtension extension = SqliteVecExtension.fromLibrary(temp.resolve("missing.so"), logger);

        assertThat(SqliteVectorIndex.whenAvailable(extension, "memory_vectors", 384)).isEmpty();
        assertThat(SqliteVectorIndex.whenAvailable(bundled(temp), "memory_vectors", 384)).isPresent();
    }

    @Test
    void maps_java_platform_names_to_bundle_directories() {
        assertThat(NativePlatform.of("Linux", "amd64")).hasValue(new NativePlatform("linux", "x86_64"));
        assertThat(NativePlatform.of("Linux", "aarch64")).hasValue(new NativePlatform("linux", "aarch64"));
        assertThat(NativePlatform.of("Mac OS X", "aarch64").map(NativePlatform::resourcePath))
                .hasValue("sqlite-vec/macos-aarch64/vec0.dylib");
        assertThat(NativePlatform.of("Windows 11", "amd64").map(NativePlatform::resourcePath))
                .hasValue("sqlite-vec/windows-x86_64/vec0.dll");
        assertThat(NativePlatform.of("Windows 11", "aarch64")).isEmpty();
        assertThat(NativePlatform.of("FreeBSD", "amd64")).isEmpty();
        assertThat(List.of("linux-x86_64", "linux-aarch64", "macos-x86_64", "macos-aarch64", "windows-x86_64"))
                .allSatisfy(dir -> assertThat(getClass().getClassLoader().getResource("sqlite-vec/" + dir)).isNotNull());
    }
}
