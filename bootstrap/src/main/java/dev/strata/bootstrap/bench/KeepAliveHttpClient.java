package dev.strata.bootstrap.bench;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;

/**
 * A blocking HTTP/1.1 client on one kept-alive loopback connection, for timing the server. The JDK's
 * {@code java.net.http.HttpClient} hands every exchange between its selector thread and an executor:
 * on this project's 2-core machine it measured about 2.4 ms for a health probe that this client (like
 * curl) sees in 0.13 ms, so a latency taken with it is mostly the client's own.
 *
 * <p>It speaks just what the benchmark needs: requests with a {@code Content-Length} body, responses
 * framed by {@code Content-Length} or chunked encoding. Not thread-safe: one connection, one caller.
 */
final class KeepAliveHttpClient implements AutoCloseable {

    /** A response's status, body and headers (names in lower case; the last of a repeated header). */
    record Response(int status, String body, Map<String, String> headers) {

        Response(int status, String body) {
            this(status, body, Map.of());
        }
    }

    private final Socket socket;
    private final OutputStream out;
    private final InputStream in;

    KeepAliveHttpClient(int port) throws IOException {
        socket = new Socket(InetAddress.getLoopbackAddress(), port);
        socket.setTcpNoDelay(true);
        socket.setSoTimeout(60_000);
        out = socket.getOutputStream();
        in = new BufferedInputStream(socket.getInputStream());
    }

    Response post(String path, Map<String, String> headers, String body) throws IOException {
        byte[] content = body.getBytes(StandardCharsets.UTF_8);
        StringBuilder head = new StringBuilder("POST ").append(path).append(" HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                .append("Content-Length: ").append(content.length).append("\r\n");
        headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
        out.write(head.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
        out.write(content);
        out.flush();
        return read();
    }

    private Response read() throws IOException {
        String status = line();
        String[] parts = status.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
            throw new IOException("not an HTTP/1.1 status line: " + status);
        }
        long length = -1;
        boolean chunked = false;
        Map<String, String> headers = new java.util.HashMap<>();
        for (String header = line(); !header.isEmpty(); header = line()) {
            String lower = header.toLowerCase(Locale.ROOT);
            int colon = header.indexOf(':');
            if (colon > 0) {
                headers.put(lower.substring(0, colon).strip(), header.substring(colon + 1).strip());
            }
            if (lower.startsWith("content-length:")) {
                length = Long.parseLong(lower.substring("content-length:".length()).strip());
            } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
                chunked = true;
            }
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        if (chunked) {
            for (int size = chunkSize(); size > 0; size = chunkSize()) {
                body.write(exactly(size));
                line();
            }
            // Trailers, if any, end with an empty line.
            for (String trailer = line(); !trailer.isEmpty(); trailer = line()) {
                continue;
            }
        } else if (length >= 0) {
            body.write(exactly(Math.toIntExact(length)));
        } else {
            throw new IOException("a response without Content-Length or chunked framing cannot be kept alive");
        }
        return new Response(Integer.parseInt(parts[1]), body.toString(StandardCharsets.UTF_8), headers);
    }

    private int chunkSize() throws IOException {
        String size = line();
        int extension = size.indexOf(';');
        return Integer.parseInt((extension >= 0 ? size.substring(0, extension) : size).strip(), 16);
    }

    private byte[] exactly(int n) throws IOException {
        byte[] bytes = in.readNBytes(n);
        if (bytes.length < n) {
            throw new EOFException("the server closed the connection mid-body");
        }
        return bytes;
    }

    private String line() throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                throw new EOFException("the server closed the connection");
            }
            if (c != '\r') {
                line.append((char) c);
            }
        }
        return line.toString();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
