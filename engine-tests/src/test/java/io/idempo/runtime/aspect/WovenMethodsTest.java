package io.idempo.runtime.aspect;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.runtime.engine.Shop;
import org.junit.jupiter.api.Test;

/** Another door (the CDI interceptor) must know which methods the aspect already runs through the engine. */
class WovenMethodsTest {

    @Test
    void theWovenFixturesIdempotentMethodsAreWovenAndItsOtherMethodsAreNot() throws NoSuchMethodException {
        assertTrue(IdempotentAspect.isWovenInto(Shop.class.getMethod("placeOrder", Shop.OrderRequest.class,
                String.class)));
        assertTrue(IdempotentAspect.isWovenInto(Shop.class.getMethod("placeBatch", java.util.List.class,
                String.class, String.class)));
        assertFalse(IdempotentAspect.isWovenInto(Shop.class.getMethod("writeUnprotected", Shop.OrderRequest.class,
                String.class)));
        assertFalse(IdempotentAspect.isWovenInto(String.class.getMethod("trim")));
    }
}
