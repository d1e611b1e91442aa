package io.idempo.runtime;

import io.idempo.runtime.record.RecordStatus;
import io.idempo.runtime.record.StoredRecord;
import io.idempo.runtime.spi.CompletedCall;
import io.idempo.runtime.spi.StoredOutcome;
import java.lang.reflect.InvocationTargetException;
import java.util.List;

/**
 * Between the stored forms and replay: a record's outcome as a {@link CompletedCall}, and a stored exception
 * ({@code <type>\n<message>}, inside {@link StoredOutcome#text()}) rebuilt for a duplicate.
 */
final class StoredResponses {

    private StoredResponses() {
    }

    static CompletedCall toCompletedCall(StoredRecord record) {
        if (record.status() == RecordStatus.IN_PROGRESS) {
            throw new IllegalStateException("Record " + record.keyHash() + " has no final outcome yet");
        }
        return new CompletedCall(record.fingerprint(), record.fieldDigests(),
                StoredOutcome.parse(record.response()));
    }

    /**
     * Rebuilds a stored exception through its public {@code (String)} constructor, which the processor checked.
     * Only types named in {@code storeExceptions} are rebuilt: the payload never chooses an arbitrary class.
     */
    static Throwable rebuildException(String payload, List<Class<? extends Throwable>> allowed) {
        int newline = payload.indexOf('\n');
        String typeName = newline < 0 ? payload : payload.substring(0, newline);
        String message = newline < 0 ? "" : payload.substring(newline + 1);
        for (Class<? extends Throwable> type : allowed) {
            Class<? extends Throwable> stored = findSubtype(type, typeName);
            if (stored != null) {
                try {
                    return stored.getConstructor(String.class).newInstance(message);
                } catch (InvocationTargetException e) {
                    return new IllegalStateException("The stored " + typeName + " could not be rebuilt", e.getCause());
                } catch (ReflectiveOperationException e) {
                    return new IllegalStateException("The stored " + typeName + " has no public (String) "
                            + "constructor any more; add it back or let the record expire", e);
                }
            }
        }
        return new IllegalStateException("The stored exception " + typeName + " is no longer in storeExceptions; "
                + "add it back or let the record expire");
    }

    private static Class<? extends Throwable> findSubtype(Class<? extends Throwable> allowed, String typeName) {
        if (allowed.getName().equals(typeName)) {
            return allowed;
        }
        try {
            Class<?> candidate = Class.forName(typeName, false, allowed.getClassLoader());
            return allowed.isAssignableFrom(candidate) ? candidate.asSubclass(allowed) : null;
        } catch (ClassNotFoundException e) {
            return null;
        }
    }
}
