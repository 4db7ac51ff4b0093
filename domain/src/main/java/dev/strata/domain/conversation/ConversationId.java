package dev.strata.domain.conversation;

/** A conversation's id, chosen by the client (see {@link ClientId} for the rule). */
public record ConversationId(String value) {

    public ConversationId {
        ClientId.check("conversation_id", value);
    }

    public static ConversationId of(String value) {
        return new ConversationId(value);
    }

    @Override
    public String toString() {
        return value;
    }
}
