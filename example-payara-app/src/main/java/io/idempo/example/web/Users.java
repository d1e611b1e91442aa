package io.idempo.example.web;

import jakarta.ws.rs.NotAuthorizedException;
import jakarta.ws.rs.core.SecurityContext;
import java.security.Principal;

/** The authenticated user of a request (web.xml lets no anonymous request reach /api). */
public final class Users {

    private Users() {
    }

    public static String name(SecurityContext security) {
        Principal principal = security.getUserPrincipal();
        if (principal == null) {
            throw new NotAuthorizedException("Basic realm=\"idempo-example\"");
        }
        return principal.getName();
    }

    public static <T> T body(T body) {
        if (body == null) {
            throw new InvalidRequestException("A JSON body is required");
        }
        return body;
    }
}
