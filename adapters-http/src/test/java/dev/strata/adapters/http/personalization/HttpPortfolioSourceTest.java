package dev.strata.adapters.http.personalization;

import com.sun.net.httpserver.HttpServer;
import dev.strata.domain.error.UnavailableException;
import dev.strata.domain.memory.Tenant;
import dev.strata.domain.personalization.PortfolioReading;
import dev.strata.domain.personalization.UserId;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link HttpPortfolioSource} against a stub portfolio service on loopback. */
class HttpPortfolioSourceTest {

    private HttpServer stub;
    private final AtomicInteger status = new AtomicInteger(200);
    private final AtomicReference<String> body = new AtomicReference<>("{}");
    private final AtomicInteger delayMillis = new AtomicInteger();
    private final List<String> queries = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws IOException {
        stub = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        stub.createContext("/portfolio", exchange -> {
            queries.add(exchange.getRequestURI().getRawQuery());
            try {
                Thread.sleep(delayMillis.get());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            byte[] bytes = body.get().getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status.get(), bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        stub.start();
    }

    @AfterEach
    void stop() {
        stub.stop(0);
    }

    private HttpPortfolioSource source(Duration timeout) {
        return new HttpPortfolioSource(URI.create("http://127.0.0.1:" + stub.getAddress().getPort() + "/portfolio"),
                timeout);
    }

    @Test
    void a_reading_comes_back_exactly_for_the_tenant_and_user_asked() {
        body.set("{\"spot_holdings_usd\": 1234.5, \"perp_value_usd\": \"0.25\"}");

        PortfolioReading r = source(Duration.ofSeconds(5)).read(Tenant.of("acme"), UserId.of("u:1"));

        assertThat(r.spotHoldingsUsd()).isEqualByComparingTo("1234.5");
        assertThat(r.totalUsd()).isEqualByComparingTo("1234.75");
        assertThat(queries).containsExactly("tenant=acme&user_id=u%3A1");
    }

    @Test
    void every_failure_is_unavailable_so_the_last_value_stays() {
        HttpPortfolioSource source = source(Duration.ofMillis(300));
        for (String[] c : new String[][]{{"502", "{}"}, {"200", "not json"}, {"200", "{\"spot_holdings_usd\":1}"},
                {"200", "{\"spot_holdings_usd\":-5,\"perp_value_usd\":0}"}, {"200", "[1,2]"},
                {"200", "{\"spot_holdings_usd\":\"lots\",\"perp_value_usd\":0}"}}) {
            status.set(Integer.parseInt(c[0]));
            body.set(c[1]);
            assertThatThrownBy(() -> source.read(Tenant.DEFAULT, UserId.DEFAULT)).as(c[1])
                    .isInstanceOf(UnavailableException.class);
        }
        status.set(200);
        body.set("{\"spot_holdings_usd\":1,\"perp_value_usd\":1}");
        delayMillis.set(2_000);
        assertThatThrownBy(() -> source.read(Tenant.DEFAULT, UserId.DEFAULT)).isInstanceOf(UnavailableException.class);
    }

    @Test
    void an_unreachable_service_is_unavailable_and_a_non_http_url_is_refused_at_start() {
        int port = stub.getAddress().getPort();
        stub.stop(0);

        assertThatThrownBy(() -> new HttpPortfolioSource(URI.create("http://127.0.0.1:" + port + "/p"),
                Duration.ofMillis(500)).read(Tenant.DEFAULT, UserId.DEFAULT)).isInstanceOf(UnavailableException.class);
        assertThatThrownBy(() -> new HttpPortfolioSource(URI.create("file:///etc/passwd"), Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
