package dev.strata.adapters.sqlite;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Where the vault keys come from: an environment variable (base64 keys, comma-separated, the
 * sealing key first) when one is given, otherwise a key file kept outside the data directory —
 * by default beside it, {@code <data-dir>.vault-key} — so that copying or backing up the data
 * directory never copies the key.
 *
 * <p>The file holds one base64 key per line, the sealing key first; blank lines and lines starting
 * with {@code #} are ignored. It must be readable by its owner only (mode 600 on POSIX systems):
 * a key file anyone can read is refused at start. It is created, with a fresh key and mode 600, the
 * first time a secret has to be sealed. To rotate, put a new key on the first line (keeping the old
 * one below it) and restart: every value is re-sealed under the new key at start, after which the
 * old line can be removed. {@link #rotate} does the same in one step.
 */
public final class VaultKeyFile {

    /** How the default key file is named beside the data directory. */
    public static final String SUFFIX = ".vault-key";
    private static final Set<PosixFilePermission> OWNER_ONLY = EnumSet.of(PosixFilePermission.OWNER_READ,
            PosixFilePermission.OWNER_WRITE);

    private VaultKeyFile() {
    }

    /** The default key file of a data directory: {@code <parent>/<name>.vault-key}, outside it. */
    public static Path besideDataDir(Path dataDir) {
        Path absolute = dataDir.toAbsolutePath().normalize();
        Path parent = absolute.getParent();
        return parent == null ? absolute.resolve("strata" + SUFFIX) : parent.resolve(absolute.getFileName() + SUFFIX);
    }

    /**
     * The keyring for a database: from {@code environment} (the value of {@code STRATA_VAULT_KEY}) when
     * it is set, else from {@code file}, created on first use.
     */
    public static VaultKeyring keyring(Path file, Optional<String> environment) {
        Optional<String> fromEnvironment = environment.map(String::strip).filter(v -> !v.isEmpty());
        if (fromEnvironment.isPresent()) {
            List<byte[]> keys = parse(fromEnvironment.get().replace(',', '\n'), "STRATA_VAULT_KEY");
            return VaultKeyring.of(keys);
        }
        Path absolute = file.toAbsolutePath();
        return new VaultKeyring(() -> readOrCreate(absolute));
    }

    /**
     * Rotates the keys of a key file in place: writes a new sealing key above the existing ones (the
     * old keys stay, so every value stays readable) and returns the new key's id. Re-sealing happens
     * when the database is next opened with this file; once it has, the old lines can be removed.
     */
    public static String rotate(Path file) {
        List<byte[]> keys = new ArrayList<>(readOrCreate(file.toAbsolutePath()));
        byte[] fresh = VaultKeyring.newKey();
        keys.add(0, fresh);
        write(file.toAbsolutePath(), keys);
        return VaultKeyring.idOf(fresh);
    }

    private static synchronized List<byte[]> readOrCreate(Path file) {
        if (!Files.exists(file)) {
            write(file, List.of(VaultKeyring.newKey()));
            System.getLogger(VaultKeyFile.class.getName()).log(System.Logger.Level.INFO,
                    "created the vault key file " + file + " (mode 600); keep it out of backups of the data directory");
        }
        requireOwnerOnly(file);
        try {
            return parse(Files.readString(file, StandardCharsets.US_ASCII), file.toString());
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the vault key file " + file + ": " + e.getMessage(), e);
        }
    }

    private static void requireOwnerOnly(Path file) {
        PosixFileAttributeView posix = Files.getFileAttributeView(file, PosixFileAttributeView.class);
        if (posix == null) {
            return; // no POSIX permissions on this file system: its ACLs are the operator's to set
        }
        try {
            Set<PosixFilePermission> permissions = posix.readAttributes().permissions();
            if (!OWNER_ONLY.containsAll(permissions)) {
                throw new IllegalStateException("the vault key file " + file + " is readable by others ("
                        + PosixFilePermissions.toString(permissions) + "); make it owner-only: chmod 600 " + file);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the permissions of " + file + ": " + e.getMessage(), e);
        }
    }

    private static List<byte[]> parse(String text, String where) {
        List<byte[]> keys = new ArrayList<>();
        for (String line : text.split("\n")) {
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("#")) {
                continue;
            }
            byte[] key;
            try {
                key = Base64.getDecoder().decode(t);
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException("a vault key in " + where + " is not base64");
            }
            if (key.length != VaultKeyring.KEY_BYTES) {
                throw new IllegalStateException("a vault key in " + where + " is " + key.length + " bytes; it must be "
                        + VaultKeyring.KEY_BYTES + " (openssl rand -base64 32)");
            }
            keys.add(key);
        }
        if (keys.isEmpty()) {
            throw new IllegalStateException("no vault key in " + where);
        }
        return keys;
    }

    /** Writes the keys to a new owner-only file beside {@code file}, then moves it into place. */
    private static void write(Path file, List<byte[]> keys) {
        StringBuilder text = new StringBuilder("# Strata vault keys: the first seals, every one opens. Keep this file out of"
                + " backups of the data directory.\n");
        keys.forEach(k -> text.append(Base64.getEncoder().encodeToString(k)).append('\n'));
        Path dir = file.getParent();
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        try {
            if (dir != null) {
                Files.createDirectories(dir);
            }
            Files.deleteIfExists(partial);
            boolean posix = Files.getFileAttributeView(dir == null ? Path.of(".") : dir, PosixFileAttributeView.class)
                    != null;
            if (posix) {
                Files.createFile(partial, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
            } else {
                Files.createFile(partial);
            }
            Files.writeString(partial, text, StandardCharsets.US_ASCII);
            try {
                Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (FileAlreadyExistsException e) {
            throw new IllegalStateException("cannot write the vault key file " + file + ": " + partial + " exists", e);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write the vault key file " + file + ": " + e.getMessage(), e);
        }
    }
}
