package dev.strata.domain.error;

/** The named thing does not exist for this tenant (or is not visible on this read path). */
public final class NotFoundException extends DomainException {

    private final String resource;
    private final String id;

    public NotFoundException(String resource, String id) {
        super(resource + " " + id + " not found");
        this.resource = resource;
        this.id = id;
    }

    public String resource() {
        return resource;
    }

    public String id() {
        return id;
    }
}
