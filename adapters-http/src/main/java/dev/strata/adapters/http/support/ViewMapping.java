package dev.strata.adapters.http.support;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Which view shows a value of the core: {@code Memory -> MemoryView}, ... A record of the core
 * with no view here is written component by component, which is right for the plain result
 * records the tools return and wrong for a domain record, so {@link ViewTree} refuses a
 * domain record without a view rather than leak its internals.
 */
public final class ViewMapping {

    private final Map<Class<?>, Function<Object, ?>> views;

    private ViewMapping(Map<Class<?>, Function<Object, ?>> views) {
        this.views = Map.copyOf(views);
    }

    public static ViewMapping none() {
        return new ViewMapping(Map.of());
    }

    public static Builder builder() {
        return new Builder();
    }

    Optional<Object> viewOf(Object value) {
        Function<Object, ?> view = views.get(value.getClass());
        return view == null ? Optional.empty() : Optional.of(view.apply(value));
    }

    public static final class Builder {

        private final Map<Class<?>, Function<Object, ?>> views = new LinkedHashMap<>();

        private Builder() {
        }

        public <T> Builder add(Class<T> type, Function<? super T, ?> view) {
            views.put(type, value -> view.apply(type.cast(value)));
            return this;
        }

        public ViewMapping build() {
            return new ViewMapping(views);
        }
    }
}
