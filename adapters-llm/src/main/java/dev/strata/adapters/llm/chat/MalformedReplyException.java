package dev.strata.adapters.llm.chat;

/** A provider answered 2xx with a body that is not the response its protocol defines. */
final class MalformedReplyException extends Exception {

    MalformedReplyException(String message) {
        super(message);
    }

    MalformedReplyException(String message, Throwable cause) {
        super(message, cause);
    }
}
