package dev.strata.adapters.http.conversation;

import dev.strata.domain.conversation.ConversationStore;

/** What a batch did: {@code inserted} new messages, {@code ignored} ids the conversation already held. */
record AppendedView(int inserted, int ignored, String conversationId, String userId) {

    static AppendedView of(ConversationStore.Appended a) {
        return new AppendedView(a.inserted(), a.ignored(), a.conversation().id().value(), a.conversation().userId().value());
    }
}
