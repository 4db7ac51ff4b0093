package dev.strata.domain.conversation;

/**
 * A message's id, chosen by the client and unique within its conversation: re-sending a message
 * with an id the conversation already holds is a no-op, which makes a retried batch harmless.
 */
public record MessageId(String value) {

    public MessageId {
        ClientId.check("id", value);
    }

    public static MessageId of(String value) {
        return new MessageId(value);
    }

    @Override
    public String toString() {
        return value;
    }
}
