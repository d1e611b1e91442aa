package io.idempo.example.provider;

import java.security.SecureRandom;

/** The provider's identifiers: random, so that a charge id says nothing about how many charges there are. */
final class Ids {

    private static final String ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final SecureRandom RANDOM = new SecureRandom();

    private Ids() {
    }

    /** {@code ch_} and 24 letters and digits: 27 characters, of those the shop accepts in a channelTxnId. */
    static String charge() {
        return "ch_" + random(24);
    }

    /** {@code req_} and 16 letters and digits, in the {@code Request-Id} header and the log line. */
    static String request() {
        return "req_" + random(16);
    }

    private static String random(int length) {
        StringBuilder id = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            id.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
        }
        return id.toString();
    }
}
