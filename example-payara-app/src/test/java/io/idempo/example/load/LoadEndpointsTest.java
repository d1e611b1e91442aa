package io.idempo.example.load;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LoadEndpointsTest {

    @Test
    void switchesOffTheLoadPathsOnly() {
        assertTrue(LoadEndpoints.isLoadPath("load/orders/trivial"));
        assertTrue(LoadEndpoints.isLoadPath("/load/orders-idempotent/realistic"));
        assertTrue(LoadEndpoints.isLoadPath("load"));
        assertFalse(LoadEndpoints.isLoadPath("orders"));
        assertFalse(LoadEndpoints.isLoadPath("loader/orders"));
        assertFalse(LoadEndpoints.isLoadPath("orders/load"));
    }
}
