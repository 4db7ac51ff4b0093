package dev.strata.adapters.http.conversation;

import dev.strata.domain.conversation.ConversationStore;

/** A deleted conversation and how many messages went with it. */
record DeletedView(String id, boolean deleted, long messages) {

    static DeletedView of(ConversationStore.Deleted d) {
        return new DeletedView(d.conversation().id().value(), true, d.messages());
    }
}
