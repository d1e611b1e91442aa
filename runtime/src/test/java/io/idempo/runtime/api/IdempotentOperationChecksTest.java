package io.idempo.runtime.api;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.runtime.IdempotentOperation;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The processor's checks that can run at run time, with its codes, when an operation is defined. */
class IdempotentOperationChecksTest {

    /** A stored exception replay could not rebuild: it has no (String) constructor. */
    static final class NoMessageConstructor extends RuntimeException {
        private static final long serialVersionUID = 1L;
    }

    @Test
    void anActionOutsideTheRuleIsRefusedWithP013() {
        assertCode("IDEM-P013", () -> IdempotentOperation.of("orders:create", String.class));
        assertCode("IDEM-P013", () -> IdempotentOperation.withoutResult(""));
    }

    @Test
    void aDurationThatIsNotPositiveIsRefusedWithP012() {
        IdempotentOperation<String> operation = IdempotentOperation.of("orders.create", String.class);
        assertCode("IDEM-P012", () -> operation.ttl(Duration.ZERO));
        assertCode("IDEM-P012", () -> operation.lease(Duration.ofSeconds(-1)));
    }

    @Test
    void aStoredExceptionReplayCannotRebuildIsRefusedWithP017() {
        assertCode("IDEM-P017", () -> IdempotentOperation.of("orders.create", String.class)
                .storeExceptions(NoMessageConstructor.class));
    }

    private static void assertCode(String code, Runnable definition) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, definition::run);
        assertTrue(refused.getMessage().startsWith("[" + code + "]"), refused.getMessage());
    }
}
