package dev.strata.adapters.http.session;

import dev.strata.domain.prompt.PromptBlock;
import dev.strata.domain.session.Session;
import dev.strata.domain.workspace.IdentityMetadata;
import dev.strata.domain.workspace.WorkspaceNotice;

import java.util.List;
import java.util.Locale;

/**
 * A frozen session: its prompt {@code blocks} in order (the cached prefix first), the agent's
 * {@code identity} from the workspace ({@code null} fields where the workspace names none), and
 * the {@code notices} the workspace read left.
 */
record SessionView(String id, String createdAt, String expiresAt, boolean bootstrap, IdentityView identity,
                   List<BlockView> blocks, List<NoticeView> notices) {

    static SessionView of(Session s) {
        return new SessionView(s.id().value(), s.createdAt().toString(), s.expiresAt().toString(), s.bootstrap(),
                IdentityView.of(s.identity()), s.blocks().stream().map(BlockView::of).toList(),
                s.notices().stream().map(NoticeView::of).toList());
    }

    record IdentityView(String name, String vibe, String emoji) {
        static IdentityView of(IdentityMetadata i) {
            return new IdentityView(i.name().orElse(null), i.vibe().orElse(null), i.emoji().orElse(null));
        }
    }

    record BlockView(String name, String text, boolean cache) {
        static BlockView of(PromptBlock b) {
            return new BlockView(b.name(), b.text(), b.cache());
        }
    }

    record NoticeView(String type, String path, String message) {
        static NoticeView of(WorkspaceNotice n) {
            return new NoticeView(n.type().name().toLowerCase(Locale.ROOT), n.path(), n.message());
        }
    }
}
