package io.idempo.example.load;

/**
 * What a load-test order call answers, and what a duplicate gets replayed.
 *
 * @param reference the new {@code load_orders} row's reference (a UUID)
 * @param productId the product
 * @param quantity  how many
 * @param amount    in minor units (cents)
 */
public record LoadOrder(String reference, long productId, int quantity, long amount) {
}
