package io.idempo.example.events;

/**
 * The JSON body of the shop's events (FIXED CONTRACT: at least these four fields). Amounts are in minor units, as in
 * the shop's tables.
 */
public record ShopEvent(String eventId, String type, long orderId, long amount) {
}
