package io.idempo.example.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class DemoFaultsTest {

    @Test
    void delayIsBoundedAndForgiving() {
        assertEquals(0, DemoFaults.delayMillis(null));
        assertEquals(0, DemoFaults.delayMillis("soon"));
        assertEquals(0, DemoFaults.delayMillis("-5"));
        assertEquals(1500, DemoFaults.delayMillis(" 1500 "));
        assertEquals(DemoFaults.MAX_DELAY_MS, DemoFaults.delayMillis("999999999"));
    }
}
