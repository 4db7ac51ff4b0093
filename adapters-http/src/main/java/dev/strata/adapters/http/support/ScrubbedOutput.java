package dev.strata.adapters.http.support;

import dev.strata.domain.memory.Tenant;
import dev.strata.domain.vault.CredentialScrubber;
import io.helidon.common.context.Context;
import io.helidon.webserver.http.Filter;
import io.helidon.webserver.http.FilterChain;
import io.helidon.webserver.http.RoutingRequest;
import io.helidon.webserver.http.RoutingResponse;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The one choke point for response bodies: the first filter on the routing wraps every response's
 * output stream, so whatever a handler, an error handler or an observer sends (JSON, problem
 * documents, tool envelopes, the text snapshot, metrics) is buffered and passed through the
 * {@link CredentialScrubber} before a byte reaches the socket. No handler can opt out by writing
 * differently; the only exception is the explicit read of one vault key, which marks its own value
 * as revealed (see {@link #reveal}) while every other secret in that body is still redacted. The
 * labels name the key only of the requesting tenant's own secrets
 * ({@link CredentialScrubber#scrubFor}).
 *
 * <p>Bodies are buffered whole, which suits the gateway's bounded JSON and text responses; a body
 * that is not valid UTF-8 is binary and passes unchanged.
 */
public final class ScrubbedOutput implements Filter {

    private final CredentialScrubber scrubber;

    public ScrubbedOutput(CredentialScrubber scrubber) {
        this.scrubber = Objects.requireNonNull(scrubber, "scrubber");
    }

    /** Lets this request's response show {@code value}: only for {@code GET /v1/vault/{key}}. */
    public static void reveal(Context requestContext, String value) {
        requestContext.register(new Revealed(value));
    }

    @Override
    public void filter(FilterChain chain, RoutingRequest req, RoutingResponse res) {
        Context context = req.context();
        res.streamFilter(out -> new ScrubbingStream(out, scrubber,
                () -> context.get(Revealed.class).map(Revealed::value), () -> Requests.viewer(req)));
        chain.proceed();
    }

    private record Revealed(String value) {
    }

    private static final class ScrubbingStream extends OutputStream {

        private final OutputStream delegate;
        private final CredentialScrubber scrubber;
        private final Supplier<Optional<String>> revealed;
        private final Supplier<Optional<Tenant>> viewer;
        private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        private boolean closed;

        /** Both suppliers are asked at close, once authentication has said who the request's tenant is. */
        ScrubbingStream(OutputStream delegate, CredentialScrubber scrubber,
                        Supplier<Optional<String>> revealed, Supplier<Optional<Tenant>> viewer) {
            this.delegate = delegate;
            this.scrubber = scrubber;
            this.revealed = revealed;
            this.viewer = viewer;
        }

        @Override
        public void write(int b) {
            buffer.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            buffer.write(b, off, len);
        }

        /** Nothing leaves before close: a secret split across two flushes would escape the scrubber. */
        @Override
        public void flush() {
            // Deliberately buffered until close.
        }

        @Override
        public void close() throws IOException {
            if (closed) {
                return;
            }
            closed = true;
            try {
                if (buffer.size() > 0) {
                    delegate.write(scrubbed(buffer.toByteArray()));
                }
            } finally {
                delegate.close();
            }
        }

        private byte[] scrubbed(byte[] body) {
            String text;
            try {
                text = StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)
                        .decode(ByteBuffer.wrap(body)).toString();
            } catch (CharacterCodingException e) {
                return body;
            }
            return scrubber.scrubFor(viewer.get(), text, revealed.get()).getBytes(StandardCharsets.UTF_8);
        }
    }
}
