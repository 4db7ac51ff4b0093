package dev.strata.adapters.http.mcp;

import dev.strata.domain.memory.Actor;
import dev.strata.domain.memory.Tenant;
import jakarta.json.JsonValue;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * MCP's stdio transport: newline-delimited JSON-RPC messages on an input stream, one answer line per
 * request on an output stream, over the same {@link McpDispatcher} as {@code /mcp}. A desktop client
 * starts one process per server, so the process is the session: no session ids, one tenant and one
 * actor fixed at start. Nothing but protocol messages is ever written to the output stream (logs go to
 * stderr, the caller's business).
 *
 * <p>A line over {@code maxMessageBytes} is skipped whole and answered with -32600, as HTTP answers a
 * body over the gateway's limit with 413; the loop ends at the end of input.
 */
public final class McpStdio {

    private static final System.Logger LOG = System.getLogger(McpStdio.class.getName());
    private static final int INTERNAL_ERROR = -32603;

    private final McpDispatcher dispatcher;
    private final Tenant tenant;
    private final Actor actor;
    private final int maxMessageBytes;

    public McpStdio(McpDispatcher dispatcher, Tenant tenant, Actor actor, int maxMessageBytes) {
        this.dispatcher = Objects.requireNonNull(dispatcher, "dispatcher");
        this.tenant = Objects.requireNonNull(tenant, "tenant");
        this.actor = Objects.requireNonNull(actor, "actor");
        if (maxMessageBytes < 1) {
            throw new IllegalArgumentException("maxMessageBytes must be positive");
        }
        this.maxMessageBytes = maxMessageBytes;
    }

    /** Serves messages from {@code in} until it ends; answers are flushed one line at a time. */
    public void run(InputStream in, OutputStream out) {
        LineReader lines = new LineReader(in, maxMessageBytes);
        try {
            for (Line line = lines.next(); line != null; line = lines.next()) {
                String answer = line.tooLong()
                        ? McpDispatcher.error(JsonValue.NULL, McpDispatcher.INVALID_REQUEST,
                        "message larger than " + maxMessageBytes + " bytes").toString()
                        : handle(line.text());
                if (answer != null) {
                    out.write(answer.getBytes(StandardCharsets.UTF_8));
                    out.write('\n');
                    out.flush();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The answer to one message's text, or null when it is not answered (a notification, a blank line). */
    String handle(String text) {
        if (text.isBlank()) {
            return null;
        }
        return switch (dispatcher.read(text)) {
            case McpDispatcher.Invalid invalid -> invalid.error().toString();
            case McpDispatcher.Ignored ignored -> null;
            case McpDispatcher.Request request -> {
                try {
                    yield dispatcher.answer(request, tenant, () -> actor);
                } catch (RuntimeException e) {
                    // HTTP turns an outage into a 503; here the client only understands JSON-RPC, and the loop goes on
                    LOG.log(System.Logger.Level.ERROR, "MCP request '" + request.method() + "' failed", e);
                    yield McpDispatcher.error(request.id(), INTERNAL_ERROR,
                            "internal error: the request failed; see the server log").toString();
                }
            }
        };
    }

    private record Line(String text, boolean tooLong) {
    }

    /** Reads UTF-8 lines of at most {@code max} bytes; a longer line is consumed and reported, never buffered whole. */
    private static final class LineReader {
        private final InputStream in;
        private final int max;

        LineReader(InputStream in, int max) {
            this.in = new BufferedInputStream(in);
            this.max = max;
        }

        Line next() throws IOException {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            boolean tooLong = false;
            boolean any = false;
            int b;
            while ((b = in.read()) != -1) {
                any = true;
                if (b == '\n') {
                    break;
                }
                if (tooLong) {
                    continue;
                }
                if (line.size() >= max) {
                    tooLong = true;
                    line.reset();
                    continue;
                }
                line.write(b);
            }
            if (!any) {
                return null;
            }
            String text = line.toString(StandardCharsets.UTF_8);
            return new Line(text.endsWith("\r") ? text.substring(0, text.length() - 1) : text, tooLong);
        }
    }
}
