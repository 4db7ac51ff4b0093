package dev.strata.adapters.http.languagemodel;

import dev.strata.adapters.http.Resource;
import dev.strata.adapters.http.support.Requests;
import dev.strata.adapters.http.support.Responses;
import dev.strata.application.languagemodel.ModelSpendService;
import dev.strata.domain.error.InvalidInputException;
import dev.strata.domain.memory.Tenant;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/** {@code /v1/model}: whether LLM features are on, and what the tenant spent on model calls. */
public final class ModelHttpService implements Resource {

    private final ModelSpendService spend;

    public ModelHttpService(ModelSpendService spend) {
        this.spend = spend;
    }

    @Override
    public String path() {
        return "/v1/model";
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/spend", this::spend);
    }

    /** {@code GET /v1/model/spend[?day=YYYY-MM-DD]}: one budget day, today by default. */
    private void spend(ServerRequest req, ServerResponse res) {
        Tenant tenant = Requests.tenant(req);
        Optional<String> day = Requests.param(req, "day");
        var report = day.isPresent() ? spend.on(tenant.value(), parseDay(day.get())) : spend.today(tenant.value());
        Responses.ok(res, SpendView.of(report));
    }

    private static LocalDate parseDay(String raw) {
        try {
            return LocalDate.parse(raw.strip());
        } catch (DateTimeParseException e) {
            throw new InvalidInputException("day", "must be a date as YYYY-MM-DD");
        }
    }
}
