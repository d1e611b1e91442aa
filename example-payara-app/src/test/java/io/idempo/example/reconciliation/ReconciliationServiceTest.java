package io.idempo.example.reconciliation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class ReconciliationServiceTest {

    @Test
    void readsTheRowIdFromAStoredResult() {
        assertEquals(42L, ReconciliationService.answeredId("RESULT\n{\"id\":42,\"status\":\"PENDING\"}", "id"));
        assertEquals(7L, ReconciliationService.answeredId("RESULT\n{\"ledgerEntryId\":7}", "ledgerEntryId"));
    }

    @Test
    void anythingElseNamesNoRow() {
        assertNull(ReconciliationService.answeredId(null, "id"));
        assertNull(ReconciliationService.answeredId("EXCEPTION\njava.lang.IllegalStateException\nno", "id"));
        assertNull(ReconciliationService.answeredId("RESULT\n[1,2]", "id"));
        assertNull(ReconciliationService.answeredId("RESULT\n{\"id\":\"x\"}", "id"));
        assertNull(ReconciliationService.answeredId("RESULT\n{not json", "id"));
    }
}
