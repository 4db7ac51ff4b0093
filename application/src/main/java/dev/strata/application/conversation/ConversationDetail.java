package dev.strata.application.conversation;

import dev.strata.domain.conversation.Conversation;
import dev.strata.domain.conversation.Message;

import java.util.List;
import java.util.Objects;

/** A conversation with one page of its messages and how many it holds in all. */
public record ConversationDetail(Conversation conversation, long messageCount, List<Message> messages) {

    public ConversationDetail {
        Objects.requireNonNull(conversation, "conversation");
        messages = List.copyOf(messages);
    }
}
