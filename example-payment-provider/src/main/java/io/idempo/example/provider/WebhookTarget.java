package io.idempo.example.provider;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;
import java.util.Optional;

/**
 * Where webhooks go: an http or https URL, whose user info, if any ({@code http://user:password@host/path}), is sent
 * as HTTP Basic credentials rather than in the URL.
 *
 * @param uri           the URL without its user info
 * @param user          the Basic user, if the URL has one
 * @param authorization the {@code Authorization} header's value, if the URL has a user
 */
public record WebhookTarget(URI uri, Optional<String> user, Optional<String> authorization) {

    /**
     * The target {@code url} names.
     *
     * @throws IllegalArgumentException if {@code url} is no absolute http or https URL with a host
     */
    public static WebhookTarget parse(String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("\"" + url + "\" is not a URL: " + e.getMessage());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new IllegalArgumentException("\"" + url + "\" is not an http or https URL");
        }
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("\"" + url + "\" has no host");
        }
        if (uri.getRawFragment() != null) {
            throw new IllegalArgumentException("\"" + url + "\" has a fragment (#...), which HTTP never sends");
        }
        URI withoutUser = URI.create(scheme + "://" + uri.getHost() + (uri.getPort() < 0 ? "" : ":" + uri.getPort())
                + uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery()));
        if (uri.getUserInfo() == null) {
            return new WebhookTarget(withoutUser, Optional.empty(), Optional.empty());
        }
        String userInfo = uri.getUserInfo();
        int colon = userInfo.indexOf(':');
        String user = colon < 0 ? userInfo : userInfo.substring(0, colon);
        return new WebhookTarget(withoutUser, Optional.of(user), Optional.of("Basic " + Base64.getEncoder()
                .encodeToString(userInfo.getBytes(StandardCharsets.UTF_8))));
    }

    /** The URL and the user, never the password: for logs. */
    @Override
    public String toString() {
        return uri + user.map(name -> " as " + name).orElse("");
    }
}
