package dev.strata.adapters.http.support;

import jakarta.json.JsonValue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Turns views (records) into the ordered maps and lists JSON-B writes. JSON-B orders a class's
 * properties alphabetically (or arbitrarily) and reads only public classes, while the API's field
 * order is part of what it keeps stable and views are package-private beside their resource; so
 * records are taken apart here, components in declaration order: {@code isActive} becomes
 * {@code is_active}, a {@code null} component stays {@code null}, an empty {@code Optional} is
 * left out (the fields that appear only when they apply), an {@link Instant} becomes its
 * ISO-8601 text, and an {@link Inline} component's fields are written in place. Numbers, strings,
 * booleans and JSON-P values pass through for JSON-B to write as it always has.
 */
final class ViewTree {

    private static final String DOMAIN = "dev.strata.domain.";

    private static final ClassValue<List<Component>> COMPONENTS = new ClassValue<>() {
        @Override
        protected List<Component> computeValue(Class<?> type) {
            List<Component> components = new ArrayList<>();
            for (RecordComponent c : type.getRecordComponents()) {
                Method accessor = c.getAccessor();
                // A package-private view's accessors are public methods of a non-public class: open them once.
                accessor.setAccessible(true);
                components.add(new Component(snakeCase(c.getName()), accessor, c.isAnnotationPresent(Inline.class)));
            }
            return List.copyOf(components);
        }
    };

    private ViewTree() {
    }

    static Object of(Object value, ViewMapping views) {
        return switch (value) {
            case null -> null;
            case JsonValue json -> json;
            case Record record -> record(record, views);
            case Map<?, ?> map -> {
                Map<String, Object> out = new LinkedHashMap<>();
                map.forEach((key, item) -> out.put(String.valueOf(key), of(item, views)));
                yield out;
            }
            case Collection<?> items -> items.stream().map(item -> of(item, views)).toList();
            case Instant instant -> instant.toString();
            case Optional<?> optional -> throw new IllegalArgumentException(
                    "an Optional belongs in a record component, where empty means the field is left out");
            default -> value;
        };
    }

    private static Object record(Record record, ViewMapping views) {
        Optional<Object> view = views.viewOf(record);
        if (view.isPresent()) {
            return of(view.get(), views);
        }
        if (record.getClass().getName().startsWith(DOMAIN)) {
            throw new IllegalStateException("no view for " + record.getClass().getName()
                    + ": a domain record is shown through its view, never field by field");
        }
        Map<String, Object> fields = new LinkedHashMap<>();
        putFields(record, fields, views);
        return fields;
    }

    private static void putFields(Record record, Map<String, Object> fields, ViewMapping views) {
        for (Component c : COMPONENTS.get(record.getClass())) {
            Object value = c.read(record);
            if (c.inline()) {
                if (!(value instanceof Record nested)) {
                    throw new IllegalStateException("@Inline " + c.name() + " of " + record.getClass().getName()
                            + " is not a record");
                }
                putFields(nested, fields, views);
            } else if (value instanceof Optional<?> optional) {
                optional.ifPresent(present -> fields.put(c.name(), of(present, views)));
            } else {
                fields.put(c.name(), of(value, views));
            }
        }
    }

    static String snakeCase(String camel) {
        StringBuilder out = new StringBuilder(camel.length() + 4);
        for (int i = 0; i < camel.length(); i++) {
            char ch = camel.charAt(i);
            if (Character.isUpperCase(ch)) {
                out.append('_');
            }
            out.append(ch);
        }
        return out.toString().toLowerCase(Locale.ROOT);
    }

    private record Component(String name, Method accessor, boolean inline) {
        Object read(Record record) {
            try {
                return accessor.invoke(record);
            } catch (IllegalAccessException | InvocationTargetException e) {
                throw new IllegalStateException("cannot read " + name + " of " + record.getClass().getName(), e);
            }
        }
    }
}
