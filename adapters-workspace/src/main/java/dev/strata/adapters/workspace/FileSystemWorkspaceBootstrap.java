package dev.strata.adapters.workspace;

import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.workspace.WorkspaceBootstrap;
import dev.strata.domain.workspace.WorkspaceKind;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Deletes the workspace's BOOTSTRAP.md once its first session is stored. It deletes the directory
 * entry itself: when BOOTSTRAP.md is a symlink, the link goes and its target stays. A name that
 * resolves outside the workspace is never touched (the reader refused it too, so no session ran it).
 */
public final class FileSystemWorkspaceBootstrap implements WorkspaceBootstrap {

    private static final System.Logger LOG = System.getLogger(FileSystemWorkspaceBootstrap.class.getName());
    private static final String NAME = WorkspaceKind.BOOTSTRAP.fileName();

    private final WorkspaceRoot root;

    public FileSystemWorkspaceBootstrap(Path directory) {
        this.root = new WorkspaceRoot(directory);
    }

    /**
     * @throws UnavailableException when the file system refuses the delete
     */
    @Override
    public boolean delete() {
        try {
            Optional<Path> existing = root.resolveExisting(NAME);
            if (existing.isEmpty()) {
                return false;
            }
            boolean deleted = Files.deleteIfExists(root.directory().resolve(NAME));
            if (deleted) {
                LOG.log(Level.INFO, "workspace: BOOTSTRAP.md ran in its first session and was deleted");
            }
            return deleted;
        } catch (WorkspacePathException escape) {
            LOG.log(Level.WARNING, "workspace: BOOTSTRAP.md " + escape.reason() + "; left untouched");
            return false;
        } catch (IOException e) {
            throw new UnavailableException("cannot delete " + NAME + " in " + root.directory() + ": " + e.getMessage(), e);
        }
    }
}
