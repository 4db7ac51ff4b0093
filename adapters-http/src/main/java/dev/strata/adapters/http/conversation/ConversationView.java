package dev.strata.adapters.http.conversation;

import dev.strata.application.conversation.ConversationDetail;

import java.time.Instant;
import java.util.List;

/** A conversation with one page of its messages. */
record ConversationView(String id, String userId, Instant createdAt, long messageCount, List<MessageView> messages) {

    static ConversationView of(ConversationDetail d) {
        return new ConversationView(d.conversation().id().value(), d.conversation().userId().value(),
                d.conversation().createdAt(), d.messageCount(), d.messages().stream().map(MessageView::of).toList());
    }
}
