package dev.strata.adapters.sqlite.vec;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * An operating system and CPU pair, named the way the bundled binaries are laid out in the jar:
 * {@code sqlite-vec/<os>-<arch>/vec0.<so|dylib|dll>}.
 *
 * @param os   {@code linux}, {@code macos} or {@code windows}
 * @param arch {@code x86_64} or {@code aarch64}
 */
record NativePlatform(String os, String arch) {

    public NativePlatform {
        Objects.requireNonNull(os, "os");
        Objects.requireNonNull(arch, "arch");
    }

    /** The platform this JVM runs on, if it is one sqlite-vec publishes binaries for. */
    public static Optional<NativePlatform> current() {
        return of(System.getProperty("os.name", ""), System.getProperty("os.arch", ""));
    }

    /** Maps Java's {@code os.name} and {@code os.arch} values to a platform. */
    public static Optional<NativePlatform> of(String osName, String osArch) {
        String name = osName.toLowerCase(Locale.ROOT);
        String os;
        if (name.startsWith("linux")) {
            os = "linux";
        } else if (name.startsWith("mac") || name.startsWith("darwin")) {
            os = "macos";
        } else if (name.startsWith("windows")) {
            os = "windows";
        } else {
            return Optional.empty();
        }
        String arch = switch (osArch.toLowerCase(Locale.ROOT)) {
            case "amd64", "x86_64", "x64" -> "x86_64";
            case "aarch64", "arm64" -> "aarch64";
            default -> "";
        };
        if (arch.isEmpty() || (os.equals("windows") && !arch.equals("x86_64"))) {
            return Optional.empty();
        }
        return Optional.of(new NativePlatform(os, arch));
    }

    /** File name of the loadable extension; SQLite derives the entry point {@code sqlite3_vec_init} from it. */
    public String libraryFileName() {
        return switch (os) {
            case "macos" -> "vec0.dylib";
            case "windows" -> "vec0.dll";
            default -> "vec0.so";
        };
    }

    /** Class-path location of the bundled binary. */
    public String resourcePath() {
        return "sqlite-vec/" + os + "-" + arch + "/" + libraryFileName();
    }

    @Override
    public String toString() {
        return os + "-" + arch;
    }
}
