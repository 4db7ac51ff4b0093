package dev.strata.adapters.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/**
 * Requests written byte for byte on a socket to 127.0.0.1, for what an HTTP client library will not send:
 * duplicate headers, raw paths, trickled or half-sent requests.
 */
final class RawHttp {

    private RawHttp() {
    }

    /** Sends {@code request} (CRLFs included) and reads the whole answer (the request asks to close). */
    static String exchange(int port, String request) {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.UTF_8));
            out.flush();
            return readAll(socket.getInputStream());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A GET/DELETE/POST with {@code Connection: close} and the given extra header lines and body. */
    static String request(int port, String method, String path, String body, String... headerLines) {
        StringBuilder r = new StringBuilder(method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n");
        for (String line : headerLines) {
            r.append(line).append("\r\n");
        }
        byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        if (body != null) {
            r.append("Content-Type: application/json\r\nContent-Length: ").append(bytes.length).append("\r\n");
        }
        r.append("\r\n");
        if (body != null) {
            r.append(body);
        }
        return exchange(port, r.toString());
    }

    static int status(String response) {
        return Integer.parseInt(response.substring(9, 12));
    }

    /** Reads one answer: its head, then as many body bytes as its Content-Length says (or to the end). */
    static String readAll(InputStream in) throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        try {
            int b;
            while ((b = in.read()) >= 0) {
                all.write(b);
                String text = all.toString(StandardCharsets.ISO_8859_1);
                int end = text.indexOf("\r\n\r\n");
                if (end >= 0) {
                    java.util.regex.Matcher length = java.util.regex.Pattern
                            .compile("(?im)^content-length:\\s*(\\d+)").matcher(text);
                    if (length.find()) {
                        all.write(in.readNBytes(Integer.parseInt(length.group(1))));
                        break;
                    }
                }
            }
        } catch (SocketTimeoutException e) {
            // what arrived is the answer
        }
        return all.toString(StandardCharsets.UTF_8);
    }
}
